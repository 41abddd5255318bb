import type { ProductCard as ProductCardData } from '@vitrin/shared/api/catalog';
import { PAGE_TYPE } from '@vitrin/shared/constants';
import { AppLink } from '../components/app-link.tsx';
import { HomeBlogSection } from '../components/blog/home-blog.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { ProductGrid } from '../components/product-card.tsx';
import { ResponsiveImage } from '../components/responsive-image.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { catalogMeta } from '../lib/seo.ts';
import { organizationJsonLd, websiteJsonLd } from '../lib/structured-data.ts';
import type { RootData } from '../lib/use-home.ts';
import { useRootData } from '../lib/use-home.ts';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ matches }) => {
  const brand = (matches[0]?.data as RootData | undefined)?.home.global_setting.brand_name ?? 'Vitrin';
  return catalogMeta(matches, {
    title: i18n.t('home.title', { brand }),
    exactTitle: true,
    description: i18n.t('home.description', { brand }),
    path: '/',
  });
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const [shelves, posts, home] = await Promise.all([
    context.homeShelves(),
    context.blog.recent(3),
    context.home(),
  ]);
  // For crawlers, which read the server's HTML: made here, so its code never reaches the browser.
  const origin = new URL(request.url).origin;
  const jsonLd = [
    organizationJsonLd(origin, home.global_setting, home.social_accounts),
    websiteJsonLd(origin, home.global_setting.brand_name),
  ];
  return { shelves, posts, jsonLd };
}

export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
});

const valueKeys = ['handmade', 'personal', 'secure', 'returns'] as const;

/** The home page: it uses no named layout and composes header, hero and footer itself. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { home, pageLinks } = useRootData();
  const { featuredCategories, newProducts, discountedProducts } = loaderData.shelves;
  const settings = home.global_setting;
  const helpLinks = pageLinks.filter((p) => p.type === PAGE_TYPE.Help);
  const heroCategory = featuredCategories[0];
  return (
    <>
      <JsonLd data={loaderData.jsonLd} />
      <SiteHeader />
      <main id="main">
        <section className="bg-gradient-to-br from-sand-100 via-sand-50 to-sand-200">
          <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 md:grid-cols-2 md:py-20">
            <div>
              <h1 className="max-w-3xl text-4xl font-semibold tracking-tight text-ink-900 md:text-6xl">
                {settings.hero_title || settings.brand_name}
              </h1>
              {settings.hero_text && (
                <p className="mt-6 max-w-2xl text-lg text-ink-700 md:text-xl">{settings.hero_text}</p>
              )}
              <div className="mt-8 flex flex-wrap gap-3">
                {heroCategory && (
                  <AppLink
                    to={`/shop/${heroCategory.slug}`}
                    className="rounded-lg bg-clay-700 px-6 py-3 font-medium text-white hover:bg-clay-800"
                  >
                    {t('home.heroCta', { category: heroCategory.name })}
                  </AppLink>
                )}
                <AppLink
                  to="/about"
                  className="rounded-lg border border-ink-800 px-6 py-3 font-medium text-ink-900 hover:bg-white"
                >
                  {t('home.heroSecondary')}
                </AppLink>
              </div>
            </div>
            {settings.hero_image && (
              // Beside the text on wide screens only: on a phone it would push the categories off the
              // first screen, and hidden it is never loaded (lazy).
              <div className="hidden aspect-[4/3] overflow-hidden rounded-2xl md:block">
                <ResponsiveImage
                  path={settings.hero_image}
                  alt=""
                  width={1200}
                  height={900}
                  sizes="(min-width: 1280px) 608px, 46vw"
                  widths={[480, 640, 800, 1200]}
                  className="h-full w-full object-cover"
                  data-testid="hero-image"
                />
              </div>
            )}
          </div>
        </section>

        {featuredCategories.length > 0 && (
          <section aria-labelledby="categories-title" className="mx-auto max-w-7xl px-4 pt-16">
            <h2 id="categories-title" className="text-2xl font-semibold text-ink-900">
              {t('home.categoriesTitle')}
            </h2>
            <ul
              className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-5"
              data-testid="featured-categories"
            >
              {featuredCategories.map((c) => (
                <li key={c.slug}>
                  <AppLink
                    to={`/shop/${c.slug}`}
                    className="group block overflow-hidden rounded-xl border border-sand-200 bg-white"
                  >
                    <div className="aspect-[4/3] overflow-hidden bg-sand-100">
                      <ResponsiveImage
                        path={c.image}
                        alt=""
                        width={400}
                        height={300}
                        // Square product pictures cropped to this 4:3 box.
                        sizes="(min-width: 1280px) 240px, (min-width: 768px) 30vw, 50vw"
                        widths={[320, 480, 640]}
                        className="h-full w-full object-cover transition group-hover:scale-105"
                      />
                    </div>
                    <span className="block p-3 font-medium text-ink-900">{c.name}</span>
                  </AppLink>
                </li>
              ))}
            </ul>
          </section>
        )}

        <Shelf id="new" title={t('home.newTitle')} products={newProducts} />
        <Shelf id="discounted" title={t('home.discountedTitle')} products={discountedProducts} />
        <HomeBlogSection posts={loaderData.posts} />

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

function Shelf({ id, title, products }: { id: string; title: string; products: ProductCardData[] }) {
  if (!products.length) return null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mx-auto max-w-7xl px-4 pt-16"
      data-testid={`shelf-${id}`}
    >
      <h2 id={`${id}-title`} className="mb-6 text-2xl font-semibold text-ink-900">
        {title}
      </h2>
      <ProductGrid products={products} eager={0} />
    </section>
  );
}
