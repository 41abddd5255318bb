import { formatTurkishMobile } from '@vitrin/shared/address/phone';
import { FormNotice } from '../account/form.tsx';
import { accountHeaders, accountMeta } from '../account/meta.ts';
import { PanelPage, PanelSection } from '../account/panel-page.tsx';
import { AccountRouteError } from '../account/route-error.tsx';
import { requireCustomer } from '../account/session.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import type { Route } from './+types/panel';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('panel.title'));

/** `/panel` and `/profile`: the customer's dashboard with the profile summary. */
export async function loader(args: Route.LoaderArgs) {
  const customer = await requireCustomer(args);
  return { customer, welcome: new URL(args.request.url).searchParams.get('welcome') === '1' };
}

export const headers = accountHeaders;

const SHORTCUTS = [
  { to: '/panel/address', title: 'panel.addresses', text: 'panel.shortcutAddresses' },
  { to: '/panel/information', title: 'panel.information', text: 'panel.shortcutInformation' },
  { to: '/panel/orders', title: 'panel.orders', text: 'panel.shortcutOrders' },
  { to: '/panel/support', title: 'panel.support', text: 'panel.shortcutSupport' },
] as const;

export default function PanelRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { customer, welcome } = loaderData;
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
