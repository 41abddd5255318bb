import { STOCK_TYPE } from '@vitrin/shared/constants';
import { imageUrl } from '@vitrin/shared/media';
import { type PriceContext, type PriceEntry, resolveDisplayPrice } from '@vitrin/shared/pricing';
import { and, asc, between, eq, gt } from 'drizzle-orm';
import type { CategoryTree } from '../catalog/categories.ts';
import { shownPriceEntries } from '../catalog/price-entries.ts';
import type { Db } from '../db/client.ts';
import { productPrices, products, productVariants } from '../db/schema.ts';
import { isValidGtin } from './gtin.ts';
import { plainText, truncate } from './text.ts';

/**
 * Products read at a time: the feed is written and compressed batch by batch, never held whole, and the
 * statements stay short for the requests that share the embedded database (bench/RESULTS.md, feeds).
 */
export const FEED_BATCH = 250;
/** Google's limits: title 150 characters, description 5000, at most 10 additional images. */
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5_000;
const MORE_IMAGES_MAX = 10;

/** One thing a shopper can buy, as both feeds list it: a product, or one variant of a variant product. */
export interface FeedItem {
  /** The SKU (the variant's for a variant). */
  id: string;
  /** The product's SKU when this is one of its variants. */
  groupId: string | null;
  title: string;
  description: string;
  link: string;
  image: string;
  moreImages: string[];
  /** Pieces in stock; null for a product whose stock is not counted (a virtual one). */
  stock: number | null;
  inStock: boolean;
  /** What a retail shopper pays, TRY minor units, VAT included. */
  priceMinor: number;
  /** The market price when the storefront shows the price as a discount from it; else null. */
  marketMinor: number | null;
  brand: string;
  /** A valid GTIN, else null. */
  gtin: string | null;
  categoryPath: string[];
  shippingMinor: number;
  /** The variant's options, e.g. `{ Renk: 'Mavi', Beden: 'M' }`; empty for a product. */
  options: Record<string, string>;
}

export interface FeedContext {
  baseUrl: string;
  tree: CategoryTree;
  prices: PriceContext;
  shippingFeeMinor: number;
  /** 0: shipping is never free. */
  freeShippingThresholdMinor: number;
}

type ProductRow = Pick<
  typeof products.$inferSelect,
  | 'id'
  | 'slug'
  | 'sku'
  | 'name'
  | 'shortDescription'
  | 'description'
  | 'brand'
  | 'barcode'
  | 'stockType'
  | 'categoryId'
  | 'images'
  | 'vatRate'
  | 'stock'
>;

/**
 * Every item of every active, visible product (its category is active and reachable), in product id order,
 * one batch of products at a time (keyset by id: no large OFFSET at 100 000 products). A product without a
 * sale price is not for sale and is left out, as the storefront leaves it out of its prices.
 */
export async function* feedItems(db: Db, ctx: FeedContext): AsyncGenerator<FeedItem[]> {
  // A category's path is shared by all its products: made once per category.
  const paths = new Map<number, string[]>();
  const pathOf = (categoryId: number) => {
    let path = paths.get(categoryId);
    if (!path) {
      path = ctx.tree.breadcrumbs(categoryId).map((c) => c.name);
      paths.set(categoryId, path);
    }
    return path;
  };
  for (let after = 0; ; ) {
    const batch: ProductRow[] = await db
      .select({
        id: products.id,
        slug: products.slug,
        sku: products.sku,
        name: products.name,
        shortDescription: products.shortDescription,
        description: products.description,
        brand: products.brand,
        barcode: products.barcode,
        stockType: products.stockType,
        categoryId: products.categoryId,
        images: products.images,
        vatRate: products.vatRate,
        stock: products.stock,
      })
      .from(products)
      .where(and(eq(products.isActive, true), gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(FEED_BATCH);
    if (!batch.length) return;
    const first = batch[0]!.id;
    const last = batch[batch.length - 1]!.id;
    after = last;
    const [priceRows, variantRows] = await Promise.all([
      shownPriceEntries(db, between(productPrices.productId, first, last)),
      db
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          sku: productVariants.sku,
          barcode: productVariants.barcode,
          options: productVariants.options,
          stock: productVariants.stock,
          images: productVariants.images,
        })
        .from(productVariants)
        .where(and(between(productVariants.productId, first, last), eq(productVariants.isActive, true)))
        .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id)),
    ]);
    const pricesOf = new Map<string, PriceEntry[]>();
    for (const p of priceRows) {
      const key = `${p.productId}:${p.variantId ?? ''}`;
      const list = pricesOf.get(key) ?? [];
      list.push(p.entry);
      pricesOf.set(key, list);
    }
    const variantsOf = new Map<number, typeof variantRows>();
    for (const v of variantRows) {
      const list = variantsOf.get(v.productId) ?? [];
      list.push(v);
      variantsOf.set(v.productId, list);
    }
    const items: FeedItem[] = [];
    for (const product of batch) {
      const own = pricesOf.get(`${product.id}:`) ?? [];
      const variants = product.stockType === STOCK_TYPE.Variant ? (variantsOf.get(product.id) ?? []) : [];
      itemsOf(product, own, variants, pricesOf, ctx, pathOf, items);
    }
    yield items;
  }
}

function itemsOf(
  product: ProductRow,
  productPriceEntries: PriceEntry[],
  variants: Array<{
    id: number;
    sku: string;
    barcode: string | null;
    options: Record<string, string>;
    stock: number;
    images: string[];
  }>,
  pricesOf: Map<string, PriceEntry[]>,
  ctx: FeedContext,
  pathOf: (categoryId: number) => string[],
  out: FeedItem[],
): void {
  if (!ctx.tree.byId.has(product.categoryId)) return;
  const categoryPath = pathOf(product.categoryId);
  const description = truncate(
    plainText(product.description, DESCRIPTION_MAX) ||
      plainText(product.shortDescription, DESCRIPTION_MAX) ||
      product.name,
    DESCRIPTION_MAX,
  );
  const link = `${ctx.baseUrl}/product/${encodeURIComponent(product.slug)}`;
  const base = {
    description,
    link,
    brand: product.brand.trim(),
    categoryPath,
  };
  const shipping = (paid: number) =>
    product.stockType === STOCK_TYPE.Virtual ||
    (ctx.freeShippingThresholdMinor > 0 && paid >= ctx.freeShippingThresholdMinor)
      ? 0
      : ctx.shippingFeeMinor;
  const images = (own: string[]) => {
    const list = [...own, ...product.images.filter((i) => !own.includes(i))];
    return {
      image: imageUrl(list[0], ctx.baseUrl),
      moreImages: list.slice(1, 1 + MORE_IMAGES_MAX).map((i) => imageUrl(i, ctx.baseUrl)),
    };
  };

  if (product.stockType !== STOCK_TYPE.Variant) {
    const price = resolveDisplayPrice(productPriceEntries, product.vatRate, ctx.prices);
    if (!price) return;
    out.push({
      ...base,
      ...images([]),
      id: product.sku,
      groupId: null,
      title: truncate(product.name, TITLE_MAX),
      stock: product.stock,
      inStock: product.stock === null || product.stock > 0,
      priceMinor: price.amountMinor,
      marketMinor: price.marketMinor,
      gtin: isValidGtin(product.barcode) ? product.barcode : null,
      shippingMinor: shipping(price.amountMinor),
      options: {},
    });
    return;
  }
  for (const v of variants) {
    const own = pricesOf.get(`${product.id}:${v.id}`);
    const price = resolveDisplayPrice(own?.length ? own : productPriceEntries, product.vatRate, ctx.prices);
    if (!price) continue;
    const values = Object.values(v.options);
    out.push({
      ...base,
      ...images(v.images),
      id: v.sku,
      groupId: product.sku,
      title: truncate(values.length ? `${product.name} - ${values.join(' / ')}` : product.name, TITLE_MAX),
      stock: v.stock,
      inStock: v.stock > 0,
      priceMinor: price.amountMinor,
      marketMinor: price.marketMinor,
      gtin: isValidGtin(v.barcode) ? v.barcode : null,
      shippingMinor: shipping(price.amountMinor),
      options: v.options,
    });
  }
}
