import { useTranslation } from '../i18n/index.ts';
import { useRootData } from '../lib/use-home.ts';

/** The shop's e-mail, phone and address from its settings (the same details as the footer). */
export function ContactDetails() {
  const { t } = useTranslation();
  const settings = useRootData().home.global_setting;
  const link = 'font-medium text-clay-700 underline underline-offset-2 hover:text-clay-800';
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
      {settings.contact_email && (
        <div className="contents">
          <dt className="whitespace-nowrap font-medium text-ink-600">{t('support.email')}</dt>
          <dd>
            <a href={`mailto:${settings.contact_email}`} className={link}>
              {settings.contact_email}
            </a>
          </dd>
        </div>
      )}
      {settings.contact_phone && (
        <div className="contents">
          <dt className="whitespace-nowrap font-medium text-ink-600">{t('support.phone')}</dt>
          <dd>
            <a href={`tel:${settings.contact_phone.replace(/\s/g, '')}`} className={link}>
              {settings.contact_phone}
            </a>
          </dd>
        </div>
      )}
      {settings.contact_address && (
        <div className="contents">
          <dt className="whitespace-nowrap font-medium text-ink-600">{t('support.address')}</dt>
          <dd className="text-ink-900">{settings.contact_address}</dd>
        </div>
      )}
    </dl>
  );
}
