import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '@vitrin/shared/api/cart';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { CartPersonalization } from '../db/schema.ts';
import { compile, runCompiled } from '../db/statements.ts';
import { type CartTarget, targetOf, upsertCart } from './cart-rows.ts';
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

/** A cart line as adding answers it: what pricing and the answer need, no timestamps. */
export type AddedRow = Pick<
  CartItemRow,
  'id' | 'productId' | 'variantId' | 'lineKey' | 'quantity' | 'personalization' | 'addedPriceMinor'
>;

export interface AddedLine {
  cart: Pick<CartRow, 'id' | 'couponCode'>;
  /** Every line of the cart after the write, oldest first. */
  rows: AddedRow[];
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

/** A line as the statement lists it, with its product's stock and version read now. */
type LineTuple = [
  id: number,
  productId: number,
  variantId: number | null,
  lineKey: string,
  quantity: number,
  personalization: CartItemRow['personalization'],
  addedPriceMinor: number,
  written: boolean,
  productStock: number | null,
  variantStock: number | null,
  productVersion: string | null,
];

/**
 * The statement's one row: the cart, what was asked for, and the lines as one JSON array (a row per line
 * cost more to decode than the database spent making the JSON).
 */
interface Row {
  c_id: number;
  coupon_code: string | null;
  created_now: boolean;
  requested_stock: number | null;
  requested_version: string | null;
  lines: LineTuple[];
}

const value = (name: string) => sql.placeholder(name);

/**
 * The statement, built once per owner column: building it with Drizzle on every add cost more CPU than the
 * database spent on it. Only what the answer needs comes back (no timestamps to parse; whether the cart was
 * made now is said by the statement).
 */
const statementFor = (target: CartTarget) =>
  compile('cart_add', target, () => {
    const at = sql`${value('at')}::timestamptz`;
    const productId = sql`${value('productId')}::int`;
    const variantId = sql`${value('variantId')}::int`;
    const lineKey = sql`${value('lineKey')}::text`;
    const quantity = sql`${value('quantity')}::int`;
    const version = sql`${value('version')}::text`;
    return sql`with c as (${upsertCart(target, { tokenHash: value('tokenHash'), customerId: value('customerId'), at: value('at') })}),
      s as (
        select case when ${variantId} is null then p.stock
          else (select stock from product_variants where id = ${variantId}) end as stock,
          p.updated_at::text as version
        from (select 1) one left join products p on p.id = ${productId}),
      old as (select i.* from cart_items i, c where i.cart_id = c.id),
      w as (
        insert into cart_items as i (cart_id, product_id, variant_id, line_key, quantity, personalization,
          added_price_minor, created_at, updated_at)
        select c.id, ${productId}, ${variantId}, ${lineKey}, ${quantity},
          ${value('personalization')}::jsonb, ${value('priceMinor')}::int, ${at}, ${at}
        from c, s
        where ${quantity} <= coalesce(s.stock, ${MAX_LINE_QUANTITY})
          and (${version} is null or s.version = ${version})
          and ((select count(*) from old) < ${MAX_CART_LINES}
            or exists (select 1 from old where old.line_key = ${lineKey}))
        on conflict (cart_id, line_key) do update
          set quantity = i.quantity + excluded.quantity,
            added_price_minor = excluded.added_price_minor, updated_at = excluded.updated_at
          where i.quantity + excluded.quantity
            <= least(${MAX_LINE_QUANTITY}, coalesce((select stock from s), ${MAX_LINE_QUANTITY}))
        returning i.*),
      lines as (
        select *, true as written from w
        union all select *, false from old where old.id not in (select id from w))
      select c.id as c_id, c.coupon_code, c.created_at = ${at} as created_now,
        s.stock as requested_stock, s.version as requested_version,
        (select coalesce(json_agg(json_build_array(l.id, l.product_id, l.variant_id, l.line_key, l.quantity,
            l.personalization, l.added_price_minor, l.written, p.stock,
            (select v.stock from product_variants v where v.id = l.variant_id), p.updated_at::text)
            order by l.id), '[]')
          from lines l left join products p on p.id = l.product_id) as lines
      from c cross join s`;
  });

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
  const found = await runCompiled<Row>(db, statementFor(targetOf(owner)), {
    tokenHash: 'tokenHash' in owner ? owner.tokenHash : null,
    customerId: 'customerId' in owner ? owner.customerId : null,
    at,
    productId: line.productId,
    variantId: line.variantId,
    lineKey: line.lineKey,
    quantity: line.quantity,
    personalization: line.personalization === null ? null : JSON.stringify(line.personalization),
    priceMinor: line.priceMinor,
    version: line.version,
  });
  const first = found[0]!;
  const rows: AddedRow[] = [];
  const stock: FreshStock = { products: new Map(), variants: new Map() };
  const versions = new Map<number, string | null>();
  let written = false;
  for (const [
    id,
    productId,
    variantId,
    lineKey,
    quantity,
    personalization,
    addedPriceMinor,
    fresh,
    ...now
  ] of first.lines) {
    rows.push({ id, productId, variantId, lineKey, quantity, personalization, addedPriceMinor });
    const [productStock, variantStock, productVersion] = now;
    stock.products.set(productId, productStock);
    versions.set(productId, productVersion);
    if (variantId !== null) stock.variants.set(variantId, variantStock ?? 0);
    written ||= fresh;
  }
  return {
    cart: { id: first.c_id, couponCode: first.coupon_code },
    rows,
    written,
    stock,
    requestedStock: first.requested_stock,
    requestedVersion: first.requested_version,
    versions,
    createdNow: first.created_now,
  };
}

/** Removes a cart this add made when the add was refused, so a refused first add leaves nothing behind. */
export async function dropIfEmpty(db: Db, cartId: number): Promise<void> {
  await db.execute(
    sql`delete from carts c where c.id = ${cartId} and not exists (select 1 from cart_items i where i.cart_id = c.id)`,
  );
}
