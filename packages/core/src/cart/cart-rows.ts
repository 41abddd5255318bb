import { type SQL, sql } from 'drizzle-orm';
import type { CartItemRow, CartRow } from './priced-cart.ts';

/** A cart `c` as `CART_COLUMNS` selects it. */
export interface CartColumnsRow {
  c_id: number;
  token_hash: string | null;
  customer_id: number | null;
  coupon_code: string | null;
  c_created_at: Date | string;
  c_updated_at: Date | string;
}

/** A line's columns as raw rows answer them (null where a cart without lines is left-joined). */
export interface LineColumnsRow {
  id: number | null;
  product_id: number | null;
  variant_id: number | null;
  line_key: string | null;
  quantity: number | null;
  personalization: CartItemRow['personalization'];
  added_price_minor: number | null;
}

/** One row of a cart `c` left-joined with its lines `i` (`CART_WITH_LINES`). */
export interface CartWithLinesRow extends CartColumnsRow, LineColumnsRow {
  created_at: Date | string | null;
  updated_at: Date | string | null;
}

/** The select list of a cart `c` (prefixed where a line's column has the same name). */
export const CART_COLUMNS = sql.raw(`c.id as c_id, c.token_hash, c.customer_id, c.coupon_code,
  c.created_at as c_created_at, c.updated_at as c_updated_at`);

/** The select list of a cart `c` left-joined with its lines `i`: one row per line (one with no line). */
export const CART_WITH_LINES = sql`${CART_COLUMNS}, i.id, i.product_id, i.variant_id, i.line_key,
  i.quantity, i.personalization, i.added_price_minor, i.created_at, i.updated_at`;

/** Which unique column finds the owner's cart. */
export type CartTarget = 'customer' | 'token';

export const targetOf = (owner: { customerId: number } | { tokenHash: string }): CartTarget =>
  'customerId' in owner ? 'customer' : 'token';

/**
 * The one cart upsert: makes the owner's cart on its first write (a guest's cart exists only once they add
 * something) or marks the existing one changed, and answers with it (`returning *`). The row stays locked
 * for the rest of the transaction, so changes to one cart queue up. Run it as the first step of a larger
 * statement (`with c as (…)`), as adding a line does, or alone through `ensureCart`. The values may be
 * placeholders (`sql.placeholder`) of a statement built once.
 */
export function upsertCart(
  target: CartTarget,
  { tokenHash, customerId, at }: { tokenHash: unknown; customerId: unknown; at: unknown },
): SQL {
  const conflict = target === 'customer' ? sql`(customer_id)` : sql`(token_hash)`;
  return sql`insert into carts (token_hash, customer_id, created_at, updated_at)
    values (${tokenHash}::text, ${customerId}::int, ${at}::timestamptz, ${at}::timestamptz)
    on conflict ${conflict} do update set updated_at = excluded.updated_at
    returning *`;
}

/** `upsertCart` with the owner's values. */
export function upsertCartOf(owner: { customerId: number } | { tokenHash: string }, at: Date): SQL {
  return upsertCart(targetOf(owner), {
    tokenHash: 'tokenHash' in owner ? owner.tokenHash : null,
    customerId: 'customerId' in owner ? owner.customerId : null,
    at,
  });
}

/** The cart of a `CART_COLUMNS` row. */
export function cartOf(row: CartColumnsRow): CartRow {
  return {
    id: row.c_id,
    tokenHash: row.token_hash,
    customerId: row.customer_id,
    couponCode: row.coupon_code,
    createdAt: new Date(row.c_created_at),
    updatedAt: new Date(row.c_updated_at),
  };
}

/** A line's own columns from a raw row whose line is there (`id` not null). */
export function lineColumns(r: LineColumnsRow) {
  return {
    id: r.id!,
    productId: r.product_id!,
    variantId: r.variant_id,
    lineKey: r.line_key!,
    quantity: r.quantity!,
    personalization: r.personalization,
    addedPriceMinor: r.added_price_minor!,
  };
}

/** The cart and its lines from `CART_WITH_LINES` rows; null when there was no cart. */
export function cartWithLines(found: CartWithLinesRow[]): { cart: CartRow; rows: CartItemRow[] } | null {
  const first = found[0];
  if (!first) return null;
  const cart = cartOf(first);
  const lines = found
    .filter((r) => r.id !== null)
    .map(
      (r): CartItemRow => ({
        ...lineColumns(r),
        cartId: cart.id,
        createdAt: new Date(r.created_at!),
        updatedAt: new Date(r.updated_at!),
      }),
    );
  return { cart, rows: lines };
}
