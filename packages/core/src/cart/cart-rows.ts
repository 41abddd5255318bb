import { sql } from 'drizzle-orm';
import type { CartItemRow, CartRow } from './priced-cart.ts';

/** One row of a cart `c` left-joined with its lines `i` (`CART_WITH_LINES`). */
export interface CartWithLinesRow {
  c_id: number;
  token_hash: string | null;
  customer_id: number | null;
  coupon_code: string | null;
  c_created_at: Date | string;
  c_updated_at: Date | string;
  id: number | null;
  product_id: number | null;
  variant_id: number | null;
  line_key: string | null;
  quantity: number | null;
  personalization: CartItemRow['personalization'];
  added_price_minor: number | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
}

/** The select list of a cart `c` left-joined with its lines `i`: one row per line (one with no line). */
export const CART_WITH_LINES = sql.raw(`c.id as c_id, c.token_hash, c.customer_id, c.coupon_code,
  c.created_at as c_created_at, c.updated_at as c_updated_at, i.id, i.product_id, i.variant_id, i.line_key,
  i.quantity, i.personalization, i.added_price_minor, i.created_at, i.updated_at`);

/** The cart and its lines from `CART_WITH_LINES` rows; null when there was no cart. */
export function cartWithLines(found: CartWithLinesRow[]): { cart: CartRow; rows: CartItemRow[] } | null {
  const first = found[0];
  if (!first) return null;
  const cart: CartRow = {
    id: first.c_id,
    tokenHash: first.token_hash,
    customerId: first.customer_id,
    couponCode: first.coupon_code,
    createdAt: new Date(first.c_created_at),
    updatedAt: new Date(first.c_updated_at),
  };
  const lines = found
    .filter((r) => r.id !== null)
    .map(
      (r): CartItemRow => ({
        id: r.id!,
        cartId: cart.id,
        productId: r.product_id!,
        variantId: r.variant_id,
        lineKey: r.line_key!,
        quantity: r.quantity!,
        personalization: r.personalization,
        addedPriceMinor: r.added_price_minor!,
        createdAt: new Date(r.created_at!),
        updatedAt: new Date(r.updated_at!),
      }),
    );
  return { cart, rows: lines };
}
