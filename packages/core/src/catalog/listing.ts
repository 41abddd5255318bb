import type { ProductCard } from '@vitrin/shared/api/catalog';
import { PRICE_TYPE, STOCK_TYPE } from '@vitrin/shared/constants';
import { type PriceEntry, type PriceRounding, resolveDisplayPrice } from '@vitrin/shared/pricing';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sqlCode } from '../db/sql-code.ts';
import { averageRating } from '../reviews/rating.ts';
import { rows } from './rows.ts';

export interface ShopperContext {
  usdRate: string;
  eurRate: string;
  /** The shop's rule for prices converted from USD / EUR (`price_rounding`). */
  rounding: PriceRounding;
  /** Wholesale customers see wholesale prices (type 5) where a product has one. */
  wholesale: boolean;
}

/** `(1, 2, 3)` with bound parameters; an empty list matches nothing. */
function inList(ids: number[]): SQL {
  if (!ids.length) return sql`(null)`;
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** In stock: virtual products without a set quantity always; variant products when a variant has stock. */
export const IN_STOCK = sql`(case
  when p.stock_type = ${sqlCode(STOCK_TYPE.Variant)} then exists (select 1 from product_variants v where v.product_id = p.id and v.is_active and v.stock > 0)
  else p.stock is null or p.stock > 0 end)`;

/** The columns of `products p` that {@link cards} turns into product cards. */
export const CARD_COLUMNS = sql`p.id, p.slug, p.name, p.images, p.stock_type, p.vat_rate, ${IN_STOCK} as in_stock,
  p.rating_count, p.rating_sum`;

interface CardRow {
  id: number;
  slug: string;
  name: string;
  images: string[];
  stock_type: number;
  vat_rate: number;
  in_stock: boolean;
  rating_count: number;
  rating_sum: number;
}

/** Prices every card with one query for all their price entries. */
export async function cards(db: Db, found: CardRow[], ctx: ShopperContext): Promise<ProductCard[]> {
  if (!found.length) return [];
  return pricedCards(
    found,
    await priceEntries(
      db,
      found.map((r) => r.id),
    ),
    ctx,
  );
}

/** The products' own price entries (not their variants'), by product, in entry order. */
async function priceEntries(db: Db, ids: number[]): Promise<Map<number, PriceEntry[]>> {
  const entries = await rows<{
    product_id: number;
    price_type: number;
    amount_minor: number;
    currency: string;
  }>(
    db,
    sql`select product_id, price_type, amount_minor, currency from product_prices
      where variant_id is null and price_type <> ${sqlCode(PRICE_TYPE.Purchase)} and product_id in ${inList(ids)}
      order by id`,
  );
  const byProduct = new Map<number, PriceEntry[]>();
  for (const e of entries) {
    const list = byProduct.get(e.product_id) ?? [];
    list.push({ price_type: e.price_type, price: Number(e.amount_minor), currency: e.currency });
    byProduct.set(e.product_id, list);
  }
  return byProduct;
}

function pricedCards(
  found: CardRow[],
  byProduct: Map<number, PriceEntry[]>,
  ctx: ShopperContext,
): ProductCard[] {
  return found.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    image: r.images[0] ?? null,
    stockType: r.stock_type,
    inStock: Boolean(r.in_stock),
    price: publicPrice(resolveDisplayPrice(byProduct.get(r.id) ?? [], r.vat_rate, ctx)),
    rating: cardRating(Number(r.rating_count), Number(r.rating_sum)),
  }));
}

/** A card's rating from the product's approved reviews (as the catalogue index gives it); null without any. */
export function cardRating(count: number, sum: number): ProductCard['rating'] {
  const average = averageRating(count, sum);
  return average === null ? null : { average, count };
}

/** The shopper-facing part of a resolved price (the VAT portion is for invoices and the cart). */
export function publicPrice(price: ReturnType<typeof resolveDisplayPrice>): ProductCard['price'] {
  if (!price) return null;
  return {
    amountMinor: price.amountMinor,
    vatRate: price.vatRate,
    marketMinor: price.marketMinor,
    discountPercent: price.discountPercent,
    instalmentBaseMinor: price.instalmentBaseMinor,
    originalCurrency: price.originalCurrency,
    isWholesale: price.isWholesale,
  };
}

/**
 * Product cards of the given products, in the given order (a search's page). The ids are known, so the
 * products and their prices are read at once.
 */
export async function cardsByIds(db: Db, ids: number[], ctx: ShopperContext): Promise<ProductCard[]> {
  if (!ids.length) return [];
  const [found, byProduct] = await Promise.all([
    rows<CardRow>(db, sql`select ${CARD_COLUMNS} from products p where p.id in ${inList(ids)}`),
    priceEntries(db, ids),
  ]);
  const byId = new Map(found.map((r) => [r.id, r]));
  return pricedCards(
    ids.flatMap((id) => byId.get(id) ?? []),
    byProduct,
    ctx,
  );
}
