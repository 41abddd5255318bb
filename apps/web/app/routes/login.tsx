import { AuthPage, linkClass } from '../account/auth-page.tsx';
import { AccountForm, CheckboxField, FormNotice } from '../account/form.tsx';
import { accountHeaders, accountMeta } from '../account/meta.ts';
import { CurrentPasswordField, EmailField } from '../account/person-fields.tsx';
import { AccountRouteError } from '../account/route-error.tsx';
import {
  failed,
  formFields,
  redirectCustomerToPanel,
  redirectWithCookies,
} from '../account/session.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { safeReturnTo } from '../lib/return-to.ts';
import type { Route } from './+types/login';
import '../i18n/tr-auth.ts';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('auth.login.title'));

export async function loader(args: Route.LoaderArgs) {
  await redirectCustomerToPanel(args);
  const params = new URL(args.request.url).searchParams;
  return { returnTo: safeReturnTo(params.get('returnTo')), reset: params.get('reset') === '1' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  const result = await context.account.login(fields);
  if (!result.ok) return failed(request, result, fields);
  return redirectWithCookies(safeReturnTo(fields.returnTo) ?? '/panel', result.setCookie);
}

export const headers = accountHeaders;

export default function LoginRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { returnTo, reset } = loaderData;
  const registerTo = returnTo ? `/register?returnTo=${encodeURIComponent(returnTo)}` : '/register';
  return (
    <AuthPage title={t('auth.login.title')} intro={t('auth.login.intro')}>
      {reset && <FormNotice>{t('auth.login.resetDone')}</FormNotice>}
      {returnTo && !reset && !actionData && (
        <p className="rounded-lg bg-sand-100 p-3 text-sm text-ink-800">{t('auth.login.returnNotice')}</p>
      )}
      <AccountForm
        id="login"
        failure={actionData}
        submitLabel={t('auth.login.submit')}
        footer={
          <AppLink to="/forgot" className={linkClass}>
            {t('auth.forgotLink')}
          </AppLink>
        }
      >
        {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
        <EmailField label={t('auth.email')} autoComplete="username" />
        <CurrentPasswordField label={t('auth.password')} />
        <CheckboxField
          name="rememberMe"
          label={t('auth.login.remember')}
          hint={t('auth.login.rememberHint')}
        />
      </AccountForm>
      <p className="border-t border-sand-200 pt-5 text-sm text-ink-700">
        {t('auth.login.noAccount')}{' '}
        <AppLink to={registerTo} className={linkClass}>
          {t('auth.login.registerLink')}
        </AppLink>
      </p>
    </AuthPage>
  );
}

export function ErrorBoundary() {
  return <AccountRouteError />;
}
