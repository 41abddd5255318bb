import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { showApiError } from '../lib/form-errors.ts';
import { Dialog, DialogActions } from './dialog.tsx';
import { FormError } from './field.tsx';

/** A save the dialog runs (TanStack Query's mutation): on success it closes, a refusal goes on the form. */
interface Saving<V> {
  mutate(value: V, handlers: { onSuccess: () => void; onError: (error: Error) => void }): void;
  isPending: boolean;
}

/**
 * A dialog that adds or changes one row (a category, a tag, a menu link, a blog category or tag): its form's
 * own message on top, its fields, then Vazgeç and Kaydet. Kaydet checks the form, runs `save` and closes on
 * success; the server's refusal is shown on the named `fields`, the rest as the form's message.
 */
export function FormDialog<TIn extends FieldValues, TOut>({
  title,
  onClose,
  form,
  save,
  fields,
  children,
}: {
  title: string;
  onClose: () => void;
  form: UseFormReturn<TIn, unknown, TOut>;
  save: Saving<TOut>;
  fields: readonly Path<TIn>[];
  children: ReactNode;
}) {
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: onClose,
      onError: (error) => showApiError(error, form.setError, fields),
    }),
  );
  return (
    <Dialog title={title} open onClose={onClose}>
      <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
        <FormError message={form.formState.errors.root?.server?.message} />
        {children}
        <DialogActions onCancel={onClose} saving={save.isPending} />
      </form>
    </Dialog>
  );
}
