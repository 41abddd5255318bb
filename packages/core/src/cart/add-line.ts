import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '@vitrin/shared/api/cart';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { CartPersonalization } from '../db/schema.ts';
import { preparedRows } from '../db/statements.ts';
import { CART_COLUMNS, type CartWithLinesRow, cartWithLines, upsertCart } from './cart-rows.ts';
import type { FreshStock } from './catalogue-cache.ts';
import type { CartItemRow, CartRow } from './priced-cart.ts';

/** A line to add, already checked against the catalogue and priced (`priceMinor` is the TRY unit price). */
export interface NewLine {
  productId: number;
  variantId: number | null;
  lineKey: string;
  quantity: number;
  personalization: CartPersonalization | null;
  priceMinor: number;
  /** The product's version the price was read at: nothing is written when it is no longer current. Null: any. */
  version: string | null;
}

export interface AddedLine {
  cart: CartRow;
  /** Every line of the cart after the write, oldest first. */
  rows: CartItemRow[];
  /** Whether the line was written (new, or the same line with its quantity raised); false when a bound refused it. */
  written: boolean;
  /** The stock of every line's product and variant, read now. */
  stock: FreshStock;
  /** The stock of what was asked for; null for unlimited. */
  requestedStock: number | null;
  /** The version of what was asked for now (null when the product is gone). */
  requestedVersion: string | null;
  /** The version of every line's product, read now (null when the product is gone). */
  versions: Map<number, string | null>;
  /** The cart did not exist before this statement. */
  createdNow: boolean;
}

interface Row extends CartWithLinesRow {
  p_stock: number | null;
  v_stock: number | null;
  requested_stock: number | null;
  requested_version: string | null;
  p_version: string | null;
  written: boolean | null;
}

/**
 * Adds a line in one statement, without a transaction around it: the cart is made or touched (and locked)
 * by `upsertCart`, and the line is inserted or its quantity raised, in one INSERT … ON CONFLICT whose conditions hold the
 * bounds against the row as it is at that moment (at most 999 a line, at most the stock). The statement
 * answers with the cart, all its lines and their stock. Concurrent adds to one cart queue on the cart row;
 * the line bound of 50 is counted on the statement's snapshot, so two different new lines added to one cart
 * in the same instant may both pass it (a bound against abuse, not a money rule: the order checks stock).
 */
export async function addLine(
  db: Db,
  owner: { customerId: number } | { tokenHash: string },
  line: NewLine,
  at: Date,
): Promise<AddedLine> {
  const personalization = line.personalization === null ? null : JSON.stringify(line.personalization);
  const found = await preparedRows<Row>(
    db,
    'cart_add',
    sql`with c as (${upsertCart(owner, at)}),
      s as (
        select case when ${line.variantId}::int is null
          then (select stock from products where id = ${line.productId})
          else (select stock from product_variants where id = ${line.variantId}::int) end as stock,
          (select updated_at::text from products where id = ${line.productId}) as version),
      old as (select i.* from cart_items i, c where i.cart_id = c.id),
      w as (
        insert into cart_items as i (cart_id, product_id, variant_id, line_key, quantity, personalization,
          added_price_minor, created_at, updated_at)
        select c.id, ${line.productId}, ${line.variantId}::int, ${line.lineKey}, ${line.quantity},
          ${personalization}::jsonb, ${line.priceMinor}, ${at}, ${at}
        from c, s
        where ${line.quantity} <= coalesce(s.stock, ${MAX_LINE_QUANTITY})
          and (${line.version}::text is null or s.version = ${line.version}::text)
          and ((select count(*) from old) < ${MAX_CART_LINES}
            or exists (select 1 from old where old.line_key = ${line.lineKey}))
        on conflict (cart_id, line_key) do update
          set quantity = i.quantity + excluded.quantity,
            added_price_minor = excluded.added_price_minor, updated_at = excluded.updated_at
          where i.quantity + excluded.quantity
            <= least(${MAX_LINE_QUANTITY}, coalesce((select stock from s), ${MAX_LINE_QUANTITY}))
        returning i.*),
      lines as (
        select *, true as written from w
        union all select *, false from old where old.id not in (select id from w))
      select ${CART_COLUMNS}, l.id, l.product_id, l.variant_id, l.line_key, l.quantity,
        l.personalization, l.added_price_minor, l.created_at, l.updated_at, l.written,
        p.stock as p_stock, v.stock as v_stock, p.updated_at::text as p_version,
        (select stock from s) as requested_stock, (select version from s) as requested_version
      from c left join lines l on true
        left join products p on p.id = l.product_id
        left join product_variants v on v.id = l.variant_id
      order by l.id`,
  );
  const { cart, rows: lines } = cartWithLines(found)!;
  const stock: FreshStock = { products: new Map(), variants: new Map() };
  const versions = new Map<number, string | null>();
  for (const r of found) {
    if (r.product_id !== null) {
      stock.products.set(r.product_id, r.p_stock);
      versions.set(r.product_id, r.p_version);
    }
    if (r.variant_id !== null) stock.variants.set(r.variant_id, r.v_stock ?? 0);
  }
  return {
    cart,
    rows: lines,
    written: found.some((r) => r.written),
    stock,
    requestedStock: found[0]!.requested_stock,
    requestedVersion: found[0]!.requested_version,
    versions,
    createdNow: cart.createdAt.getTime() === at.getTime(),
  };
}

/** Removes a cart this add made when the add was refused, so a refused first add leaves nothing behind. */
export async function dropIfEmpty(db: Db, cartId: number): Promise<void> {
  await db.execute(
    sql`delete from carts c where c.id = ${cartId} and not exists (select 1 from cart_items i where i.cart_id = c.id)`,
  );
}
