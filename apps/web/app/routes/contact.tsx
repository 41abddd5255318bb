import { CONTACT_HONEYPOT, CONTACT_LIMITS } from '@vitrin/shared/api/form-limits';
import { useEffect } from 'react';
import { redirect } from 'react-router';
import { linkClass } from '../account/auth-page.tsx';
import { AccountForm, CheckboxField, FormNotice, TextField } from '../account/form.tsx';
import { NO_STORE } from '../account/meta.ts';
import { failed, formFields } from '../account/session.server.ts';
import { ContactDetails } from '../components/contact-details.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { RouteErrorScreen } from '../lib/route-error.tsx';
import { catalogMeta, LISTING_CACHE } from '../lib/seo.ts';
import { showErrorToast, showSuccessToast } from '../lib/toasts.tsx';
import { useRootData } from '../lib/use-home.ts';
import { TextAreaField } from '../support/fields.tsx';
import type { Route } from './+types/contact';

/** The KVKK information notice among the demo content pages (as on /register). */
const KVKK_PAGE = '/content/kvkk-aydinlatma-metni';

export const meta: Route.MetaFunction = ({ matches }) =>
  catalogMeta(matches, {
    title: i18n.t('contact.title'),
    description: i18n.t('contact.intro'),
    path: '/contact',
  });

/** The same page for everyone (the shop's details come with the root data): cached like the catalogue. */
export async function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get('sent') === '1' };
}

/** The form without JavaScript posts here too; 5 messages per address in 10 minutes. */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  const result = await context.contact.send(fields);
  if (!result.ok) return failed(request, result, fields);
  throw redirect('/contact?sent=1', { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) =>
  actionHeaders.has('Cache-Control') ? NO_STORE : LISTING_CACHE;

export default function ContactRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const settings = useRootData().home.global_setting;
  const { sent } = loaderData;

  useEffect(() => {
    if (sent) showSuccessToast(t('contact.sent'), 'contact-sent');
  }, [sent, t]);
  useEffect(() => {
    if (actionData) showErrorToast(actionData.error.message, `contact-${actionData.error.code}`);
  }, [actionData]);

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 md:py-12">
      <h1 className="text-3xl font-semibold text-ink-900">{t('contact.title')}</h1>
      <p className="mt-2 max-w-2xl text-ink-700">{t('contact.intro')}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_2fr]">
        <section
          aria-labelledby="contact-details"
          className="rounded-2xl border border-sand-200 bg-white p-5 md:p-6"
        >
          <h2 id="contact-details" className="text-xl font-semibold text-ink-900">
            {settings.unvan || settings.brand_name}
          </h2>
          <div className="mt-4 space-y-4">
            <ContactDetails />
            <p className="text-sm text-ink-700">{t('contact.panelHint')}</p>
          </div>
        </section>
        <section
          aria-labelledby="contact-form"
          className="rounded-2xl border border-sand-200 bg-white p-5 md:p-6"
        >
          <h2 id="contact-form" className="text-xl font-semibold text-ink-900">
            {t('contact.formTitle')}
          </h2>
          <div className="mt-4 space-y-5">
            {sent && <FormNotice>{t('contact.sent')}</FormNotice>}
            <AccountForm
              id="contact"
              failure={actionData}
              submitLabel={t('contact.submit')}
              resetKey={sent ? 'sent' : null}
            >
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField
                  name="name"
                  label={t('contact.name')}
                  autoComplete="name"
                  required
                  minLength={2}
                  maxLength={CONTACT_LIMITS.name}
                  messages={{ missing: t('contact.missingName') }}
                />
                <TextField
                  name="email"
                  type="email"
                  label={t('contact.email')}
                  autoComplete="email"
                  required
                  maxLength={CONTACT_LIMITS.email}
                />
              </div>
              <TextField
                name="subject"
                label={t('contact.subject')}
                required
                minLength={3}
                maxLength={CONTACT_LIMITS.subject}
                messages={{ missing: t('contact.missingSubject') }}
              />
              <TextAreaField
                name="message"
                label={t('contact.message')}
                required
                minLength={10}
                maxLength={CONTACT_LIMITS.message}
                missing={t('contact.missingMessage')}
              />
              {/* A trap for bots: people never see or reach it. */}
              <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
                <label htmlFor="contact-website">{t('contact.honeypot')}</label>
                <input
                  id="contact-website"
                  name={CONTACT_HONEYPOT}
                  type="text"
                  tabIndex={-1}
                  autoComplete="off"
                />
              </div>
              <CheckboxField
                name="kvkk"
                required
                missing={t('contact.kvkkMissing')}
                label={t('contact.kvkk')}
                hint={
                  <a href={KVKK_PAGE} target="_blank" rel="noopener" className={linkClass}>
                    {t('contact.kvkkLink')} <span className="sr-only">{t('form.newTab')}</span>
                  </a>
                }
              />
            </AccountForm>
          </div>
        </section>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorScreen />;
}
