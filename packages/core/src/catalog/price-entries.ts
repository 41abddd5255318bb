import { PRICE_TYPE } from '@vitrin/shared/constants';
import type { PriceEntry } from '@vitrin/shared/pricing';
import { and, asc, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { productPrices } from '../db/schema.ts';

/** The purchase price: it never leaves the server, so it is never read where prices are shown. */
const PURCHASE = PRICE_TYPE.Purchase;

/** A price entry with the product and variant it belongs to (no variant: the product's own). */
export interface PriceEntryRow {
  productId: number;
  variantId: number | null;
  entry: PriceEntry;
}

/**
 * The price entries a shopper's price is resolved from (every type but the purchase price), oldest first,
 * of the products `which` names (a condition on `product_prices.product_id`).
 */
export async function shownPriceEntries(db: Db, which: SQL): Promise<PriceEntryRow[]> {
  const rows = await db
    .select({
      productId: productPrices.productId,
      variantId: productPrices.variantId,
      priceType: productPrices.priceType,
      amountMinor: productPrices.amountMinor,
      currency: productPrices.currency,
    })
    .from(productPrices)
    .where(and(which, ne(productPrices.priceType, PURCHASE)))
    .orderBy(asc(productPrices.id));
  return rows.map((p) => ({
    productId: p.productId,
    variantId: p.variantId,
    entry: { price_type: p.priceType, price: p.amountMinor, currency: p.currency },
  }));
}
