import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OrderNote, type OrderNoteRequest, orderNoteRequest } from '@vitrin/shared/api/admin/orders';
import { formatDateTime } from '@vitrin/shared/dates';
import { useForm } from 'react-hook-form';
import { api } from '../lib/api.ts';
import { showApiError } from '../lib/form-errors.ts';
import { Button } from '../ui/button.tsx';
import { Field, FormError } from '../ui/field.tsx';
import { orderKey, orderPath } from './orders-api.ts';

/** Staff's internal notes: never shown to the customer. Writers add one below the list. */
export function OrderNotes({
  orderNo,
  notes,
  canWrite,
}: {
  orderNo: string;
  notes: OrderNote[];
  canWrite: boolean;
}) {
  const client = useQueryClient();
  const form = useForm<OrderNoteRequest>({
    resolver: zodResolver(orderNoteRequest),
    defaultValues: { body: '' },
  });
  const { errors } = form.formState;
  const add = useMutation({
    mutationFn: (body: OrderNoteRequest) =>
      api.post<{ notes: OrderNote[] }>(`${orderPath(orderNo)}/notes`, body),
    onSuccess: () => {
      form.reset();
      void client.invalidateQueries({ queryKey: orderKey(orderNo) });
    },
    onError: (error) => showApiError(error, form.setError, ['body']),
  });

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-stone-700">Yalnızca personel görür; müşteriye gösterilmez.</p>
      {notes.length === 0 ? (
        <p className="text-sm">Henüz not yok.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md bg-stone-50 p-3 text-sm">
              <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{note.body}</p>
              <p className="mt-1 text-stone-700">
                {note.staff?.name ?? 'Personel'} · {formatDateTime(note.at)}
              </p>
            </li>
          ))}
        </ol>
      )}
      {canWrite && (
        <form
          noValidate
          className="flex flex-col gap-2"
          onSubmit={form.handleSubmit((values) => add.mutate(values))}
        >
          <FormError message={errors.root?.server?.message} />
          <Field label="Yeni not" error={errors.body?.message}>
            {(control) => (
              <textarea
                {...control}
                {...form.register('body')}
                rows={3}
                className="w-full rounded-md border border-stone-400 px-3 py-2"
              />
            )}
          </Field>
          <Button type="submit" className="self-start" disabled={add.isPending}>
            Notu ekle
          </Button>
        </form>
      )}
    </div>
  );
}
