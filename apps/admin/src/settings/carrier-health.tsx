import { useQuery } from '@tanstack/react-query';
import type { ShippingProviderName } from '@vitrin/shared/api/admin/settings';
import { type ReactNode, useId } from 'react';
import { messageOf } from '../lib/api.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import {
  CARRIER_KEYS,
  type CarrierHealth,
  carrierHealthQuery,
  carrierState,
  whenText,
} from './carrier-health-api.ts';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:grid sm:grid-cols-[11rem_1fr] sm:gap-3">
      <dt className="text-stone-700">{term}</dt>
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function CarrierCard({ c, chosen }: { c: CarrierHealth; chosen: boolean }) {
  const headingId = useId();
  const state = carrierState(c, chosen);
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-md border border-stone-300 p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold">
          {c.name}
        </h3>
        <Badge tone={state.tone}>{state.text}</Badge>
        {chosen && <Badge tone="info">Seçili</Badge>}
      </div>
      <dl className="flex flex-col gap-2 text-sm">
        <Row term="Anahtarlar">{c.configured ? 'Tanımlı' : `Tanımlı değil (${CARRIER_KEYS[c.carrier]})`}</Row>
        <Row term="Son başarılı yanıt">{whenText(c.lastSuccessAt, 'Henüz yok')}</Row>
        <Row term="Son hata">
          {c.lastError ? (
            <>
              <span className="text-red-800">{c.lastError}</span>
              {c.lastErrorAt && <span className="block text-stone-700">{whenText(c.lastErrorAt, '')}</span>}
            </>
          ) : (
            'Yok'
          )}
        </Row>
        <Row term="Açık gönderiler">{c.openShipments}</Row>
        <Row term="Okunamayan gönderiler">
          <span className={c.failingShipments > 0 ? 'font-medium text-red-800' : undefined}>
            {c.failingShipments}
          </span>
        </Row>
      </dl>
    </article>
  );
}

/**
 * The carriers' health beside the shipping settings: whether each carrier's keys are set, the last status read
 * it answered, its last failure and when, and its open and failing shipments (`GET /shipping/health`).
 */
export function CarrierHealthView({ provider }: { provider: ShippingProviderName }) {
  const headingId = useId();
  const health = useQuery(carrierHealthQuery);
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg border border-stone-300 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Kargo bağlantısı
        </h2>
        <Button look="secondary" disabled={health.isFetching} onClick={() => void health.refetch()}>
          {health.isFetching ? 'Yenileniyor…' : 'Yenile'}
        </Button>
      </div>
      {health.isError && <FormError message={messageOf(health.error)} />}
      {health.data && (
        <>
          <p className="text-sm text-stone-700">
            Etiketi alınmış, “Kargoya Verildi” ya da “Kargoda” durumundaki siparişlerin kargo durumu{' '}
            {health.data.intervalMinutes} dakikada bir kargo firmasından okunur. Son başarılı yanıt, kargo
            firmasının mağazanın bir çağrısına en son yanıt verdiği andır.
          </p>
          <div className="grid gap-3 md:grid-cols-2">
            {health.data.carriers.map((c) => (
              <CarrierCard key={c.carrier} c={c} chosen={provider === c.carrier} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
