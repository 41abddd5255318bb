import type { ProductDetail, StockView } from '@vitrin/shared/api/catalog';
import { PRICE_TYPE, STOCK_TYPE } from '@vitrin/shared/constants';
import { type PriceEntry, resolveDisplayPrice } from '@vitrin/shared/pricing';
import { asRichText } from '@vitrin/shared/rich-text';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { sanitizeRichText } from '../content/sanitize.ts';
import type { Db } from '../db/client.ts';
import { productPrices, products, productTags, productVariants, tags } from '../db/schema.ts';
import type { CategoryTree } from './categories.ts';
import { CARD_COLUMNS, cards, publicPrice, type ShopperContext } from './listing.ts';
import { rows } from './rows.ts';

/** At or below this many pieces the page says how many are left. */
export const LOW_STOCK = 5;
const RELATED_COUNT = 8;

type RelatedRow = Parameters<typeof cards>[1][number];

export function stockView(stock: number | null): StockView {
  if (stock === null) return { state: 'in_stock', remaining: null };
  if (stock <= 0) return { state: 'out', remaining: null };
  if (stock <= LOW_STOCK) return { state: 'low', remaining: stock };
  return { state: 'in_stock', remaining: null };
}

/** Everything the product page shows; null for an unknown or inactive product. Never the purchase price. */
export async function productBySlug(
  db: Db,
  tree: CategoryTree,
  slug: string,
  ctx: ShopperContext,
): Promise<ProductDetail | null> {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.isActive, true)))
    .limit(1);
  const category = product && tree.byId.get(product.categoryId);
  if (!product || !category) return null;

  const [priceRows, variantRows, tagRows, relatedRows] = await Promise.all([
    db
      .select()
      .from(productPrices)
      .where(and(eq(productPrices.productId, product.id), ne(productPrices.priceType, PRICE_TYPE.Purchase)))
      .orderBy(asc(productPrices.id)),
    db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, product.id), eq(productVariants.isActive, true)))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    db
      .select({ slug: tags.slug, name: tags.name })
      .from(productTags)
      .innerJoin(tags, eq(tags.id, productTags.tagId))
      .where(eq(productTags.productId, product.id))
      .orderBy(asc(tags.name)),
    rows<RelatedRow>(
      db,
      sql`select ${CARD_COLUMNS}
        from products p
        where p.category_id = ${product.categoryId} and p.id <> ${product.id} and p.is_active
        order by random() limit ${RELATED_COUNT}`,
    ),
  ]);

  const entries = (variantId: number | null): PriceEntry[] =>
    priceRows
      .filter((p) => p.variantId === variantId)
      .map((p) => ({ price_type: p.priceType, price: p.amountMinor, currency: p.currency }));
  const productEntries = entries(null);
  const productPrice = resolveDisplayPrice(productEntries, product.vatRate, ctx);
  const variants = variantRows.map((v) => {
    const own = entries(v.id);
    return {
      id: v.id,
      sku: v.sku,
      options: v.options,
      images: v.images,
      stock: stockView(v.stock),
      price: publicPrice(resolveDisplayPrice(own.length ? own : productEntries, product.vatRate, ctx)),
    };
  });
  const totalVariantStock = variantRows.reduce((sum, v) => sum + v.stock, 0);

  return {
    id: product.id,
    slug: product.slug,
    sku: product.sku,
    brand: product.brand,
    name: product.name,
    shortDescription: product.shortDescription,
    // A description kept as plain text (from before the editor, or imported) shows as its paragraphs.
    description: sanitizeRichText(asRichText(product.description)),
    stockType: product.stockType,
    vatRate: product.vatRate,
    images: product.images,
    imageAlts: product.imageAlts,
    stock: stockView(product.stockType === STOCK_TYPE.Variant ? totalVariantStock : product.stock),
    price: publicPrice(productPrice),
    optionGroups: product.optionGroups,
    variants,
    personalization: product.stockType === STOCK_TYPE.Designable ? (product.personalization ?? null) : null,
    specifications: product.specifications,
    tags: tagRows,
    category: { slug: category.slug, name: category.name },
    breadcrumbs: tree.breadcrumbs(category.id),
    related: await cards(db, relatedRows, ctx),
    metaTitle: product.metaTitle,
    metaDescription: product.metaDescription,
  };
}
