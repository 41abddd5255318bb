import { PAGE_TYPE } from '@vitrin/shared/constants';
import { useTranslation } from '../i18n/index.ts';
import { useRootData } from '../lib/use-home.ts';
import { AppLink } from './app-link.tsx';
import { SocialIcon } from './social-icon.tsx';

export function SiteFooter() {
  const { t } = useTranslation();
  const { home, pageLinks } = useRootData();
  const settings = home.global_setting;
  const groups = [
    {
      title: t('footer.corporate'),
      links: pageLinks.filter((p) => p.type === PAGE_TYPE.Corporate || p.type === PAGE_TYPE.Blog),
    },
    { title: t('footer.help'), links: pageLinks.filter((p) => p.type === PAGE_TYPE.Help) },
    { title: t('footer.legal'), links: pageLinks.filter((p) => p.type === PAGE_TYPE.Static) },
  ];
  return (
    <footer className="mt-16 bg-ink-900 text-sand-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 text-base font-semibold text-white">
            {t('footer.contact')}
          </h2>
          <address className="space-y-2 text-sm not-italic leading-relaxed">
            <p className="font-medium text-white">{settings.unvan}</p>
            {settings.contact_address && (
              <p>
                <span className="sr-only">{t('footer.address')}: </span>
                {settings.contact_address}
              </p>
            )}
            {settings.contact_phone && (
              <p>
                {t('footer.phone')}:{' '}
                <a
                  className="underline-offset-2 hover:underline"
                  href={`tel:${settings.contact_phone.replace(/\s/g, '')}`}
                >
                  {settings.contact_phone}
                </a>
              </p>
            )}
            <p>
              {t('footer.email')}:{' '}
              <a className="underline-offset-2 hover:underline" href={`mailto:${settings.contact_email}`}>
                {settings.contact_email}
              </a>
            </p>
          </address>
          {home.social_accounts.length > 0 && (
            <div className="mt-5">
              <h3 className="mb-2 text-sm font-semibold text-white">{t('footer.followUs')}</h3>
              <ul className="flex gap-2">
                {home.social_accounts.map((account) => (
                  <li key={account.id}>
                    <a
                      href={account.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('footer.socialLink', { label: account.label })}
                      className="flex h-10 w-10 items-center justify-center rounded-full bg-ink-700 hover:bg-clay-700"
                    >
                      <SocialIcon platform={account.platform} />
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>
        {groups
          .filter((g) => g.links.length > 0)
          .map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className="mb-3 text-base font-semibold text-white">{group.title}</h2>
              <ul className="space-y-2 text-sm">
                {group.links.map((link) => (
                  <li key={link.slug}>
                    <AppLink to={`/content/${link.slug}`} className="underline-offset-2 hover:underline">
                      {link.title}
                    </AppLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
      </div>
      <div className="border-t border-ink-700">
        <div className="mx-auto flex max-w-7xl flex-wrap justify-between gap-2 px-4 py-5 text-xs text-sand-200">
          <p>{t('footer.rights', { year: new Date().getFullYear(), unvan: settings.unvan })}</p>
          {settings.footer_text && <p>{settings.footer_text}</p>}
        </div>
      </div>
    </footer>
  );
}
