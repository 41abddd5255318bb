import { AuthPage, linkClass } from '../account/auth-page.tsx';
import { buttonClass } from '../account/form.tsx';
import { LogoutForm } from '../account/logout-form.tsx';
import { accountHeaders, accountMeta } from '../account/meta.ts';
import { AccountRouteError } from '../account/route-error.tsx';
import { redirectWithCookies } from '../account/session.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import type { Route } from './+types/logout';
import '../i18n/tr-auth.ts';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('auth.logout.title'));

/**
 * `GET /logout` (a bookmarked or typed address, a link) only asks: a GET must not end a session, or any
 * page could log its visitors out with an image.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { signedIn: (await context.account.customer()) !== null };
}

/**
 * `POST /logout`: the confirmation's and the panel menu's "Çıkış Yap" without JavaScript (with it, the
 * header's logout calls the API and goes home the same way). Ends this request's session and expires its
 * cookies.
 */
export async function action({ context }: Route.ActionArgs) {
  const result = await context.account.logout();
  return redirectWithCookies('/', result.ok ? result.setCookie : []);
}

export const headers = accountHeaders;

export default function LogoutRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (!loaderData.signedIn) {
    return (
      <AuthPage title={t('auth.logout.signedOutTitle')} intro={t('auth.logout.signedOut')}>
        <p className="flex flex-wrap gap-x-6 gap-y-2">
          <AppLink to="/" className={linkClass}>
            {t('auth.logout.home')}
          </AppLink>
          <AppLink to="/login" className={linkClass}>
            {t('auth.logout.login')}
          </AppLink>
        </p>
      </AuthPage>
    );
  }
  return (
    <AuthPage title={t('auth.logout.title')} intro={t('auth.logout.intro')}>
      <LogoutForm className="flex flex-wrap items-center gap-x-6 gap-y-4">
        <button type="submit" className={buttonClass}>
          {t('auth.logout.submit')}
        </button>
        <AppLink to="/panel" className={linkClass}>
          {t('auth.logout.stay')}
        </AppLink>
      </LogoutForm>
    </AuthPage>
  );
}

export function ErrorBoundary() {
  return <AccountRouteError />;
}
