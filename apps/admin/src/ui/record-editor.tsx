import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEventHandler, type ReactNode, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError, messageOf } from '../lib/api.ts';
import { showApiError } from '../lib/form-errors.ts';
import { Button } from './button.tsx';
import { FormError } from './field.tsx';
import { Loading, Page } from './page.tsx';

/** A record the panel edits whole in a form of its own screen (a content page, a blog post). */
interface Versioned {
  id: number;
  /** Sent back with a save (`loadedUpdatedAt`): the server refuses it when someone changed the record since. */
  updatedAt: string;
}

/** The record's save (TanStack Query's mutation): the stored record comes back. */
interface Saving<V, R> {
  mutate(value: V, handlers: { onSuccess: (stored: R) => void; onError: (error: Error) => void }): void;
  isPending: boolean;
}

/** What the form held when a save was refused because the record had changed: its texts, to copy. */
interface Conflict {
  message: string;
  typed: string;
  reloaded: boolean;
}

/** A body's HTML as lines of text, to copy into the editor again. */
function textOf(value: string): string {
  if (!value.includes('<')) return value;
  const html = value.replace(/<\/(p|h[1-6]|li|blockquote|pre|figure)>|<br\s*\/?>/gi, '$&\n');
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();
}

/** The texts of `typed` that differ from `stored`, each under its label. */
function changedTexts<F extends FieldValues>(typed: F, stored: F, labels: Partial<Record<keyof F, string>>) {
  return Object.entries(labels)
    .filter(([name]) => typeof typed[name] === 'string' && typed[name] !== stored[name])
    .map(([name, label]) => `${label}:\n${textOf(typed[name] as string)}`)
    .join('\n\n');
}

/**
 * The version of a record its form loaded, sent with a save as `loadedUpdatedAt` (a background read of the
 * record does not move it), and a save refused because someone changed the record meanwhile (409
 * KAYIT_DEGISTI): `refused` takes that error and keeps the form as typed; `loadStored` loads the stored
 * record into the form, the texts that were typed then shown to copy.
 */
export function useLoadedVersion<R extends { updatedAt: string }, F extends FieldValues, Out>({
  record,
  form,
  formOf,
  labels,
  reload,
}: {
  record: R | undefined;
  form: UseFormReturn<F, unknown, Out>;
  formOf: (record: R) => F;
  /** The form's texts by name, as a conflict shows what was typed. */
  labels: Partial<Record<keyof F, string>>;
  /** Reads the stored record again. */
  reload: () => Promise<R | undefined>;
}) {
  const [version, setVersion] = useState(record?.updatedAt);
  const [conflict, setConflict] = useState<Conflict>();
  const [reloading, setReloading] = useState(false);

  async function loadStored() {
    setReloading(true);
    try {
      const fresh = await reload();
      if (!fresh || !conflict) return;
      const typed = form.getValues();
      form.reset(formOf(fresh));
      setVersion(fresh.updatedAt);
      setConflict({ ...conflict, typed: changedTexts(typed, formOf(fresh), labels), reloaded: true });
    } finally {
      setReloading(false);
    }
  }

  return {
    version,
    /** A save stored `stored`: its version is the form's now. */
    saved(stored: R) {
      setVersion(stored.updatedAt);
      setConflict(undefined);
    },
    /** Whether `error` was the record's change meanwhile (then shown by the ConflictNotice). */
    refused(error: unknown) {
      if (!(error instanceof ApiError && error.code === 'KAYIT_DEGISTI')) return false;
      setConflict({ message: error.message, typed: '', reloaded: false });
      return true;
    },
    conflict,
    reloading,
    loadStored,
  };
}

/**
 * The save of a record's editor: the form's values go to `save` with the version the form loaded. A new
 * record opens as the stored one after its first save (`screenOf`), still saying it was saved. A save refused
 * because someone changed the record meanwhile keeps the form as typed (`useLoadedVersion`). Other refusals
 * go on `fields`.
 */
export function useRecordEditor<R extends Versioned, F extends FieldValues, Out, Req>({
  record,
  form,
  formOf,
  toRequest,
  save,
  screenOf,
  fields,
  labels,
  reload,
}: {
  record: R | undefined;
  form: UseFormReturn<F, unknown, Out>;
  formOf: (record?: R) => F;
  toRequest: (values: Out) => Req;
  save: Saving<Req & { loadedUpdatedAt?: string }, R>;
  screenOf: (id: number) => string;
  fields: readonly Path<F>[];
  /** The form's texts by name, as a conflict shows what was typed. */
  labels: Partial<Record<keyof F, string>>;
  /** Reads the stored record again. */
  reload: () => Promise<R | undefined>;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [saved, setSaved] = useState((location.state as { saved?: R } | null)?.saved);
  const loaded = useLoadedVersion({ record, form, formOf, labels, reload });

  const onSubmit = form.handleSubmit((values) => {
    setSaved(undefined);
    save.mutate(
      { ...toRequest(values), loadedUpdatedAt: loaded.version },
      {
        onSuccess: (stored) => {
          form.reset(formOf(stored));
          loaded.saved(stored);
          setSaved(stored);
          if (!record) navigate(screenOf(stored.id), { replace: true, state: { saved: stored } });
        },
        onError: (error) => {
          if (!loaded.refused(error)) showApiError(error, form.setError, fields);
        },
      },
    );
  });

  return {
    onSubmit,
    saved,
    pending: save.isPending,
    conflict: loaded.conflict,
    reloading: loaded.reloading,
    loadStored: loaded.loadStored,
    error: form.formState.errors.root?.server?.message,
  };
}

type Editor = ReturnType<typeof useRecordEditor>;

/** A save refused over someone else's change: the way to load the stored record, then what was typed. */
export function ConflictNotice({
  editor,
}: {
  editor: Pick<ReturnType<typeof useLoadedVersion>, 'conflict' | 'reloading' | 'loadStored'>;
}) {
  const { conflict } = editor;
  if (!conflict) return null;
  return (
    <div className="flex flex-col gap-3 rounded-md border border-amber-400 bg-amber-50 px-3 py-3 text-sm text-stone-900">
      {conflict.reloaded ? (
        <p role="status">
          Kaydın son hâli yüklendi. Sizin yazdıklarınız aşağıda; gerekenleri yeniden ekleyip kaydedin.
        </p>
      ) : (
        <>
          <p role="alert">{conflict.message}</p>
          <div>
            <Button look="secondary" disabled={editor.reloading} onClick={editor.loadStored}>
              {editor.reloading ? 'Yükleniyor…' : 'Son hâlini yükle'}
            </Button>
          </div>
          <p>Yüklemeden önce yazdıklarınız formda kalır; yüklenince kopyalamanız için aşağıda gösterilir.</p>
        </>
      )}
      {conflict.reloaded && conflict.typed && (
        <label className="flex flex-col gap-1 font-medium">
          Sizin yazdıklarınız (kaydedilmedi)
          <textarea
            readOnly
            value={conflict.typed}
            rows={8}
            className="w-full rounded-md border border-stone-400 bg-white px-3 py-2 font-normal text-stone-900"
          />
        </label>
      )}
    </div>
  );
}

/**
 * A record's editor screen: the heading with the way back to the list, the saved note, a conflict's notice,
 * the form's own message, the form's fields and its Kaydet.
 */
export function RecordEditorFrame({
  title,
  back,
  editor,
  savedNote,
  children,
}: {
  title: string;
  back: { to: string; label: string };
  editor: Editor & { onSubmit: FormEventHandler<HTMLFormElement> };
  savedNote: ReactNode;
  children: ReactNode;
}) {
  return (
    <Page
      title={title}
      actions={
        <Link to={back.to} className="text-sm text-amber-900 underline">
          {back.label}
        </Link>
      }
    >
      <div role="status" aria-live="polite">
        {savedNote && (
          <p className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900">
            {savedNote}
          </p>
        )}
      </div>
      <ConflictNotice editor={editor} />
      <FormError message={editor.error} />
      <form
        noValidate
        onSubmit={editor.onSubmit}
        aria-label={title}
        className="flex max-w-4xl flex-col gap-4"
      >
        {children}
        <div>
          <Button type="submit" disabled={editor.pending}>
            {editor.pending ? 'Kaydediliyor…' : 'Kaydet'}
          </Button>
        </div>
      </form>
    </Page>
  );
}

/**
 * The editor's route: a new record's form (`isNew`), or the stored record's once read; a record that is
 * not there (400, 404) or could not be read says so under `missing` or `unread`.
 */
export function RecordEditorRoute<R>({
  isNew,
  query,
  missing,
  unread,
  children,
}: {
  isNew: boolean;
  query: UseQueryResult<R>;
  missing: string;
  unread: string;
  children: (record: R | undefined, reload: () => Promise<R | undefined>) => ReactNode;
}) {
  const reload = async () => (await query.refetch()).data;
  if (isNew) return children(undefined, reload);
  if (query.isPending) return <Loading />;
  if (query.isError) {
    const notThere = query.error instanceof ApiError && [400, 404].includes(query.error.status);
    return (
      <Page title={notThere ? missing : unread}>
        <FormError message={messageOf(query.error)} />
      </Page>
    );
  }
  return children(query.data, reload);
}
