import type { UseQueryResult } from '@tanstack/react-query';
import { formatDateTime } from '@vitrin/shared/dates';
import { type ReactNode, useId } from 'react';
import { messageOf } from '../lib/api.ts';
import { Badge, type Tone } from './badge.tsx';
import { Button } from './button.tsx';
import { FormError } from './field.tsx';

/** A moment of a health view, or what stands for none. */
export const whenText = (at: string | null, none: string) => (at ? formatDateTime(at) : none);

/** One named row of a health list: the term on the left (above it on a phone), its value beside it. */
export function HealthRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:grid sm:grid-cols-[11rem_1fr] sm:gap-3">
      <dt className="text-stone-700">{term}</dt>
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** The service's state: what it is set to (`name`) and how it is doing, in a few words with their tone. */
export function HealthStateRow({ name, state }: { name: ReactNode; state: { tone: Tone; text: string } }) {
  return (
    <HealthRow term="Durum">
      <span className="flex flex-wrap items-center gap-2">
        <strong>{name}</strong>
        <Badge tone={state.tone}>{state.text}</Badge>
      </span>
    </HealthRow>
  );
}

/** A health query as the box takes it: what was read, Yenile reading it again, and its failure's message. */
export function healthQueryProps<T>(query: UseQueryResult<T>) {
  return {
    health: query.data,
    refreshing: query.isFetching,
    onRefresh: () => void query.refetch(),
    error: query.isError ? messageOf(query.error) : null,
  };
}

/**
 * The rows every outside service's health shows: whether its keys are set (with the environment variables
 * they are read from when not), its last good answer, its last failure and when; `before` rows come first
 * (e.g. its state), `extra` rows after (e.g. what waits on it).
 */
export function ServiceHealthRows({
  configured,
  keys,
  lastSuccessAt,
  lastError,
  lastErrorAt,
  before,
  extra,
}: {
  configured: boolean;
  /** The environment variables the keys are read from, named when they are missing. */
  keys: string;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  before?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <dl className="flex flex-col gap-2 text-sm">
      {before}
      <HealthRow term="Anahtarlar">{configured ? 'Tanımlı' : `Tanımlı değil (${keys})`}</HealthRow>
      <HealthRow term="Son başarılı yanıt">{whenText(lastSuccessAt, 'Henüz yok')}</HealthRow>
      <HealthRow term="Son hata">
        {lastError ? (
          <>
            <span className="text-red-800">{lastError}</span>
            {lastErrorAt && <span className="block text-stone-700">{whenText(lastErrorAt, '')}</span>}
          </>
        ) : (
          'Yok'
        )}
      </HealthRow>
      {extra}
    </dl>
  );
}

/**
 * The box an outside service's health stands in on a settings page: its title, a Yenile button that reads
 * the health again, the read's failure, and the body (`children`).
 */
export function ServiceHealthBox({
  title,
  refreshing,
  onRefresh,
  error,
  children,
}: {
  title: string;
  refreshing: boolean;
  onRefresh: () => void;
  /** The failed read's message, if it failed. */
  error?: string | null;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg border border-stone-300 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <Button look="secondary" disabled={refreshing} onClick={onRefresh}>
          {refreshing ? 'Yenileniyor…' : 'Yenile'}
        </Button>
      </div>
      {error && <FormError message={error} />}
      {children}
    </section>
  );
}

/** One service's health fields, as the health views of the API answer them. */
export interface ServiceHealthFields {
  configured: boolean;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
}

/**
 * One outside service's health in its own box: the frame of {@link ServiceHealthBox} around
 * {@link ServiceHealthRows} once the health is read, with an `intro` above the rows and a `note` below them.
 */
export function ServiceHealth({
  title,
  keys,
  health,
  refreshing,
  onRefresh,
  error,
  before,
  extra,
  intro,
  note,
}: {
  title: string;
  keys: string;
  /** The health read, or null while it is not. */
  health: ServiceHealthFields | null | undefined;
  refreshing: boolean;
  onRefresh: () => void;
  error?: string | null;
  before?: ReactNode;
  extra?: ReactNode;
  intro?: ReactNode;
  note?: ReactNode;
}) {
  return (
    <ServiceHealthBox title={title} refreshing={refreshing} onRefresh={onRefresh} error={error}>
      {health && (
        <>
          {intro}
          <ServiceHealthRows
            configured={health.configured}
            keys={keys}
            lastSuccessAt={health.lastSuccessAt}
            lastError={health.lastError}
            lastErrorAt={health.lastErrorAt}
            before={before}
            extra={extra}
          />
        </>
      )}
      {note}
    </ServiceHealthBox>
  );
}
