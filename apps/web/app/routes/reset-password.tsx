import { AuthPage, linkClass } from '../account/auth-page.tsx';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../account/constraints.ts';
import { AccountForm, TextField } from '../account/form.tsx';
import { accountHeaders, accountMeta } from '../account/meta.ts';
import { AccountRouteError } from '../account/route-error.tsx';
import { failed, formFields, redirectWithCookies } from '../account/session.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import type { Route } from './+types/reset-password';
import '../i18n/tr-auth.ts';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('auth.reset.title'));

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')?.trim() ?? '';
  const valid = token.length > 0 && token.length <= 100 && (await context.account.isResetTokenValid(token));
  return { token: valid ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  const result = await context.account.resetPassword(fields);
  if (!result.ok) return failed(request, result, fields);
  return redirectWithCookies('/login?reset=1', result.setCookie);
}

export const headers = accountHeaders;

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <AuthPage title={t('auth.reset.invalidTitle')}>
      <p className="text-ink-700" data-testid="reset-invalid">
        {t('auth.reset.invalidText')}
      </p>
      <p>
        <AppLink to="/forgot" className={linkClass}>
          {t('auth.reset.requestNew')}
        </AppLink>
      </p>
    </AuthPage>
  );
}

export default function ResetPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  // The link may also turn out spent while the form is open (used in another tab).
  if (!loaderData.token || actionData?.error.code === 'TOKEN_GECERSIZ') return <InvalidLink />;
  return (
    <AuthPage title={t('auth.reset.title')} intro={t('auth.reset.intro')}>
      <AccountForm id="reset" failure={actionData} submitLabel={t('auth.reset.submit')}>
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          name="password"
          type="password"
          label={t('auth.reset.newPassword')}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          strength
          messages={{
            missing: t('auth.passwordMissing'),
            short: t('auth.passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
          }}
        />
      </AccountForm>
    </AuthPage>
  );
}

export function ErrorBoundary() {
  return <AccountRouteError />;
}
