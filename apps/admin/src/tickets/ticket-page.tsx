import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminTicket } from '@vitrin/shared/api/admin/tickets';
import { type TicketReplyRequest, ticketReplyRequest } from '@vitrin/shared/api/admin/tickets';
import { formatDateTime } from '@vitrin/shared/dates';
import { ATTACHMENT_ACCEPT } from '@vitrin/shared/ticket-status';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { customerScreen } from '../customers/customers-api.ts';
import { messageOf } from '../lib/api.ts';
import { showApiError } from '../lib/form-errors.ts';
import { orderScreen } from '../orders/orders-api.ts';
import { paths } from '../paths.ts';
import { Button } from '../ui/button.tsx';
import { Field, FormError, Input, Select } from '../ui/field.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { useSavedReplies } from './saved-replies-api.ts';
import { TicketBadge } from './ticket-badge.tsx';
import { useTicket, useTicketChange } from './tickets-api.ts';

type ReplyForm = TicketReplyRequest & { file?: FileList };

/** Inserts one of support's saved replies into the reply (after what is typed), to edit before sending. */
function SavedReplyPicker({ onPick }: { onPick: (text: string) => void }) {
  const replies = useSavedReplies();
  const items = replies.data ?? [];
  return (
    <div className="flex flex-wrap items-end gap-x-3 gap-y-1">
      <div className="min-w-0 flex-1 sm:max-w-sm">
        <Field label="Hazır yanıt ekle">
          {(control) => (
            <Select
              {...control}
              value=""
              disabled={items.length === 0}
              onChange={(event) => {
                const picked = items.find((r) => String(r.id) === event.target.value);
                if (picked) onPick(picked.body);
              }}
            >
              <option value="">{items.length ? 'Bir hazır yanıt seçin…' : 'Henüz hazır yanıt yok'}</option>
              {items.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Link to={paths.savedReplies} className="pb-2 text-sm text-amber-900 underline">
        Hazır yanıtları yönet
      </Link>
    </div>
  );
}

/** The shop's reply with an optional file (the server checks its type and size by the bytes). */
function ReplyForm({ reply }: { reply: ReturnType<typeof useTicketChange>['reply'] }) {
  const form = useForm<ReplyForm>({
    resolver: zodResolver(ticketReplyRequest),
    defaultValues: { message: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async ({ message }) => {
    const body = new FormData();
    body.set('message', message);
    const file = (form.getValues('file') as FileList | undefined)?.[0];
    if (file) body.set('file', file);
    try {
      await reply.mutateAsync(body);
      form.reset({ message: '' });
    } catch (error) {
      showApiError(error, form.setError, ['message', 'file']);
    }
  });
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <SavedReplyPicker
        onPick={(text) => {
          const typed = form.getValues('message').trimEnd();
          form.setValue('message', typed ? `${typed}\n\n${text}` : text, { shouldDirty: true });
          form.setFocus('message');
        }}
      />
      <Field label="Yanıtınız" error={errors.message?.message}>
        {(control) => (
          <textarea
            {...control}
            {...form.register('message')}
            rows={5}
            className="w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-700"
          />
        )}
      </Field>
      <Field
        label="Ek dosya (isteğe bağlı)"
        hint="JPEG, PNG, WebP ya da PDF; en fazla 5 MB."
        error={errors.file?.message}
      >
        {(control) => (
          <Input {...control} type="file" accept={ATTACHMENT_ACCEPT} {...form.register('file')} />
        )}
      </Field>
      <FormError message={errors.root?.server?.message} />
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Yanıtı gönder
        </Button>
      </div>
    </form>
  );
}

function Thread({ ticket }: { ticket: AdminTicket }) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Yazışma">
      {ticket.messages.map((m) => (
        <li
          key={m.id}
          className={`rounded-lg border p-4 text-sm ${m.author === 'shop' ? 'border-amber-300 bg-amber-50 md:ml-12' : 'border-stone-300 bg-white md:mr-12'}`}
        >
          <div className="mb-2 flex flex-wrap justify-between gap-2 text-stone-700">
            <span className="font-medium text-stone-900">
              {m.author === 'shop' ? 'Mağaza' : ticket.customer.name}
            </span>
            <span>{formatDateTime(m.createdAt)}</span>
          </div>
          <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{m.body}</p>
          {m.attachment && (
            <a
              href={m.attachment.url}
              className="mt-2 inline-block text-amber-900 underline"
              target="_blank"
              rel="noreferrer"
            >
              Ek: {m.attachment.name} ({Math.max(1, Math.round(m.attachment.size / 1024))} kB)
            </a>
          )}
        </li>
      ))}
    </ol>
  );
}

/** One ticket: its customer, the thread, the reply form, close and reopen. */
export function TicketPage() {
  const { ticketNo = '' } = useParams();
  const ticket = useTicket(ticketNo);
  const change = useTicketChange(ticketNo);
  const t = ticket.data;
  if (!t) {
    return (
      <Page title="Destek talebi">
        {ticket.isPending ? <Loading /> : <FormError message={messageOf(ticket.error)} />}
      </Page>
    );
  }
  return (
    <Page
      title={t.subject}
      actions={
        <div className="flex flex-wrap gap-2">
          {t.canClose && (
            <Button
              look="secondary"
              disabled={change.move.isPending}
              onClick={() => change.move.mutate('close')}
            >
              Talebi kapat
            </Button>
          )}
          {t.canReopen && (
            <Button
              look="secondary"
              disabled={change.move.isPending}
              onClick={() => change.move.mutate('reopen')}
            >
              Yeniden aç
            </Button>
          )}
        </div>
      }
    >
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <TicketBadge status={t.status} />
        <span>{t.ticketNo}</span>
        <Link to={customerScreen(t.customer.id)} className="text-amber-900 underline">
          {t.customer.name} · {t.customer.email}
        </Link>
        {t.orders.length > 0 && (
          <span className="flex flex-wrap gap-x-2">
            Sipariş:
            {t.orders.map((no) => (
              <Link key={no} to={orderScreen(no)} className="text-amber-900 underline">
                {no}
              </Link>
            ))}
          </span>
        )}
      </div>
      <FormError message={change.move.error ? messageOf(change.move.error) : undefined} />
      <Thread ticket={t} />
      {t.canReply ? (
        <section className="rounded-lg border border-stone-300 bg-white p-4">
          <h2 className="mb-3 text-lg font-semibold">Yanıtla</h2>
          <ReplyForm reply={change.reply} />
        </section>
      ) : (
        <p className="text-sm text-stone-700">Talep kapalı; yanıtlamak için önce yeniden açın.</p>
      )}
    </Page>
  );
}
