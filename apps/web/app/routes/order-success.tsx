import { ORDER_STATE } from '@vitrin/shared/order-states';
import { data } from 'react-router';
import { accountHeaders, accountMeta, NO_STORE } from '../account/meta.ts';
import { AccountRouteError } from '../account/route-error.tsx';
import { valueOrThrow } from '../account/session.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { orderLink } from '../orders/order-access.server.ts';
import { BankAccounts, OrderView } from '../orders/order-view.tsx';
import type { Route } from './+types/order-success';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('orderSuccess.title'));

/**
 * After the order (and, for a card, its payment): the order by its link. Without an order in the link the
 * page says so instead of failing; an unknown order or a wrong token is the 404 error screen.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const link = orderLink(request);
  if (!link) return data({ order: null, token: null }, { headers: NO_STORE });
  const order = valueOrThrow(request, await context.orders.detail(link.orderNo, link.token));
  const customer = await context.account.customer();
  return data({ order, token: link.token, isCustomer: customer !== null }, { headers: NO_STORE });
}

export const headers = accountHeaders;

export default function OrderSuccessRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { order } = loaderData;
  if (!order) {
    return (
      <main id="main" className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="text-3xl font-semibold text-ink-900">{t('orderSuccess.none')}</h1>
        <p className="mt-3 text-ink-700">{t('orderSuccess.noneText')}</p>
        <AppLink
          to="/"
          className="mt-6 inline-block rounded-lg bg-clay-700 px-5 py-2.5 font-medium text-white hover:bg-clay-800"
        >
          {t('orders.shop')}
        </AppLink>
      </main>
    );
  }
  const failed = order.state.code === ORDER_STATE.PaymentFailed;
  const isCustomer = 'isCustomer' in loaderData && loaderData.isCustomer;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 md:py-12">
      <div
        className={`rounded-2xl border p-6 ${failed ? 'border-red-700/40 bg-red-50' : 'border-olive-600/40 bg-[#f1f4ea]'}`}
      >
        <h1 className="text-3xl font-semibold text-ink-900">
          {failed ? t('orderSuccess.failed') : t('orderSuccess.title')}
        </h1>
        <p className="mt-2 text-ink-800">
          {t('orderSuccess.number')} <strong className="font-mono text-lg">{order.orderNo}</strong>
        </p>
        <p className="mt-2 text-ink-800">
          {failed
            ? t('orderSuccess.failedText')
            : order.paymentMethod === 'card' && order.paymentStatus === 'paid'
              ? t('orderSuccess.paidText', { email: order.email })
              : order.paymentMethod === 'transfer'
                ? t('orderSuccess.transferIntro', { email: order.email })
                : t('orderSuccess.codText', { email: order.email })}
        </p>
        {order.paymentMethod === 'transfer' && order.paymentStatus === 'pending' && (
          <div className="mt-4 text-sm">
            <BankAccounts order={order} />
          </div>
        )}
        <div className="mt-5 flex flex-wrap gap-3">
          {order.canPay && order.payUrl && (
            <a
              href={order.payUrl}
              className="rounded-lg bg-clay-700 px-5 py-2.5 font-medium text-white hover:bg-clay-800"
            >
              {t('orderSuccess.pay')}
            </a>
          )}
          {isCustomer ? (
            <AppLink
              to={`/panel/orders/${order.orderNo}`}
              className="rounded-lg border border-ink-800 bg-white px-4 py-2.5 text-sm font-medium text-ink-900"
            >
              {t('orderSuccess.follow')}
            </AppLink>
          ) : (
            <p className="text-sm text-ink-700">{t('orderSuccess.guestLink')}</p>
          )}
        </div>
      </div>
      <div className="mt-8">
        <OrderView order={order} />
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <AccountRouteError />;
}
