import { formatTurkishMobile } from '@vitrin/shared/address/phone';
import { formatDateTime } from '@vitrin/shared/dates';
import { formatMoney } from '@vitrin/shared/money';
import { FormNotice } from '../account/form.tsx';
import { accountHeaders, accountMeta } from '../account/meta.ts';
import { PanelPage, PanelSection } from '../account/panel-page.tsx';
import { AccountRouteError } from '../account/route-error.tsx';
import { requireCustomer, valueOrThrow } from '../account/session.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { OrderBadge } from '../orders/order-badge.tsx';
import type { Route } from './+types/panel';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('panel.title'));

/** `/panel` and `/profile`: the customer's dashboard with the profile summary. */
export async function loader(args: Route.LoaderArgs) {
  const customer = await requireCustomer(args);
  const orders = valueOrThrow(args.request, await args.context.orders.list(1));
  return {
    customer,
    latestOrders: orders.orders.slice(0, LATEST_ORDERS),
    welcome: new URL(args.request.url).searchParams.get('welcome') === '1',
  };
}

/** How many of the newest orders the dashboard shows. */
const LATEST_ORDERS = 3;

export const headers = accountHeaders;

const SHORTCUTS = [
  { to: '/panel/address', title: 'panel.addresses', text: 'panel.shortcutAddresses' },
  { to: '/panel/information', title: 'panel.information', text: 'panel.shortcutInformation' },
  { to: '/panel/orders', title: 'panel.orders', text: 'panel.shortcutOrders' },
  { to: '/panel/support', title: 'panel.support', text: 'panel.shortcutSupport' },
] as const;

export default function PanelRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { customer, welcome, latestOrders } = loaderData;
  const rows = [
    [t('panel.name'), `${customer.firstName} ${customer.lastName}`],
    [t('panel.email'), customer.email],
    [t('panel.phone'), formatTurkishMobile(customer.phone) ?? customer.phone],
    [t('panel.marketing'), customer.marketingConsent ? t('panel.marketingOn') : t('panel.marketingOff')],
    ...(customer.wholesale ? [[t('panel.wholesale'), t('panel.wholesaleYes')]] : []),
  ];
  return (
    <PanelPage title={t('panel.greeting', { name: customer.firstName })}>
      {welcome && <FormNotice>{t('panel.welcome')}</FormNotice>}
      <section aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title" className="sr-only">
          {t('panel.shortcuts')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {SHORTCUTS.map((item) => (
            <li key={item.to}>
              <AppLink
                to={item.to}
                className="block h-full rounded-2xl border border-sand-200 bg-white p-5 hover:border-clay-700 hover:shadow-sm"
              >
                <span className="block text-lg font-semibold text-ink-900">{t(item.title)}</span>
                <span className="mt-1 block text-sm text-ink-700">{t(item.text)}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      {latestOrders.length > 0 && (
        <PanelSection id="latest-orders-title" title={t('panel.latestOrders')}>
          <ul className="divide-y divide-sand-200">
            {latestOrders.map((order) => (
              <li
                key={order.orderNo}
                className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm"
              >
                <AppLink
                  to={`/panel/orders/${order.orderNo}`}
                  className="font-mono font-semibold text-ink-900 underline-offset-2 hover:underline"
                >
                  {order.orderNo}
                </AppLink>
                <time dateTime={order.createdAt} className="text-ink-700">
                  {formatDateTime(order.createdAt)}
                </time>
                <OrderBadge state={order.state} />
                <span className="font-semibold tabular-nums text-ink-900">
                  {formatMoney(order.totalMinor)}
                </span>
              </li>
            ))}
          </ul>
          <AppLink
            to="/panel/orders"
            className="inline-block text-sm font-medium text-clay-700 underline underline-offset-2"
          >
            {t('panel.allOrders')}
          </AppLink>
        </PanelSection>
      )}
      <PanelSection id="summary-title" title={t('panel.summary')}>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-ink-600">{term}</dt>
              <dd className="text-ink-900">{value}</dd>
            </div>
          ))}
        </dl>
        <AppLink
          to="/panel/information"
          className="inline-block text-sm font-medium text-clay-700 underline underline-offset-2"
        >
          {t('panel.edit')}
        </AppLink>
      </PanelSection>
    </PanelPage>
  );
}

export function ErrorBoundary() {
  return <AccountRouteError inside />;
}
