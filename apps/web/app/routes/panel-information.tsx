import { useLocation } from 'react-router';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../account/constraints.ts';
import { AccountForm, CheckboxField, FormNotice, TextField } from '../account/form.tsx';
import { accountHeaders, accountMeta } from '../account/meta.ts';
import { PanelPage, PanelSection } from '../account/panel-page.tsx';
import { CurrentPasswordField, EmailField, NameFields, PhoneField } from '../account/person-fields.tsx';
import { AccountRouteError } from '../account/route-error.tsx';
import { failed, formFields, redirectWithCookies, requireCustomer } from '../account/session.server.ts';
import { i18n, useTranslation } from '../i18n/index.ts';
import { useRootData } from '../lib/use-home.ts';
import type { Route } from './+types/panel-information';
import '../i18n/tr-information.ts';
import '../i18n/tr-auth.ts';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('information.title'));

const SAVED = ['profile', 'email', 'password', 'consent'] as const;
type Saved = (typeof SAVED)[number];

export async function loader(args: Route.LoaderArgs) {
  const customer = await requireCustomer(args);
  const saved = new URL(args.request.url).searchParams.get('saved');
  return { customer, saved: SAVED.find((s) => s === saved) ?? null };
}

/** One action for the page's forms; the `intent` field says which one was sent. */
export async function action({ request, context }: Route.ActionArgs) {
  const { intent: posted, ...fields } = await formFields(request);
  const intent = typeof posted === 'string' ? posted : '';
  const { account } = context;
  const done = (saved: Saved, setCookie: string[]) =>
    redirectWithCookies(`/panel/information?saved=${saved}`, setCookie);
  // Each saving form and the account method it calls; deleting the account is the one that leaves the panel.
  const saving: Record<
    Saved,
    (f: typeof fields) => ReturnType<typeof account.updateProfile | typeof account.changePassword>
  > = {
    profile: account.updateProfile,
    email: account.changeEmail,
    password: account.changePassword,
    consent: account.setMarketingConsent,
  };
  const save = SAVED.find((s) => s === intent);
  if (save) {
    const result = await saving[save](fields);
    return result.ok ? done(save, result.setCookie) : failed(request, result, fields, intent);
  }
  if (intent === 'delete') {
    const result = await account.deleteAccount(fields);
    // Personal data erased and the session ended: the shopper leaves as a guest.
    return result.ok ? redirectWithCookies('/', result.setCookie) : failed(request, result, fields, intent);
  }
  return failed(request, {
    ok: false,
    status: 400,
    error: { code: 'GECERSIZ_ISTEK', message: i18n.t('form.invalid') },
  });
}

export const headers = accountHeaders;

export default function InformationRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { customer, saved } = loaderData;
  const { publicConfig } = useRootData();
  const failure = actionData ?? undefined;
  // A success redirects back here with `saved`: that form starts empty again (no lingering passwords).
  const { key: visit } = useLocation();
  const resetKey = (intent: Saved) => (!failure && saved === intent ? visit : null);
  return (
    <PanelPage title={t('information.title')} intro={t('form.requiredNote')}>
      {saved && !failure && <FormNotice key={visit}>{t(`information.saved.${saved}`)}</FormNotice>}

      <PanelSection id="profile-title" title={t('information.profileTitle')}>
        <AccountForm
          id="profile"
          intent="profile"
          failure={failure}
          submitLabel={t('information.profileSubmit')}
          aria-labelledby="profile-title"
          noRequiredNote
        >
          <NameFields firstName={customer.firstName} lastName={customer.lastName} />
          <PhoneField stored={customer.phone} />
        </AccountForm>
      </PanelSection>

      <PanelSection id="email-title" title={t('information.emailTitle')}>
        <p className="text-sm text-ink-700">{t('information.emailCurrent', { email: customer.email })}</p>
        <AccountForm
          resetKey={resetKey('email')}
          id="email"
          intent="email"
          failure={failure}
          submitLabel={t('information.emailSubmit')}
          aria-labelledby="email-title"
          noRequiredNote
        >
          <EmailField label={t('information.newEmail')} />
          <CurrentPasswordField
            label={t('information.confirmPassword')}
            hint={t('information.confirmPasswordHint')}
          />
        </AccountForm>
      </PanelSection>

      <PanelSection id="password-title" title={t('information.passwordTitle')}>
        <AccountForm
          resetKey={resetKey('password')}
          id="password"
          intent="password"
          failure={failure}
          submitLabel={t('information.passwordSubmit')}
          aria-labelledby="password-title"
          noRequiredNote
        >
          {/* Lets password managers tie the new password to the account. */}
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={customer.email}
            hidden
            readOnly
          />
          <TextField
            name="currentPassword"
            type="password"
            label={t('information.currentPassword')}
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            messages={{ missing: t('information.currentPasswordMissing') }}
          />
          <TextField
            name="newPassword"
            type="password"
            label={t('information.newPassword')}
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            strength
            messages={{
              missing: t('information.newPasswordMissing'),
              short: t('auth.passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
            }}
          />
          <p className="text-sm text-ink-600">{t('information.passwordNote')}</p>
        </AccountForm>
      </PanelSection>

      <PanelSection id="consent-title" title={t('information.consentTitle')}>
        <AccountForm
          id="consent"
          intent="consent"
          failure={failure}
          submitLabel={t('information.consentSubmit')}
          aria-labelledby="consent-title"
          noRequiredNote
        >
          <CheckboxField
            name="marketingConsent"
            label={t('information.consentLabel')}
            hint={t('information.consentHint')}
            defaultChecked={customer.marketingConsent}
          />
        </AccountForm>
      </PanelSection>

      <PanelSection id="data-title" title={t('information.dataTitle')}>
        <p className="text-sm text-ink-700">{t('information.dataText')}</p>
        <a
          href={`${publicConfig.apiBase}/api/front/account/export`}
          download
          className="inline-flex rounded-lg border border-ink-800 bg-white px-4 py-2 text-sm font-medium text-ink-900 hover:bg-sand-100"
        >
          {t('information.dataDownload')}
        </a>
      </PanelSection>

      <PanelSection id="delete-title" title={t('information.deleteTitle')} tone="danger">
        <p className="text-sm text-ink-700">{t('information.deleteText')}</p>
        <AccountForm
          id="delete"
          intent="delete"
          failure={failure}
          submitLabel={t('information.deleteSubmit')}
          aria-labelledby="delete-title"
          noRequiredNote
          danger
        >
          <CurrentPasswordField
            label={t('information.confirmPassword')}
            missing={t('information.deletePasswordMissing')}
          />
        </AccountForm>
      </PanelSection>
    </PanelPage>
  );
}

export function ErrorBoundary() {
  return <AccountRouteError inside />;
}
