import { formatDateTime } from '@vitrin/shared/dates';
import { redirect } from 'react-router';
import { buttonClass, FormAlert, FormNotice, IntentButton } from '../account/form.tsx';
import { accountHeaders, accountMeta, NO_STORE } from '../account/meta.ts';
import { PanelPage } from '../account/panel-page.tsx';
import { AccountRouteError } from '../account/route-error.tsx';
import { failed, formFields, requireCustomer, valueOrThrow } from '../account/session.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { OrderBadge } from '../orders/order-badge.tsx';
import { OrderView } from '../orders/order-view.tsx';
import type { Route } from './+types/panel-order';

export const meta: Route.MetaFunction = ({ matches, params }) =>
  accountMeta(matches, i18n.t('orders.detailTitle', { orderNo: params.orderNo }));

export async function loader(args: Route.LoaderArgs) {
  await requireCustomer(args);
  const order = valueOrThrow(args.request, await args.context.orders.detail(args.params.orderNo));
  const cancelled = new URL(args.request.url).searchParams.get('cancelled') === '1';
  return { order, cancelled };
}

/** Cancel (while 0 or 1) and "Tekrar Satın Al" (the lines back into the cart, then the cart). */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireCustomer({ request, context });
  const fields = await formFields(request);
  if (fields.intent === 'reorder') {
    const result = await context.orders.reorder(params.orderNo);
    if (!result.ok) return failed(request, result, fields, 'reorder');
    throw redirect('/cart', { headers: NO_STORE });
  }
  const result = await context.orders.cancel(params.orderNo);
  if (!result.ok) return failed(request, result, fields, 'cancel');
  throw redirect(`/panel/orders/${params.orderNo}?cancelled=1`, { headers: NO_STORE });
}

export const headers = accountHeaders;

export default function OrderRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { order, cancelled } = loaderData;
  return (
    <PanelPage title={t('orders.detailTitle', { orderNo: order.orderNo })}>
      {cancelled && <FormNotice>{t('orders.cancelled')}</FormNotice>}
      {actionData && <FormAlert>{actionData.error.message}</FormAlert>}
      <div className="flex flex-wrap items-center gap-3 text-sm text-ink-700">
        <OrderBadge state={order.state} />
        <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
      </div>
      <div className="flex flex-wrap gap-3">
        {order.canPay && order.payUrl && (
          <a href={order.payUrl} className={buttonClass}>
            {t('orderSuccess.pay')}
          </a>
        )}
        <IntentButton intent="reorder">{t('orders.reorder')}</IntentButton>
        {order.canCancel && <IntentButton intent="cancel">{t('orders.cancel')}</IntentButton>}
        <AppLink
          to="/panel/orders"
          className="self-center text-sm font-medium text-clay-700 underline underline-offset-2"
        >
          {t('orders.back')}
        </AppLink>
      </div>
      <OrderView order={order} />
    </PanelPage>
  );
}

export function ErrorBoundary() {
  return <AccountRouteError inside />;
}
