import { AppLink } from '../components/app-link.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import type { RootData } from '../lib/use-home.ts';
import { useRootData } from '../lib/use-home.ts';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ matches }) => {
  const brand = (matches[0]?.data as RootData | undefined)?.home.global_setting.brand_name ?? 'Vitrin';
  return [
    { title: i18n.t('home.title', { brand }) },
    { name: 'description', content: i18n.t('home.description', { brand }) },
  ];
};

export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
});

const valueKeys = ['handmade', 'personal', 'secure', 'returns'] as const;

/** The home page: it uses no named layout and composes header, hero and footer itself. */
export default function Home() {
  const { t } = useTranslation();
  const { home, pageLinks } = useRootData();
  const settings = home.global_setting;
  const helpLinks = pageLinks.filter((p) => p.type === 2);
  return (
    <>
      <SiteHeader />
      <main id="main">
        <section className="bg-gradient-to-br from-sand-100 via-sand-50 to-sand-200">
          <div className="mx-auto max-w-7xl px-4 py-20 md:py-28">
            <h1 className="max-w-3xl text-4xl font-semibold tracking-tight text-ink-900 md:text-6xl">
              {settings.hero_title || settings.brand_name}
            </h1>
            {settings.hero_text && (
              <p className="mt-6 max-w-2xl text-lg text-ink-700 md:text-xl">{settings.hero_text}</p>
            )}
            <div className="mt-10 flex flex-wrap gap-3">
              <AppLink
                to="/shop/seramik"
                className="rounded-lg bg-clay-700 px-6 py-3 font-medium text-white hover:bg-clay-800"
              >
                {t('home.heroCta')}
              </AppLink>
              <AppLink
                to="/about"
                className="rounded-lg border border-ink-800 px-6 py-3 font-medium text-ink-900 hover:bg-white"
              >
                {t('home.heroSecondary')}
              </AppLink>
            </div>
          </div>
        </section>

        <section aria-labelledby="values-title" className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="values-title" className="text-2xl font-semibold text-ink-900">
            {t('home.valuesTitle', { brand: settings.brand_name })}
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {valueKeys.map((key) => (
              <li key={key} className="rounded-xl border border-sand-200 bg-white p-6">
                <h3 className="text-lg font-semibold text-clay-700">{t(`home.values.${key}.title`)}</h3>
                <p className="mt-2 text-ink-700">{t(`home.values.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="story-title" className="bg-white">
          <div className="mx-auto grid max-w-7xl gap-8 px-4 py-16 md:grid-cols-2">
            <div>
              <h2 id="story-title" className="text-2xl font-semibold text-ink-900">
                {t('home.storyTitle')}
              </h2>
              <p className="mt-4 text-lg text-ink-700">{t('home.storyText')}</p>
              <AppLink
                to="/about"
                className="mt-6 inline-block font-medium text-clay-700 underline underline-offset-4"
              >
                {t('home.storyLink')}
              </AppLink>
            </div>
            {helpLinks.length > 0 && (
              <nav aria-labelledby="help-title">
                <h2 id="help-title" className="text-2xl font-semibold text-ink-900">
                  {t('home.helpTitle')}
                </h2>
                <ul className="mt-4 space-y-2">
                  {helpLinks.map((link) => (
                    <li key={link.slug}>
                      <AppLink
                        to={`/content/${link.slug}`}
                        className="text-clay-700 underline underline-offset-4"
                      >
                        {link.title}
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
          </div>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
