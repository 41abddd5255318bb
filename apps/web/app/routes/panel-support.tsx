import { SUPPORT_LIMITS } from '@vitrin/shared/api/form-limits';
import { PAGE_TYPE } from '@vitrin/shared/constants';
import { formatDateTime } from '@vitrin/shared/dates';
import { redirect } from 'react-router';
import { AccountForm, SelectField, TextField } from '../account/form.tsx';
import { accountHeaders, accountMeta, NO_STORE } from '../account/meta.ts';
import { PanelPage, PanelSection } from '../account/panel-page.tsx';
import { AccountRouteError } from '../account/route-error.tsx';
import { failed, formFields, requireCustomer, valueOrThrow } from '../account/session.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { ContactDetails } from '../components/contact-details.tsx';
import { Pagination } from '../components/pagination.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { useRootData } from '../lib/use-home.ts';
import { AttachmentField, TextAreaField, TicketBadge } from '../support/fields.tsx';
import { formTooLarge, refuseLargeBody } from '../support/large-body.server.ts';
import type { Route } from './+types/panel-support';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('support.title'));

/** Destek: the customer's tickets a page at a time (`?page=`), a form to open one, and how to reach the shop. */
export async function loader(args: Route.LoaderArgs) {
  const customer = await requireCustomer(args);
  const asked = new URL(args.request.url).searchParams.get('page');
  const page = Math.max(1, Math.min(10_000, Number(asked) || 1));
  const list = valueOrThrow(args.request, await args.context.support.list(page));
  return { email: customer.email, ...list, tooLarge: formTooLarge(args.request) };
}

/** Opens a ticket (multipart: the optional attachment); works without JavaScript as a plain post. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireCustomer({ request, context });
  const tooLarge = refuseLargeBody(request);
  if (tooLarge) return tooLarge;
  const fields = await formFields(request);
  const result = await context.support.open(fields);
  if (!result.ok) return failed(request, result, fields);
  throw redirect(`/panel/support/${result.value.ticketNo}?opened=1`, { headers: NO_STORE });
}

export const headers = accountHeaders;

export default function SupportRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { home, pageLinks } = useRootData();
  const settings = home.global_setting;
  const help = pageLinks.filter((p) => p.type === PAGE_TYPE.Help);
  const { tickets, orders, page, pageCount } = loaderData;
  return (
    <PanelPage title={t('support.title')} intro={t('support.intro')}>
      <PanelSection id="tickets-title" title={t('support.ticketsTitle')}>
        {tickets.length === 0 ? (
          <p className="text-ink-700">{t('support.noTickets')}</p>
        ) : (
          <ul className="divide-y divide-sand-200" data-testid="ticket-list">
            {tickets.map((ticket) => (
              <li
                key={ticket.ticketNo}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3"
              >
                <div className="min-w-0">
                  <AppLink
                    to={`/panel/support/${ticket.ticketNo}`}
                    className="font-medium text-clay-700 underline underline-offset-2 hover:text-clay-800"
                  >
                    {ticket.subject}
                  </AppLink>
                  <p className="text-sm text-ink-700">
                    <span className="sr-only">{t('support.ticketNo')}: </span>
                    <span className="font-mono">{ticket.ticketNo}</span>
                    {ticket.orderNo && <> · {ticket.orderNo}</>}
                  </p>
                </div>
                <div className="flex items-center gap-3 text-sm text-ink-700">
                  <TicketBadge status={ticket.status} />
                  <span>
                    <span className="sr-only">{t('support.updated')}: </span>
                    <time dateTime={ticket.updatedAt}>{formatDateTime(ticket.updatedAt)}</time>
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pageCount={pageCount} className="mt-4" />
      </PanelSection>
      <PanelSection id="new-ticket-title" title={t('support.newTicket')}>
        <AccountForm
          id="ticket"
          failure={actionData ?? loaderData.tooLarge ?? undefined}
          submitLabel={t('support.open')}
          encType="multipart/form-data"
          aria-labelledby="new-ticket-title"
        >
          <TextField
            name="subject"
            label={t('support.subject')}
            required
            minLength={3}
            maxLength={SUPPORT_LIMITS.subject}
            messages={{ missing: t('support.missingSubject') }}
          />
          {orders.length > 0 && (
            <SelectField
              name="orderNo"
              label={t('support.order')}
              hint={t('support.orderHint')}
              defaultValue=""
            >
              <option value="">{t('support.noOrder')}</option>
              {orders.map((order) => (
                <option key={order.orderNo} value={order.orderNo}>
                  {order.orderNo} · {formatDateTime(order.createdAt)}
                </option>
              ))}
            </SelectField>
          )}
          <TextAreaField
            name="message"
            label={t('support.message')}
            required
            minLength={5}
            maxLength={SUPPORT_LIMITS.message}
            missing={t('support.missingMessage')}
          />
          <AttachmentField />
        </AccountForm>
      </PanelSection>
      <PanelSection id="contact-title" title={settings.unvan || settings.brand_name}>
        <ContactDetails />
        <p className="text-sm text-ink-700">{t('support.tip', { email: loaderData.email })}</p>
      </PanelSection>
      {help.length > 0 && (
        <PanelSection id="help-title" title={t('support.help')}>
          <ul className="grid gap-2 sm:grid-cols-2">
            {help.map((page) => (
              <li key={page.slug}>
                <AppLink
                  to={`/content/${page.slug}`}
                  className="text-clay-700 underline underline-offset-2 hover:text-clay-800"
                >
                  {page.title}
                </AppLink>
              </li>
            ))}
          </ul>
        </PanelSection>
      )}
    </PanelPage>
  );
}

export function ErrorBoundary() {
  return <AccountRouteError inside />;
}
