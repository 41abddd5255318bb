import type { PaymentMethod, PlacedOrder } from '@vitrin/shared/api/cart';
import { type CheckoutData, checkoutInput, idempotencyKeySchema } from '@vitrin/shared/api/cart-requests';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { and, eq, or, type Placeholder, sql } from 'drizzle-orm';
import { announceStock } from '../cache.ts';
import { assertOrderTotal, couponError, emptyCart } from '../cart/errors.ts';
import { type CartOwner, ownerKey, type Shopper } from '../cart/owner.ts';
import { type CartItemRow, type PricedCart, priceCart } from '../cart/priced-cart.ts';
import { recordRecovery } from '../cart/reminders.ts';
import type { CartService } from '../cart/service.ts';
import { couponMessages } from '../coupons/rules.ts';
import type { CouponService } from '../coupons/service.ts';
import type { Db } from '../db/client.ts';
import { pgError } from '../db/errors.ts';
import {
  carts,
  coupons,
  couponUses,
  orderHistory,
  orderItems,
  orders,
  type PaymentStatus,
  products,
  productVariants,
  stockMovements,
} from '../db/schema.ts';
import { compile, rowOf, runCompiled } from '../db/statements.ts';
import { DomainError, invalidRequest, parseInput } from '../errors.ts';
import type { OrderParts } from '../orders/queries.ts';
import type { Settings } from '../settings/registry.ts';
import { resolveAddresses } from './addresses.ts';
import { newOrderNo } from './order-number.ts';
import { requestHash } from './request-hash.ts';

/** An order checkout placed: its payment method is one of the shopper's three (never `marketplace`). */
type OrderRow = typeof orders.$inferSelect & { paymentMethod: PaymentMethod };

/** The buyer as checkout knows them: a logged-in customer (profile), or a guest. */
export interface CheckoutBuyer extends Shopper {
  /** The profile's mobile number, for a customer who does not type one. */
  phone: string | null;
}

export interface PlacedInTransaction {
  order: OrderRow;
  /** True when the `Idempotency-Key` had already placed this order (a retry or a double click). */
  replayed: boolean;
  /** The lines and history this request wrote with the order (none for a replay). */
  parts?: OrderParts;
}

export const idempotencyKeyMissing = (message: string) =>
  new DomainError(400, 'IDEMPOTENCY_KEY_GECERSIZ', message, { 'Idempotency-Key': message });

export const idempotencyKeyReused = () =>
  new DomainError(
    409,
    'IDEMPOTENCY_KEY_REUSED',
    'Bu Idempotency-Key başka bir sipariş isteğiyle kullanıldı; her yeni sipariş için yeni bir anahtar gönderin.',
  );

const stockShort = (name: string, available: number | null) =>
  new DomainError(
    409,
    'STOK_YETERSIZ',
    available !== null && available > 0
      ? `"${name}" için stokta yalnızca ${available} adet kaldı; lütfen sepetinizi güncelleyin.`
      : `"${name}" tükendi; lütfen sepetinizden çıkarın.`,
  );

const notSold = (name: string) =>
  new DomainError(
    409,
    'URUN_SATISTA_DEGIL',
    name
      ? `"${name}" artık satılmıyor; lütfen sepetinizden çıkarın.`
      : 'Sepetinizdeki bir ürün artık satılmıyor; lütfen sepetinizden çıkarın.',
  );

const codNotAllowed = () =>
  new DomainError(
    400,
    'ODEME_YONTEMI_GECERSIZ',
    'Sepetinizde yalnızca dijital ürünler var; kapıda ödeme kullanılamaz. Lütfen kart ya da havale / EFT seçin.',
    { paymentMethod: 'Kapıda ödeme dijital ürünlerde kullanılamaz' },
  );

const PAYMENT_STATUS: Record<PaymentMethod, PaymentStatus> = {
  card: 'pending',
  transfer: 'pending',
  cod: 'not_required',
};

/** The `code` of a unique violation's constraint, if `err` (or what it wraps) is one. */
export function uniqueViolation(err: unknown): string | null | undefined {
  const e = pgError(err);
  if (e?.code !== '23505') return undefined;
  return typeof e.constraint === 'string' ? e.constraint : null;
}

export interface PlaceOrderDeps {
  db: Db;
  settings: () => Promise<Settings>;
  cart: CartService;
  coupons: CouponService;
  now: () => Date;
  /** Last step of the order's transaction: queues its e-mails, which so exist exactly when it does. */
  onPlaced?: (tx: Db, placed: { order: OrderRow; parts: OrderParts }) => Promise<void>;
}

/**
 * How many times an order is tried: a colliding order number is drawn again (one collision is already very
 * unlikely), and a transaction ended by a deadlock is run again.
 */
const ORDER_ATTEMPTS = 5;
const DEADLOCK = '40P01';

/**
 * Places the order of the owner's cart in one transaction: stock and the coupon are read again inside it,
 * and prices too unless the cache holds each product at the version read inside it; stock is taken with one
 * conditional update per table (variants, products), the coupon with one conditional update, and the order
 * is written with everything copied. Any refusal rolls the whole transaction back.
 *
 * The `Idempotency-Key` is claimed by the order row itself (unique index): the same key and request give the
 * order already placed — also when the two requests race, because the loser's insert fails on the index and
 * it then reads the winner's order — and the same key with another request is IDEMPOTENCY_KEY_REUSED.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  owner: CartOwner,
  buyer: CheckoutBuyer,
  input: unknown,
  idempotencyKey: unknown,
): Promise<PlacedInTransaction & { data: CheckoutData }> {
  const key = idempotencyKeySchema.safeParse(idempotencyKey);
  if (!key.success) throw idempotencyKeyMissing(key.error.issues[0]?.message ?? 'Idempotency-Key gerekli');
  const data = parseInput(checkoutInput, input);
  // The password itself never enters the stored hash: only that an account was asked for.
  const hash = requestHash(
    { ...data, createAccountPassword: data.createAccountPassword !== undefined },
    ownerKey(owner),
  );

  const replay = async (): Promise<PlacedInTransaction | null> => {
    const [order] = await deps.db.select().from(orders).where(eq(orders.idempotencyKey, key.data));
    if (!order) return null;
    if (order.requestHash !== hash) throw idempotencyKeyReused();
    // The key belongs to a checkout order: its method is one of checkout's.
    return { order: order as OrderRow, replayed: true };
  };

  // No read of the key first: a key already used fails the order row's unique index (or finds the cart
  // emptied by its order) and is answered by `replay` below, so a new order costs no extra statement.

  // What the transaction takes from in-process caches is read before it: after a cache drop it is read
  // again, and on the embedded database (one connection) a read outside the open transaction would wait
  // for it forever.
  const [settings] = await Promise.all([deps.settings(), deps.coupons.ready()]);
  for (let attempt = 1; ; attempt++) {
    try {
      const { order, parts } = await deps.db.transaction((tx) =>
        placeInTransaction(tx, deps, settings, owner, buyer, data, { key: key.data, hash }),
      );
      return { order, parts, replayed: false, data };
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === 'orders_order_no_idx' && attempt < ORDER_ATTEMPTS) continue;
      // Two orders of the same products that still waited on each other crosswise: PostgreSQL ended this one.
      if (pgError(err)?.code === DEADLOCK && attempt < ORDER_ATTEMPTS) continue;
      // Another request with this key won the race (its insert went first, or it emptied the cart before
      // this one read it): answer with its order.
      if (constraint !== undefined || err instanceof DomainError) {
        const winner = await replay();
        if (winner) return { ...winner, data };
      }
      throw err;
    }
  }
}

async function placeInTransaction(
  tx: Db,
  deps: PlaceOrderDeps,
  settings: Settings,
  owner: CartOwner,
  buyer: CheckoutBuyer,
  data: CheckoutData,
  idempotency: { key: string; hash: string },
): Promise<{ order: OrderRow; parts: OrderParts }> {
  const at = deps.now();
  // The cart row is locked: two orders from one cart (two tabs, two keys) queue up instead of both
  // reading the same lines.
  const locked = await deps.cart.lockForOrder(owner, tx);
  if (!locked || locked.rows.length === 0) throw emptyCart();
  const { cart, rows, catalogue } = locked;

  const guest = buyer.customerId === null;
  const email = guest ? (data.email ?? null) : buyer.email;
  const phone = guest ? (data.phone ?? null) : (data.phone ?? buyer.phone);
  const missing: Record<string, string> = {};
  if (!email) missing.email = 'E-posta adresinizi girin';
  if (guest && !phone) missing.phone = 'Cep telefonu numaranızı girin';
  if (Object.keys(missing).length) throw invalidRequest(missing);

  const method = data.paymentMethod;
  const instalments = method === 'card' ? (data.instalments ?? 1) : 1;
  // Names, prices and variants from the cache when it holds this very version of every product (no query),
  // else read here; the stock is read with the lock either way.
  const priced: PricedCart = await priceCart(
    tx,
    cart,
    rows,
    { settings, coupons: deps.coupons, shopper: { ...buyer, email }, method, instalments },
    catalogue ?? undefined,
  );
  for (const line of priced.lines) {
    if (!line.item?.sold) throw notSold(line.view.name);
    if (line.item.stock !== null && line.item.stock < line.row.quantity) {
      throw stockShort(line.view.name, line.item.stock);
    }
  }
  if (method === 'cod' && !priced.totals.needsShipping) throw codNotAllowed();
  // A coupon that stopped applying is never dropped silently: the shopper decides (remove it, or add more).
  if (priced.couponProblem) throw couponError(priced.couponProblem.code, priced.couponProblem.message);

  const { shipping, billing } = await resolveAddresses(
    tx,
    data,
    buyer.customerId,
    priced.totals.needsShipping,
  );
  const t = priced.totals;
  // Prices or rates may have risen since the quote.
  assertOrderTotal(t.totalMinor);
  const lineRows = priced.lines.map((line) => ({
    productId: line.row.productId,
    variantId: line.row.variantId,
    stockType: line.item!.product.stockType,
    name: line.item!.product.name,
    sku: line.item!.sku,
    options: line.item!.options,
    personalization: line.row.personalization,
    image: line.item!.image,
    quantity: line.row.quantity,
    unitPriceMinor: line.view.unitPriceMinor,
    originalPriceMinor: line.item!.originalPriceMinor,
    originalCurrency: line.item!.originalCurrency,
    vatRate: line.item!.vatRate,
    lineTotalMinor: line.view.lineTotalMinor,
    // Every variant's stock is counted; a product's only when it has one (virtual products may not).
    stockTaken: line.row.variantId !== null || line.item!.stock !== null,
  }));
  const historyRow = {
    fromStatus: null,
    toStatus: ORDER_STATE.Received,
    actor: 'customer',
    note: '',
    createdAt: at,
  };
  const takes = stockTakes(priced.lines);
  const orderRow: Omit<typeof orders.$inferInsert, 'id'> = {
    orderNo: newOrderNo(),
    customerId: buyer.customerId,
    email: email!,
    phone: phone ?? billing.phone,
    status: ORDER_STATE.Received,
    paymentMethod: method,
    paymentStatus: PAYMENT_STATUS[method],
    instalments,
    subtotalMinor: t.subtotalMinor,
    discountMinor: t.discountMinor,
    shippingMinor: t.shippingMinor,
    codFeeMinor: t.codFeeMinor,
    instalmentFeeMinor: t.instalmentFeeMinor,
    totalMinor: t.totalMinor,
    vatLines: t.vatLines as OrderRow['vatLines'],
    couponId: priced.coupon?.id ?? null,
    couponCode: priced.coupon?.code ?? null,
    usdRate: settings.usd_rate,
    eurRate: settings.eur_rate,
    shippingAddress: shipping,
    billingAddress: billing,
    note: data.note ?? '',
    idempotencyKey: idempotency.key,
    requestHash: idempotency.hash,
    paymentDueAt: method === 'card' ? new Date(at.getTime() + settings.card_payment_minutes * 60_000) : null,
    cargoCompany: null,
    trackingNo: null,
    createdAt: at,
    updatedAt: at,
  };
  const values = Object.assign(
    { ...orderRow, cartId: cart.id },
    ...lineRows.map((line, i) => valuesOf(line, `l${i}_`)),
    valuesOf(historyRow, 'h_'),
    ...takes.variants.map((take, i) => valuesOf(take, `v${i}_`)),
    ...takes.products.map((take, i) => valuesOf(take, `p${i}_`)),
  );
  const statement = compile(
    'order_place',
    `${lineRows.length}:${takes.variants.length}:${takes.products.length}`,
    () => orderStatement(tx, orderRow, lineRows, historyRow, takes),
  );
  const [written] = await runCompiled<Record<string, unknown>>(tx, statement, values);
  const order = rowOf(orders, written!) as OrderRow;
  const takenVariants = written!.taken_variants as number[];
  const takenProducts = written!.taken_products as number[];
  const short = priced.lines.find((line) =>
    line.row.variantId !== null
      ? !takenVariants.includes(line.row.variantId)
      : line.item!.stock !== null && !takenProducts.includes(line.row.productId),
  );
  // Its stock was not touched by this order; the transaction rolls back what the others took.
  if (short) throw stockShort(short.view.name, await stockLeft(tx, short.row));
  // Listings and search show stock: at the commit every app node's catalogue index reads these products again.
  await announceStock(
    tx,
    priced.lines
      .filter((line) => line.row.variantId !== null || line.item!.stock !== null)
      .map((l) => l.row.productId),
  );

  if (priced.coupon) await useCoupon(tx, priced.coupon, order, buyer.customerId, email!);

  const parts: OrderParts = {
    lines: lineRows.map((line, i) => ({
      line: { ...line, orderId: order.id },
      slug: priced.lines[i]!.item!.product.slug,
    })),
    history: [{ ...historyRow, orderId: order.id }],
    lastPayment: null,
  };
  // An order within a week of the customer's abandoned-cart reminder: that cart counts as recovered.
  if (buyer.customerId !== null) await recordRecovery(tx, buyer.customerId, order, at);
  await deps.onPlaced?.(tx, { order, parts });
  return { order, parts };
}

/** Placeholders named after the keys of `row`, with a prefix: `{ a: 1 }` -> `{ a: sql.placeholder('l0_a') }`. */
function placeholders<T extends object>(row: T, prefix = ''): { [K in keyof T]: Placeholder } {
  return Object.fromEntries(Object.keys(row).map((key) => [key, sql.placeholder(`${prefix}${key}`)])) as {
    [K in keyof T]: Placeholder;
  };
}

/** The values of `placeholders(row, prefix)`: `{ a: 1 }` -> `{ l0_a: 1 }`. */
function valuesOf(row: object, prefix: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [`${prefix}${key}`, value]));
}

/**
 * The order, the stock it takes, its lines, its first history row and the emptied cart in one statement (one
 * round trip), built once per shape (number of lines and of stock rows taken) with placeholders. The order
 * row is a data-modifying CTE that the lines and the history read their order id from; the stock CTEs answer
 * with the ids they took from, so taking less than asked is seen (and the transaction rolled back).
 */
function orderStatement(
  tx: Db,
  orderRow: Omit<typeof orders.$inferInsert, 'id'>,
  lineRows: Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>[],
  historyRow: Omit<typeof orderHistory.$inferInsert, 'id' | 'orderId'>,
  takes: { variants: Take[]; products: Take[] },
) {
  const o = tx.$with('o').as(tx.insert(orders).values(placeholders(orderRow)).returning());
  const orderId = sql<number>`(select id from ${o})`;
  const variantsTaken = takeStock(tx, 'variants_taken', productVariants, 'v', takes.variants);
  const productsTaken = takeStock(tx, 'products_taken', products, 'p', takes.products);
  // Read in this order (variants, then products), each update's rows listed by id: two orders normally take
  // their locks in one order. The planner may still visit rows otherwise; a deadlock is retried (placeOrder).
  const taken = tx
    .$with('taken', {
      variants: sql<number[]>`taken_variants`.as('taken_variants'),
      products: sql<number[]>`taken_products`.as('taken_products'),
    })
    .as(
      sql`select ${takenIds(variantsTaken)} as taken_variants, ${takenIds(productsTaken)} as taken_products`,
    );
  const lines = tx
    .$with('l')
    .as(
      tx.insert(orderItems).values(lineRows.map((line, i) => ({ ...placeholders(line, `l${i}_`), orderId }))),
    );
  const history = tx
    .$with('h')
    .as(tx.insert(orderHistory).values({ ...placeholders(historyRow, 'h_'), orderId }));
  // The cart goes with its lines; the next "Sepete Ekle" makes a new one for the same cookie or customer.
  const emptied = tx.$with('emptied').as(tx.delete(carts).where(eq(carts.id, sql.placeholder('cartId'))));
  const stock = [...(variantsTaken ? [variantsTaken] : []), ...(productsTaken ? [productsTaken] : [])];
  // The stock history: one movement per stock row taken, its before and after from the update's RETURNING.
  const moved = stock.length
    ? [
        tx.$with('moved', {}).as(
          sql`insert into ${stockMovements} (product_id, variant_id, change, stock_before, stock_after, reason, order_id)
            select product_id, variant_id, -n, stock + n, stock, 'sipariş', ${orderId}
            from (${sql.join(
              stock.map((cte) => sql`select product_id, variant_id, n, stock from ${cte}`),
              sql` union all `,
            )}) as t`,
        ),
      ]
    : [];
  return tx
    .with(o, ...stock, taken, lines, history, emptied, ...moved)
    .select()
    .from(o)
    .crossJoin(taken);
}

type PricedLine = PricedCart['lines'][number];

/** The stock an order takes, summed per variant and per product (counted products only), sorted by id. */
function stockTakes(lines: PricedLine[]): { variants: Take[]; products: Take[] } {
  const variants = new Map<number, number>();
  const counted = new Map<number, number>();
  for (const line of lines) {
    const n = line.row.quantity;
    if (line.row.variantId !== null)
      variants.set(line.row.variantId, (variants.get(line.row.variantId) ?? 0) + n);
    else if (line.item!.stock !== null)
      counted.set(line.row.productId, (counted.get(line.row.productId) ?? 0) + n);
  }
  const sorted = (m: Map<number, number>) => [...m].sort((a, b) => a[0] - b[0]).map(([id, n]) => ({ id, n }));
  return { variants: sorted(variants), products: sorted(counted) };
}

interface Take {
  id: number;
  n: number;
}

/** The ids a stock CTE took from, as an array (empty when there was nothing to take). */
function takenIds(cte: ReturnType<typeof takeStock>) {
  return cte ? sql`coalesce((select array_agg(id) from ${cte}), '{}')` : sql`'{}'::int[]`;
}

/**
 * A CTE that takes each of `takes` (placeholders `${prefix}N_id`, `${prefix}N_n`) from the table's stock with
 * one conditional update and answers with the ids it took from (and, for the stock history, the product and
 * variant ids, the quantity and the stock left). Null when there is nothing to take.
 */
function takeStock(
  tx: Db,
  alias: string,
  table: typeof products | typeof productVariants,
  prefix: string,
  takes: Take[],
) {
  if (takes.length === 0) return null;
  const values = sql.join(
    takes.map((take, i) => {
      const { id, n } = placeholders(take, `${prefix}${i}_`);
      return sql`(${id}::int, ${n}::int)`;
    }),
    sql`, `,
  );
  const ids =
    table === productVariants
      ? sql`${table}.product_id, ${table}.id as variant_id`
      : sql`${table}.id as product_id, null::int as variant_id`;
  return tx.$with(alias, { id: sql<number>`id`.as('id') }).as(
    sql`update ${table} set stock = ${table}.stock - x.n from (values ${values}) as x(id, n)
        where ${table}.id = x.id and ${table}.stock is not null and ${table}.stock >= x.n
        returning ${table}.id, ${ids}, x.n, ${table}.stock`,
  );
}

/** The pieces left of a line's variant, else of its product (0 when it is gone). */
export async function stockLeft(
  tx: Db,
  row: Pick<CartItemRow, 'productId' | 'variantId'>,
): Promise<number | null> {
  if (row.variantId !== null) {
    const [v] = await tx
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, row.variantId));
    return v?.stock ?? 0;
  }
  const [p] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, row.productId));
  return p?.stock ?? 0;
}

/**
 * One use of the coupon: the per-customer limit is counted under a lock on (coupon, buyer) so two orders of
 * one buyer cannot both pass it; the total with one conditional update that never passes `usage_limit`.
 */
async function useCoupon(
  tx: Db,
  coupon: { id: number; perCustomerLimit: number | null },
  order: OrderRow,
  customerId: number | null,
  email: string,
): Promise<void> {
  const buyerEmail = email.toLowerCase();
  if (coupon.perCustomerLimit !== null) {
    await tx.execute(sql`select pg_advisory_xact_lock(${coupon.id}::int, hashtext(${buyerEmail}))`);
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(couponUses)
      .where(
        and(
          eq(couponUses.couponId, coupon.id),
          customerId !== null
            ? or(eq(couponUses.customerId, customerId), eq(couponUses.email, buyerEmail))
            : eq(couponUses.email, buyerEmail),
        ),
      );
    if ((used?.n ?? 0) >= coupon.perCustomerLimit) {
      throw couponError(
        'KUPON_KULLANIM_HAKKI_DOLDU',
        couponMessages.buyerLimitReached(coupon.perCustomerLimit),
      );
    }
  }
  const raised = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, coupon.id),
        eq(coupons.isActive, true),
        sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`,
      ),
    )
    .returning({ id: coupons.id });
  if (raised.length === 0) throw couponError('KUPON_LIMITI_DOLDU', couponMessages.limitReached());
  await tx
    .insert(couponUses)
    .values({ couponId: coupon.id, orderId: order.id, customerId, email: buyerEmail });
}

/** The answer for a placed (or replayed) order; `next` is filled in by the caller with the access token. */
export function placedOrder(order: OrderRow, next: string): PlacedOrder {
  return {
    orderNo: order.orderNo,
    status: order.status,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    totalMinor: order.totalMinor,
    next,
  };
}
