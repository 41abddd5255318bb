import { MAX_LINE_QUANTITY } from '@vitrin/shared/api/cart';
import { STOCK_TYPE } from '@vitrin/shared/constants';
import { type PriceContext, priceInTry, resolveDisplayPrice } from '@vitrin/shared/pricing';
import { inArray, sql } from 'drizzle-orm';
import { type PriceEntryRow, shownPriceEntries } from '../catalog/price-entries.ts';
import type { Db } from '../db/client.ts';
import { type CartPersonalization, productPrices, products, productVariants } from '../db/schema.ts';

/**
 * The columns a cart line needs: never descriptions or the search columns, which are most of a product
 * row's bytes and were most of the cost of reading a cart.
 */
const productColumns = {
  id: products.id,
  slug: products.slug,
  sku: products.sku,
  name: products.name,
  stockType: products.stockType,
  categoryId: products.categoryId,
  images: products.images,
  vatRate: products.vatRate,
  stock: products.stock,
  isActive: products.isActive,
  personalization: products.personalization,
  /** The product's version (`updated_at` to the microsecond): checkout trusts cached rows of this version. */
  version: sql<string>`${products.updatedAt}::text`,
};
const variantColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  sku: productVariants.sku,
  options: productVariants.options,
  stock: productVariants.stock,
  images: productVariants.images,
  isActive: productVariants.isActive,
};
type ProductRow = Pick<typeof products.$inferSelect, Exclude<keyof typeof productColumns, 'version'>> & {
  version: string;
};
type VariantRow = Pick<typeof productVariants.$inferSelect, keyof typeof variantColumns>;

/** Products, variants and price entries (never the purchase price) that some cart lines refer to. */
export interface CatalogueSlice {
  products: Map<number, ProductRow>;
  variants: Map<number, VariantRow>;
  prices: Map<number, PriceEntryRow[]>;
}

/**
 * Reads what the lines need in three queries, whatever their number (one JSON query was measured slower). Pass the transaction to read inside
 * it (checkout re-reads prices and stock there).
 */
export function loadCatalogue(
  db: Db,
  refs: readonly { productId: number; variantId: number | null }[],
): Promise<CatalogueSlice> {
  const productIds = [...new Set(refs.map((r) => r.productId))];
  const variantIds = [...new Set(refs.flatMap((r) => (r.variantId === null ? [] : [r.variantId])))];
  return readSlice(db, productIds, variantIds);
}

/** One product with all its variants and price entries (what the cart's catalogue cache keeps). */
export function loadProduct(db: Db, productId: number): Promise<CatalogueSlice> {
  return readSlice(db, [productId], 'all');
}

async function readSlice(db: Db, productIds: number[], variants: number[] | 'all'): Promise<CatalogueSlice> {
  if (productIds.length === 0) return { products: new Map(), variants: new Map(), prices: new Map() };
  const [productRows, variantRows, priceRows] = await Promise.all([
    db.select(productColumns).from(products).where(inArray(products.id, productIds)),
    variants === 'all'
      ? db.select(variantColumns).from(productVariants).where(inArray(productVariants.productId, productIds))
      : variants.length
        ? db.select(variantColumns).from(productVariants).where(inArray(productVariants.id, variants))
        : Promise.resolve([] as VariantRow[]),
    shownPriceEntries(db, inArray(productPrices.productId, productIds)),
  ]);
  const prices = new Map<number, PriceEntryRow[]>();
  for (const p of priceRows) {
    const list = prices.get(p.productId) ?? [];
    list.push(p);
    prices.set(p.productId, list);
  }
  return {
    products: new Map(productRows.map((p) => [p.id, p])),
    variants: new Map(variantRows.map((v) => [v.id, v])),
    prices,
  };
}

/** One cart line priced from the catalogue now. */
export interface PricedItem {
  product: ProductRow;
  variant: VariantRow | null;
  /** False when the product, its variant or its price is gone: the line cannot be bought. */
  sold: boolean;
  /** Pieces left; null for unlimited (a product without a stock count, e.g. a virtual one). */
  stock: number | null;
  /** TRY minor units, VAT included, personalization surcharge included; 0 when not sold. */
  unitPriceMinor: number;
  /** The instalment price (type 4) above the sale price for one piece, else 0. */
  instalmentExtraMinor: number;
  /** The stored price (with the surcharge) in its own currency, before conversion: copied into orders. */
  originalPriceMinor: number;
  originalCurrency: string;
  vatRate: number;
  sku: string;
  options: Record<string, string>;
  image: string | null;
}

const PAID_TYPES = { retail: 2, wholesale: 5 } as const;

/** Whether the shopper filled in anything: a designable product's surcharge applies to a personalized piece. */
export function isPersonalized(p: CartPersonalization | null | undefined): boolean {
  return !!p && (p.image !== undefined || Object.values(p.fields).some((v) => v.trim() !== ''));
}

/**
 * Prices a line the way the product page does (`resolveDisplayPrice`: wholesale customers pay type 5 when
 * there is one, USD/EUR converted with the shop's rates) and adds the personalization surcharge, which is
 * kept in the paid price's currency and converted with it. The instalment extra is measured against the
 * retail sale price, so a wholesale customer paying in instalments keeps their discount on the difference.
 */
export function priceItem(
  slice: CatalogueSlice,
  item: { productId: number; variantId: number | null; personalization: CartPersonalization | null },
  ctx: PriceContext,
): PricedItem | null {
  const product = slice.products.get(item.productId);
  if (!product) return null;
  const variant = item.variantId === null ? null : (slice.variants.get(item.variantId) ?? null);
  const all = slice.prices.get(product.id) ?? [];
  const own = variant ? all.filter((p) => p.variantId === variant.id).map((p) => p.entry) : [];
  const entries = own.length ? own : all.filter((p) => p.variantId === null).map((p) => p.entry);

  const resolved = resolveDisplayPrice(entries, product.vatRate, ctx);
  const retail = ctx.wholesale
    ? resolveDisplayPrice(entries, product.vatRate, { ...ctx, wholesale: false })
    : resolved;
  const variantOk =
    product.stockType === STOCK_TYPE.Variant
      ? variant !== null && variant.productId === product.id && variant.isActive
      : item.variantId === null;
  const sold = product.isActive && variantOk && resolved !== null;

  const personalized = product.stockType === STOCK_TYPE.Designable && isPersonalized(item.personalization);
  const surcharge = personalized ? (product.personalization?.surchargeMinor ?? 0) : 0;
  const paidType = resolved?.isWholesale ? PAID_TYPES.wholesale : PAID_TYPES.retail;
  const paidEntry = entries.find((e) => e.price_type === paidType);
  const surchargeTry = resolved && surcharge ? priceInTry(surcharge, resolved.originalCurrency, ctx) : 0;
  const unitPriceMinor = resolved ? resolved.amountMinor + surchargeTry : 0;
  const instalmentExtraMinor =
    resolved && retail ? Math.max(0, retail.instalmentBaseMinor - retail.amountMinor) : 0;

  return {
    product,
    variant,
    sold,
    stock: product.stockType === STOCK_TYPE.Variant ? (variant?.stock ?? 0) : product.stock,
    unitPriceMinor,
    instalmentExtraMinor,
    originalPriceMinor: (paidEntry?.price ?? 0) + surcharge,
    originalCurrency: resolved?.originalCurrency ?? 'TRY',
    vatRate: product.vatRate,
    sku: variant?.sku ?? product.sku,
    options: variant?.options ?? {},
    image: variant?.images[0] ?? product.images[0] ?? null,
  };
}

/** The most of a line the shopper may have now: the stock, or the line bound when stock is unlimited. */
export function maxQuantityOf(item: Pick<PricedItem, 'sold' | 'stock'>): number {
  if (!item.sold) return 0;
  return item.stock === null ? MAX_LINE_QUANTITY : Math.max(0, Math.min(item.stock, MAX_LINE_QUANTITY));
}
