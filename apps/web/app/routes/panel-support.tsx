import { accountHeaders, accountMeta } from '../account/meta.ts';
import { PanelPage, PanelSection } from '../account/panel-page.tsx';
import { AccountRouteError } from '../account/route-error.tsx';
import { requireCustomer } from '../account/session.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { useRootData } from '../lib/use-home.ts';
import type { Route } from './+types/panel-support';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('support.title'));

/**
 * Destek. Support tickets arrive later; until then this page says how to reach the shop today, from the
 * shop's own settings (the same contact details as the footer), and links the help pages.
 */
export async function loader(args: Route.LoaderArgs) {
  const customer = await requireCustomer(args);
  return { email: customer.email };
}

export const headers = accountHeaders;

export default function SupportRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { home, pageLinks } = useRootData();
  const settings = home.global_setting;
  const help = pageLinks.filter((p) => p.type === 2);
  return (
    <PanelPage title={t('support.title')} intro={t('support.intro')}>
      <PanelSection id="contact-title" title={settings.unvan || settings.brand_name}>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
          {settings.contact_email && (
            <div className="contents">
              <dt className="font-medium text-ink-600">{t('support.email')}</dt>
              <dd>
                <a
                  href={`mailto:${settings.contact_email}`}
                  className="font-medium text-clay-700 underline underline-offset-2"
                >
                  {settings.contact_email}
                </a>
              </dd>
            </div>
          )}
          {settings.contact_phone && (
            <div className="contents">
              <dt className="font-medium text-ink-600">{t('support.phone')}</dt>
              <dd>
                <a
                  href={`tel:${settings.contact_phone.replace(/\s/g, '')}`}
                  className="font-medium text-clay-700 underline underline-offset-2"
                >
                  {settings.contact_phone}
                </a>
              </dd>
            </div>
          )}
          {settings.contact_address && (
            <div className="contents">
              <dt className="font-medium text-ink-600">{t('support.address')}</dt>
              <dd className="text-ink-900">{settings.contact_address}</dd>
            </div>
          )}
        </dl>
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
