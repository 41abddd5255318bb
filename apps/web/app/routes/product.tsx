import type { StockView } from '@vitrin/shared/api/catalog';
import { REVIEW_SORTS, type ReviewSort } from '@vitrin/shared/api/reviews-context';
import { STOCK_TYPE } from '@vitrin/shared/constants';
import { useState } from 'react';
import { redirect } from 'react-router';
import { AddToCart } from '../cart/add-to-cart.tsx';
import { ProductInstalments } from '../checkout/product-instalments.tsx';
import { Breadcrumbs, breadcrumbJsonLd } from '../components/breadcrumbs.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { Price } from '../components/price.tsx';
import { ProductGrid } from '../components/product-card.tsx';
import { ProductGallery } from '../components/product-gallery.tsx';
import { StickyBuyBar } from '../components/sticky-buy-bar.tsx';
import { CompareButton, WishlistButton } from '../components/wishlist/list-buttons.tsx';
import { useTranslation } from '../i18n/index.ts';
import { notFound, param, parseParams } from '../lib/route-params.server.ts';
import { catalogMeta, LISTING_CACHE } from '../lib/seo.ts';
import { productJsonLd, reviewsJsonLd } from '../lib/structured-data.ts';
import { findVariant, galleryImages, initialChoice, isAvailable } from '../lib/variants.ts';
import { ReviewsBlock } from '../reviews/reviews-block.tsx';
import type { Route } from './+types/product';

export const meta: Route.MetaFunction = ({ data, matches }) =>
  catalogMeta(
    matches,
    data && {
      title: data.product.metaTitle || data.product.name,
      exactTitle: data.product.metaTitle !== '',
      description: data.product.metaDescription || data.product.shortDescription || data.product.name,
      path: `/product/${data.product.slug}`,
      image: data.product.images[0],
    },
  );

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { slug } = parseParams({ params, request }, { slug: param.slug });
  const product = await context.product(slug);
  if (!product) {
    // A product whose slug changed: its old address moves for good (looked up only on a miss).
    const movedTo = await context.productMovedTo(slug);
    if (movedTo) throw redirect(`/product/${movedTo}`, 301);
    notFound(request);
  }
  const url = new URL(request.url);
  const origin = url.origin;
  // The reviews' page and sort from the query (anything else: the first page, newest first).
  const asked = url.searchParams.get('sort') as ReviewSort | null;
  const reviews = await context.reviews.page(product.slug, {
    page: String(Math.max(1, Math.min(10_000, Math.trunc(Number(url.searchParams.get('page'))) || 1))),
    sort: asked && REVIEW_SORTS.includes(asked) ? asked : 'newest',
  });
  // Structured data is for crawlers, which read the server's HTML: made here, so its code never reaches the
  // browser (the product page's JavaScript budget). It describes the variant the page opens with.
  const groups = product.optionGroups.map((g) => g.name);
  const variant = findVariant(product.variants, initialChoice(product.variants), groups);
  const jsonLd = [
    {
      ...productJsonLd(origin, product, {
        price: variant?.price ?? product.price,
        stock: variant?.stock ?? (groups.length ? { state: 'out', remaining: null } : product.stock),
        policy: await context.merchantPolicy(),
        shopName: (await context.home()).global_setting.brand_name,
      }),
      ...reviewsJsonLd(reviews),
    },
    breadcrumbJsonLd(origin, [
      ...product.breadcrumbs,
      { name: product.name, url: `/product/${product.slug}` },
    ]),
  ];
  return { product, jsonLd, reviews };
}

export const headers: Route.HeadersFunction = () => LISTING_CACHE;

function StockBadge({ stock }: { stock: StockView }) {
  const { t } = useTranslation();
  const text =
    stock.state === 'out'
      ? t('catalog.outOfStock')
      : stock.state === 'low'
        ? t('catalog.lowStock', { count: stock.remaining ?? 0 })
        : t('catalog.inStock');
  const colour =
    stock.state === 'out'
      ? 'bg-ink-800 text-white'
      : stock.state === 'low'
        ? 'bg-amber-100 text-amber-900'
        : 'bg-olive-600 text-white';
  return (
    <p className={`inline-block rounded px-2 py-1 text-sm font-medium ${colour}`} data-testid="stock-state">
      {text}
    </p>
  );
}

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const { product, jsonLd, reviews } = loaderData;
  const { t } = useTranslation();
  const groups = product.optionGroups.map((g) => g.name);
  const [chosen, setChosen] = useState<Record<string, string>>(() => initialChoice(product.variants));
  const variant = findVariant(product.variants, chosen, groups);
  const price = variant?.price ?? product.price;
  const stock =
    variant?.stock ?? (groups.length ? { state: 'out' as const, remaining: null } : product.stock);
  const images = galleryImages(product.images, variant);

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <JsonLd data={jsonLd} />
      <Breadcrumbs crumbs={product.breadcrumbs} current={product.name} />
      <div className="mt-6 grid gap-10 md:grid-cols-2">
        <ProductGallery images={images} name={product.name} alts={product.imageAlts} key={images.join()} />
        <div className="space-y-6">
          <div>
            <h1 className="text-3xl font-semibold text-ink-900">{product.name}</h1>
            <p className="mt-1 text-sm text-ink-600">
              {t('catalog.sku')}: {variant?.sku ?? product.sku}
            </p>
          </div>
          <div data-testid="product-price">
            <Price price={price} size="lg" />
          </div>
          <StockBadge stock={stock} />
          {product.shortDescription && <p className="text-ink-700">{product.shortDescription}</p>}

          {product.optionGroups.map((group) => (
            <fieldset key={group.name}>
              <legend className="mb-2 text-sm font-semibold">
                {t('catalog.choose', { name: group.name })}
              </legend>
              <div className="flex flex-wrap gap-2">
                {group.values.map((value) => {
                  const available = isAvailable(product.variants, chosen, group.name, value);
                  const id = `opt-${group.name}-${value}`.replace(/\s+/g, '-');
                  return (
                    <label
                      key={value}
                      htmlFor={id}
                      className={`cursor-pointer rounded-lg border px-3 py-2 text-sm has-[:checked]:border-clay-700 has-[:checked]:bg-clay-700 has-[:checked]:text-white has-[:focus-visible]:outline-2 ${available ? 'border-sand-300 bg-white' : 'border-dashed border-sand-300 bg-sand-100 text-ink-600 line-through'}`}
                    >
                      <input
                        id={id}
                        type="radio"
                        className="sr-only"
                        name={group.name}
                        value={value}
                        checked={chosen[group.name] === value}
                        onChange={() => setChosen((c) => ({ ...c, [group.name]: value }))}
                      />
                      {value}
                      {!available && <span className="sr-only"> ({t('catalog.unavailable')})</span>}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ))}

          <StickyBuyBar price={price} buyable={stock.state !== 'out' && price !== null}>
            <AddToCart
              key={product.id}
              productId={product.id}
              groups={groups}
              chosen={chosen}
              variant={variant}
              stock={stock}
              price={price}
              personalization={product.personalization}
            />
          </StickyBuyBar>
          {product.stockType === STOCK_TYPE.Virtual && (
            <p className="text-sm text-ink-700">{t('catalog.digitalDelivery')}</p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <WishlistButton productId={product.id} />
            <CompareButton productId={product.id} />
          </div>

          {price && <ProductInstalments amountMinor={price.instalmentBaseMinor} />}
        </div>
      </div>

      <div className="below-fold mt-12 grid gap-10 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="description-title">
          <h2 id="description-title" className="text-xl font-semibold">
            {t('catalog.description')}
          </h2>
          <div className="prose-vitrin mt-3" dangerouslySetInnerHTML={{ __html: product.description }} />
        </section>
        {product.specifications.length > 0 && (
          <section aria-labelledby="spec-title">
            <h2 id="spec-title" className="text-xl font-semibold">
              {t('catalog.specifications')}
            </h2>
            <table className="mt-3 w-full text-left text-sm">
              <tbody>
                {product.specifications.map((s) => (
                  <tr key={s.key} className="border-b border-sand-200">
                    <th scope="row" className="py-2 pr-4 font-medium text-ink-900">
                      {s.key}
                    </th>
                    <td className="py-2 text-ink-700">{s.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {product.tags.length > 0 && (
              <ul className="mt-4 flex flex-wrap gap-2 text-sm">
                {product.tags.map((tag) => (
                  <li key={tag.slug}>
                    <a
                      href={`/tags/${tag.slug}`}
                      className="rounded-full bg-sand-100 px-3 py-1 hover:bg-sand-200"
                    >
                      #{tag.name}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>

      {reviews && <ReviewsBlock slug={product.slug} reviews={reviews} />}

      {product.related.length > 0 && (
        <section aria-labelledby="related-title" className="below-fold mt-12">
          <h2 id="related-title" className="mb-4 text-xl font-semibold">
            {t('catalog.related')}
          </h2>
          <ProductGrid products={product.related.slice(0, 4)} eager={0} />
        </section>
      )}
    </main>
  );
}
