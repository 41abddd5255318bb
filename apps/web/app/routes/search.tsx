import { AppLink } from '../components/app-link.tsx';
import { ProductListing } from '../components/product-listing.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { parseListingQuery, parseSearchText } from '../lib/listing-query.server.ts';
import { catalogMeta } from '../lib/seo.ts';
import type { Route } from './+types/search';

export const meta: Route.MetaFunction = ({ data: d, matches }) => [
  ...catalogMeta(matches, {
    title: d?.q ? i18n.t('search.resultsFor', { q: d.q }) : i18n.t('search.title'),
    description: i18n.t('search.emptyText'),
    path: '/search',
  }),
  // Result pages are endless variations of one page: keep them out of the index.
  { name: 'robots', content: 'noindex, follow' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = parseSearchText(request);
  const query = parseListingQuery(request);
  const sorted = new URL(request.url).searchParams.has('sort')
    ? query
    : { ...query, sort: 'relevance' as const };
  const [result, categories] = await Promise.all([context.search(q, sorted), context.categories()]);
  return { ...result, query: sorted, categories };
}

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { q, listing, query, categories } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-semibold text-ink-900">
        {q ? t('search.resultsFor', { q }) : t('search.emptyTitle')}
      </h1>
      {!listing ? (
        <div className="mt-6 max-w-2xl space-y-6">
          <p className="text-ink-700">{t('search.emptyText')}</p>
          <h2 className="text-xl font-semibold">{t('search.browse')}</h2>
          <ul className="flex flex-wrap gap-2">
            {categories.map((c) => (
              <li key={c.slug}>
                <AppLink
                  to={`/shop/${c.slug}`}
                  className="inline-block rounded-full border border-sand-300 bg-white px-4 py-1.5 hover:border-clay-700"
                >
                  {c.name}
                </AppLink>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <div className="mt-8">
          {listing.total === 0 && !query.tag.length && !query.opt.length && (
            <p className="mb-6 rounded-xl border border-sand-200 bg-white p-4 text-ink-700">
              {t('search.noResults', { q })}
            </p>
          )}
          <ProductListing listing={listing} query={query} searchable />
        </div>
      )}
    </main>
  );
}
