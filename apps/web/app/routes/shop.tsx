import { AppLink } from '../components/app-link.tsx';
import { Breadcrumbs, breadcrumbJsonLd } from '../components/breadcrumbs.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { ProductListing } from '../components/product-listing.tsx';
import { parseListingQuery } from '../lib/listing-query.server.ts';
import { notFound, param, parseParams } from '../lib/route-params.server.ts';
import { catalogMeta, LISTING_CACHE } from '../lib/seo.ts';
import { itemListJsonLd } from '../lib/structured-data.ts';
import type { Route } from './+types/shop';

export const meta: Route.MetaFunction = ({ data, matches }) =>
  catalogMeta(
    matches,
    data && {
      title: data.page.category.name,
      description: data.page.category.description,
      path: `/shop/${data.page.category.slug}`,
      image: data.page.category.image,
    },
  );

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { slug } = parseParams({ params, request }, { slug: param.slug });
  const query = parseListingQuery(request);
  const page = await context.categoryPage(slug, query);
  if (!page) notFound(request);
  // For crawlers, which read the server's HTML: made here, so its code never reaches the browser.
  const origin = new URL(request.url).origin;
  const { items, page: number, pageSize } = page.listing;
  const jsonLd = [
    breadcrumbJsonLd(origin, page.breadcrumbs),
    itemListJsonLd(origin, items, (number - 1) * pageSize),
  ];
  return { page, query, jsonLd };
}

export const headers: Route.HeadersFunction = () => LISTING_CACHE;

export default function CategoryRoute({ loaderData }: Route.ComponentProps) {
  const { page, query, jsonLd } = loaderData;
  const crumbs = page.breadcrumbs;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <JsonLd data={jsonLd} />
      <Breadcrumbs crumbs={crumbs} />
      <h1 className="mt-4 text-3xl font-semibold text-ink-900">{page.category.name}</h1>
      {page.category.description && (
        <p className="mt-2 max-w-3xl text-ink-700">{page.category.description}</p>
      )}
      {page.subcategories.length > 0 && (
        <nav aria-label="Alt kategoriler" className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {page.subcategories.map((c) => (
              <li key={c.slug}>
                <AppLink
                  to={`/shop/${c.slug}`}
                  className="inline-block rounded-full border border-sand-300 bg-white px-4 py-1.5 text-sm hover:border-clay-700"
                >
                  {c.name}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="mt-8">
        <ProductListing listing={page.listing} query={query} />
      </div>
    </main>
  );
}
