import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { ProductListing } from '../components/product-listing.tsx';
import { i18n } from '../i18n/index.ts';
import { parseListingQuery } from '../lib/listing-query.server.ts';
import { notFound, param, parseParams } from '../lib/route-params.server.ts';
import { catalogMeta, LISTING_CACHE } from '../lib/seo.ts';
import type { Route } from './+types/tags';

export const meta: Route.MetaFunction = ({ data, matches }) =>
  catalogMeta(
    matches,
    data && {
      title: i18n.t('catalog.tagTitle', { name: data.page.tag.name }),
      description: `${data.page.tag.name}: ${data.page.listing.total} ürün`,
      path: `/tags/${data.page.tag.slug}`,
    },
  );

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { slug } = parseParams({ params, request }, { slug: param.slug });
  const query = parseListingQuery(request);
  const page = await context.tagPage(slug, query);
  if (!page) notFound(request);
  return { page, query };
}

export const headers: Route.HeadersFunction = () => LISTING_CACHE;

export default function TagRoute({ loaderData }: Route.ComponentProps) {
  const { page, query } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs crumbs={[]} current={page.tag.name} />
      <h1 className="mt-4 text-3xl font-semibold text-ink-900">
        {i18n.t('catalog.tagTitle', { name: page.tag.name })}
      </h1>
      <div className="mt-8">
        <ProductListing listing={page.listing} query={query} />
      </div>
    </main>
  );
}
