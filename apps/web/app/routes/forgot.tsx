import { AuthPage, linkClass } from '../account/auth-page.tsx';
import { EMAIL_HTML_PATTERN, EMAIL_MAX_LENGTH } from '../account/constraints.ts';
import { AccountForm, FormNotice, TextField } from '../account/form.tsx';
import { accountHeaders, accountMeta } from '../account/meta.ts';
import { AccountRouteError } from '../account/route-error.tsx';
import {
  failed,
  formFields,
  redirectCustomerToPanel,
  redirectWithCookies,
} from '../account/session.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import type { Route } from './+types/forgot';
import '../i18n/tr-auth.ts';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('auth.forgot.title'));

export async function loader(args: Route.LoaderArgs) {
  await redirectCustomerToPanel(args);
  return { sent: new URL(args.request.url).searchParams.get('sent') === '1' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  const result = await context.account.forgot(fields);
  if (!result.ok) return failed(request, result, fields);
  // The same page for every address: it never tells whether one has an account.
  return redirectWithCookies('/forgot?sent=1', result.setCookie);
}

export const headers = accountHeaders;

export default function ForgotRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.sent) {
    return (
      <AuthPage title={t('auth.forgot.sentTitle')}>
        <FormNotice>{t('auth.forgot.sent')}</FormNotice>
        <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <AppLink to="/login" className={linkClass}>
            {t('auth.forgot.backToLogin')}
          </AppLink>
          <AppLink to="/forgot" className={linkClass}>
            {t('auth.forgot.again')}
          </AppLink>
        </p>
      </AuthPage>
    );
  }
  return (
    <AuthPage title={t('auth.forgot.title')} intro={t('auth.forgot.intro')}>
      <AccountForm
        id="forgot"
        failure={actionData}
        submitLabel={t('auth.forgot.submit')}
        footer={
          <AppLink to="/login" className={linkClass}>
            {t('auth.forgot.backToLogin')}
          </AppLink>
        }
      >
        <TextField
          name="email"
          type="email"
          label={t('auth.email')}
          autoComplete="email"
          inputMode="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          pattern={EMAIL_HTML_PATTERN}
          messages={{ missing: t('auth.emailMissing') }}
        />
      </AccountForm>
    </AuthPage>
  );
}

export function ErrorBoundary() {
  return <AccountRouteError />;
}
