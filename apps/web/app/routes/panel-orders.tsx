import { formatDateTime } from '@vitrin/shared/dates';
import { formatMoney } from '@vitrin/shared/money';
import { redirect } from 'react-router';
import { FormAlert } from '../account/form.tsx';
import { accountHeaders, accountMeta, NO_STORE } from '../account/meta.ts';
import { PanelPage } from '../account/panel-page.tsx';
import { AccountRouteError } from '../account/route-error.tsx';
import { failed, formFields, requireCustomer, valueOrThrow } from '../account/session.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { GuestOrdersNotice } from '../orders/guest-orders-notice.tsx';
import { OrderBadge } from '../orders/order-badge.tsx';
import type { Route } from './+types/panel-orders';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('orders.title'));

/**
 * Siparişlerim: the customer's orders, newest first, ten a page (`?page=`), and the guest orders of their
 * e-mail address waiting to be added. `?baglanti=` is the e-mailed link that adds them; it redirects to
 * `?eklendi=N` so that the token leaves the address bar and the history.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireCustomer(args);
  const url = new URL(args.request.url);
  const { orders } = args.context;
  const token = url.searchParams.get('baglanti');
  let linkError: string | null = null;
  if (token !== null) {
    const linked = await orders.linkGuestOrders(token);
    if (linked.ok) throw redirect(`/panel/orders?eklendi=${linked.value}`, { headers: NO_STORE });
    linkError = linked.error.message;
  }
  const page = Math.max(1, Math.min(10_000, Number(url.searchParams.get('page')) || 1));
  const [list, waiting] = await Promise.all([orders.list(page), orders.guestOrders()]);
  const added = url.searchParams.get('eklendi');
  return {
    ...valueOrThrow(args.request, list),
    guestOrders: valueOrThrow(args.request, waiting),
    linked: added === null ? null : Number(added) || 0,
    linkError,
  };
}

/** Sends the link that proves the e-mail address before its guest orders join the account. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireCustomer({ request, context });
  const fields = await formFields(request);
  const sent = await context.orders.requestGuestOrdersLink();
  if (!sent.ok) return failed(request, sent, fields, 'guest-orders');
  return { sent: sent.value };
}

export const headers = accountHeaders;

export default function OrdersRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { orders, page, pageCount } = loaderData;
  const notices = (
    <>
      {loaderData.linkError && <FormAlert>{loaderData.linkError}</FormAlert>}
      <GuestOrdersNotice
        waiting={loaderData.guestOrders}
        linked={loaderData.linked}
        sent={actionData && 'sent' in actionData}
        error={actionData && 'error' in actionData ? actionData.error.message : null}
      />
    </>
  );
  if (orders.length === 0) {
    return (
      <PanelPage title={t('orders.title')}>
        {notices}
        <div className="rounded-2xl border border-sand-200 bg-white p-8 text-center">
          <h2 className="text-xl font-semibold text-ink-900">{t('orders.empty')}</h2>
          <p className="mt-2 text-ink-700">{t('orders.emptyText')}</p>
          <AppLink
            to="/"
            className="mt-6 inline-block rounded-lg bg-clay-700 px-5 py-2.5 font-medium text-white hover:bg-clay-800"
          >
            {t('orders.shop')}
          </AppLink>
        </div>
      </PanelPage>
    );
  }
  return (
    <PanelPage title={t('orders.title')}>
      {notices}
      <ul className="space-y-3">
        {orders.map((order) => (
          <li key={order.orderNo}>
            <AppLink
              to={`/panel/orders/${order.orderNo}`}
              className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-sand-200 bg-white p-4 hover:border-clay-700"
              aria-label={t('orders.open', { orderNo: order.orderNo, state: order.state.label })}
            >
              <span>
                <span className="block font-mono font-semibold text-ink-900">{order.orderNo}</span>
                <span className="block text-sm text-ink-700">
                  <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time> ·{' '}
                  {t('orders.items', { count: order.itemCount })}
                </span>
              </span>
              <span className="flex items-center gap-3">
                <OrderBadge state={order.state} />
                <span className="font-semibold tabular-nums text-ink-900">
                  {formatMoney(order.totalMinor)}
                </span>
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
      {pageCount > 1 && (
        <nav aria-label={t('orders.pages')} className="flex gap-2">
          {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
            <AppLink
              key={n}
              to={`/panel/orders?page=${n}`}
              aria-current={n === page ? 'page' : undefined}
              className="rounded-lg border border-sand-200 px-3 py-1.5 text-sm aria-[current=page]:bg-clay-700 aria-[current=page]:text-white"
            >
              {n}
            </AppLink>
          ))}
        </nav>
      )}
    </PanelPage>
  );
}

export function ErrorBoundary() {
  return <AccountRouteError inside />;
}
