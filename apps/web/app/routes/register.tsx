import { AuthPage, linkClass } from '../account/auth-page.tsx';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../account/constraints.ts';
import { AccountForm, CheckboxField, TextField } from '../account/form.tsx';
import { accountHeaders, accountMeta } from '../account/meta.ts';
import { EmailField, NameFields, PhoneField } from '../account/person-fields.tsx';
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
import type { Route } from './+types/register';
import '../i18n/tr-auth.ts';

/** The KVKK information notice among the demo content pages (packages/core/demo-data/pages.json). */
const KVKK_PAGE = '/content/kvkk-aydinlatma-metni';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('auth.register.title'));

export async function loader(args: Route.LoaderArgs) {
  await redirectCustomerToPanel(args);
  return { returnTo: safeReturnTo(new URL(args.request.url).searchParams.get('returnTo')) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  const result = await context.account.register(fields);
  if (!result.ok) return failed(request, result, fields);
  return redirectWithCookies(safeReturnTo(fields.returnTo) ?? '/panel?welcome=1', result.setCookie);
}

export const headers = accountHeaders;

export default function RegisterRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { returnTo } = loaderData;
  const emailTaken = actionData?.error.code === 'EPOSTA_KAYITLI';
  return (
    <AuthPage title={t('auth.register.title')} intro={t('auth.register.intro')} wide>
      <AccountForm id="register" failure={actionData} submitLabel={t('auth.register.submit')}>
        {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
        <NameFields />
        <EmailField
          label={t('auth.email')}
          hint={
            emailTaken ? (
              <>
                {t('auth.register.emailTakenHelp')}{' '}
                <AppLink to="/login" className={linkClass}>
                  {t('auth.login.title')}
                </AppLink>
                {' · '}
                <AppLink to="/forgot" className={linkClass}>
                  {t('auth.forgotLink')}
                </AppLink>
              </>
            ) : undefined
          }
        />
        <PhoneField hint={t('auth.phoneHint')} />
        <TextField
          name="password"
          type="password"
          label={t('auth.password')}
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
        <CheckboxField
          name="kvkk"
          required
          missing={t('auth.register.kvkkMissing')}
          label={t('auth.register.kvkk')}
          hint={
            <a href={KVKK_PAGE} target="_blank" rel="noopener" className={linkClass}>
              {t('auth.register.kvkkLink')} <span className="sr-only">{t('form.newTab')}</span>
            </a>
          }
        />
        <CheckboxField
          name="marketingConsent"
          label={t('auth.register.marketing')}
          hint={t('auth.register.marketingHint')}
        />
      </AccountForm>
      <p className="border-t border-sand-200 pt-5 text-sm text-ink-700">
        {t('auth.register.haveAccount')}{' '}
        <AppLink
          to={returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login'}
          className={linkClass}
        >
          {t('auth.register.loginLink')}
        </AppLink>
      </p>
    </AuthPage>
  );
}

export function ErrorBoundary() {
  return <AccountRouteError />;
}
