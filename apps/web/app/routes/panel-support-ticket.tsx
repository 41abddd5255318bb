import { SUPPORT_LIMITS } from '@vitrin/shared/api/form-limits';
import { formatDateTime } from '@vitrin/shared/dates';
import { useEffect } from 'react';
import { redirect } from 'react-router';
import { AccountForm, FormAlert, FormNotice, IntentButton } from '../account/form.tsx';
import { accountHeaders, accountMeta, NO_STORE } from '../account/meta.ts';
import { PanelPage, PanelSection } from '../account/panel-page.tsx';
import { AccountRouteError } from '../account/route-error.tsx';
import { failed, formFields, requireCustomer, valueOrThrow } from '../account/session.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { showSuccessToast } from '../lib/toasts.tsx';
import { useRootData } from '../lib/use-home.ts';
import { AttachmentField, TextAreaField, TicketBadge } from '../support/fields.tsx';
import { formTooLarge, refuseLargeBody } from '../support/large-body.server.ts';
import type { Route } from './+types/panel-support-ticket';

export const meta: Route.MetaFunction = ({ matches, params }) =>
  accountMeta(matches, i18n.t('support.ticketTitle', { ticketNo: params.ticketNo }));

/** `?opened=1` and the like after a redirect: which success to announce. */
const NOTICES = ['opened', 'replied', 'closed'] as const;

export async function loader(args: Route.LoaderArgs) {
  await requireCustomer(args);
  const ticket = valueOrThrow(args.request, await args.context.support.detail(args.params.ticketNo));
  const query = new URL(args.request.url).searchParams;
  const notice = NOTICES.find((n) => query.has(n)) ?? null;
  return { ticket, notice, tooLarge: formTooLarge(args.request, 'reply') };
}

/** A reply (multipart, optional attachment) or closing the ticket; both work without JavaScript. */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireCustomer({ request, context });
  const tooLarge = refuseLargeBody(request, 'reply');
  if (tooLarge) return tooLarge;
  const fields = await formFields(request);
  const path = `/panel/support/${params.ticketNo}`;
  if (fields.intent === 'close') {
    const result = await context.support.close(params.ticketNo);
    if (!result.ok) return failed(request, result, fields, 'close');
    throw redirect(`${path}?closed=1`, { headers: NO_STORE });
  }
  const result = await context.support.reply(params.ticketNo, fields);
  if (!result.ok) return failed(request, result, fields, 'reply');
  throw redirect(`${path}?replied=1#mesajlar`, { headers: NO_STORE });
}

export const headers = accountHeaders;

export default function TicketRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const shop = useRootData().home.global_setting.brand_name;
  const { ticket, notice } = loaderData;

  useEffect(() => {
    if (notice) showSuccessToast(t(`support.${notice}`), `ticket-${notice}`);
  }, [notice, t]);

  return (
    <PanelPage title={t('support.ticketTitle', { ticketNo: ticket.ticketNo })} intro={ticket.subject}>
      {notice && <FormNotice>{t(`support.${notice}`)}</FormNotice>}
      {actionData?.intent === 'close' && <FormAlert>{actionData.error.message}</FormAlert>}
      <div className="flex flex-wrap items-center gap-3 text-sm text-ink-700">
        <TicketBadge status={ticket.status} />
        <span>
          {t('support.updated')}: <time dateTime={ticket.updatedAt}>{formatDateTime(ticket.updatedAt)}</time>
        </span>
        {ticket.orderNo && (
          <span>
            {t('support.order')}:{' '}
            <AppLink
              to={`/panel/orders/${ticket.orderNo}`}
              className="font-medium text-clay-700 underline underline-offset-2"
            >
              {ticket.orderNo}
            </AppLink>
          </span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {ticket.canClose && <IntentButton intent="close">{t('support.close')}</IntentButton>}
        <AppLink
          to="/panel/support"
          className="text-sm font-medium text-clay-700 underline underline-offset-2"
        >
          {t('support.back')}
        </AppLink>
      </div>
      <section aria-labelledby="mesajlar" className="space-y-4">
        <h2 id="mesajlar" className="text-xl font-semibold text-ink-900">
          {t('support.thread')}
        </h2>
        <ol className="space-y-4">
          {ticket.messages.map((message) => {
            const mine = message.author === 'customer';
            return (
              <li
                key={message.id}
                className={`max-w-3xl rounded-2xl border p-4 md:p-5 ${
                  mine ? 'mr-auto border-sand-200 bg-white' : 'ml-auto border-clay-700/40 bg-sand-100'
                }`}
                data-author={message.author}
              >
                <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                  <span className="font-semibold text-ink-900">
                    {mine ? t('support.you') : t('support.shop', { shop })}
                  </span>
                  <time dateTime={message.createdAt} className="text-ink-700">
                    {formatDateTime(message.createdAt)}
                  </time>
                </p>
                <p className="mt-2 whitespace-pre-wrap break-words text-ink-900">{message.body}</p>
                {message.attachment && (
                  <p className="mt-3 text-sm">
                    <a
                      href={message.attachment.url}
                      className="font-medium text-clay-700 underline underline-offset-2 hover:text-clay-800"
                    >
                      {t('support.attachment', { name: message.attachment.name })}
                    </a>{' '}
                    <span className="text-ink-700">
                      ({Math.max(1, Math.round(message.attachment.size / 1024))} KB)
                    </span>
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      </section>
      <PanelSection id="reply-title" title={t('support.reply')}>
        <AccountForm
          id="reply"
          intent="reply"
          failure={actionData ?? loaderData.tooLarge ?? undefined}
          submitLabel={t('support.send')}
          encType="multipart/form-data"
          aria-labelledby="reply-title"
          resetKey={notice === 'replied' ? ticket.updatedAt : null}
        >
          <TextAreaField
            name="message"
            label={t('support.message')}
            required
            minLength={5}
            maxLength={SUPPORT_LIMITS.message}
            missing={t('support.missingMessage')}
            hint={ticket.status.code === 'closed' ? t('support.replyHint') : undefined}
          />
          <AttachmentField />
        </AccountForm>
      </PanelSection>
    </PanelPage>
  );
}

export function ErrorBoundary() {
  return <AccountRouteError inside />;
}
