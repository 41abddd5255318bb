import { accountHeaders, accountMeta } from '../account/meta.ts';
import { PanelPage } from '../account/panel-page.tsx';
import { AccountRouteError } from '../account/route-error.tsx';
import { requireCustomer } from '../account/session.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import type { Route } from './+types/panel-orders';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('orders.title'));

/**
 * Siparişlerim. The shop takes no orders yet (checkout arrives later), so every customer truly has none:
 * the empty state is the real answer, not a placeholder.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireCustomer(args);
  return null;
}

export const headers = accountHeaders;

export default function OrdersRoute() {
  const { t } = useTranslation();
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

export function ErrorBoundary() {
  return <AccountRouteError inside />;
}
