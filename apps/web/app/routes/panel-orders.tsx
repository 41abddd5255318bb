import { formatDateTime } from '@vitrin/shared/dates';
import { formatMoney } from '@vitrin/shared/money';
import { accountHeaders, accountMeta } from '../account/meta.ts';
import { PanelPage } from '../account/panel-page.tsx';
import { AccountRouteError } from '../account/route-error.tsx';
import { requireCustomer, valueOrThrow } from '../account/session.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { OrderBadge } from '../orders/order-badge.tsx';
import type { Route } from './+types/panel-orders';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('orders.title'));

/** Siparişlerim: the customer's orders, newest first, ten a page (`?page=`). */
export async function loader(args: Route.LoaderArgs) {
  await requireCustomer(args);
  const page = Math.max(1, Math.min(10_000, Number(new URL(args.request.url).searchParams.get('page')) || 1));
  return valueOrThrow(args.request, await args.context.orders.list(page));
}

export const headers = accountHeaders;

export default function OrdersRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { orders, page, pageCount } = loaderData;
  if (orders.length === 0) {
    return (
      <PanelPage title={t('orders.title')}>
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
