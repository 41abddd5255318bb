import type { PaymentMethod, PlacedOrder } from '@vitrin/shared/api/cart';
import { type CheckoutData, checkoutInput, idempotencyKeySchema } from '@vitrin/shared/api/cart-requests';
import { and, eq, gte, isNotNull, or, sql } from 'drizzle-orm';
import { couponError, emptyCart, invalidRequest, parseShopInput, ShopError } from '../cart/errors.ts';
import { type CartOwner, ownerKey, type Shopper } from '../cart/owner.ts';
import { type CartItemRow, type PricedCart, priceCart } from '../cart/priced-cart.ts';
import type { CartService } from '../cart/service.ts';
import { couponMessages } from '../coupons/rules.ts';
import type { CouponService } from '../coupons/service.ts';
import type { Db } from '../db/client.ts';
import {
  coupons,
  couponUses,
  orderHistory,
  orderItems,
  orders,
  type PaymentStatus,
  products,
  productVariants,
} from '../db/schema.ts';
import type { OrderParts } from '../orders/queries.ts';
import type { Settings } from '../settings/registry.ts';
import { resolveAddresses } from './addresses.ts';
import { newOrderNo } from './order-number.ts';
import { requestHash } from './request-hash.ts';

type OrderRow = typeof orders.$inferSelect;

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
  new ShopError(400, 'IDEMPOTENCY_KEY_GECERSIZ', message, { 'Idempotency-Key': message });

export const idempotencyKeyReused = () =>
  new ShopError(
    409,
    'IDEMPOTENCY_KEY_REUSED',
    'Bu Idempotency-Key başka bir sipariş isteğiyle kullanıldı; her yeni sipariş için yeni bir anahtar gönderin.',
  );

const stockShort = (name: string, available: number | null) =>
  new ShopError(
    409,
    'STOK_YETERSIZ',
    available !== null && available > 0
      ? `"${name}" için stokta yalnızca ${available} adet kaldı; lütfen sepetinizi güncelleyin.`
      : `"${name}" tükendi; lütfen sepetinizden çıkarın.`,
  );

const notSold = (name: string) =>
  new ShopError(
    409,
    'URUN_SATISTA_DEGIL',
    name
      ? `"${name}" artık satılmıyor; lütfen sepetinizden çıkarın.`
      : 'Sepetinizdeki bir ürün artık satılmıyor; lütfen sepetinizden çıkarın.',
  );

const codNotAllowed = () =>
  new ShopError(
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
function uniqueViolation(err: unknown): string | null | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') {
      const constraint = (e as { constraint?: unknown }).constraint;
      return typeof constraint === 'string' ? constraint : null;
    }
  }
  return undefined;
}

export interface PlaceOrderDeps {
  db: Db;
  settings: () => Promise<Settings>;
  cart: CartService;
  coupons: CouponService;
  now: () => Date;
}

/** How many times a colliding order number is drawn again (one collision is already very unlikely). */
const ORDER_NO_ATTEMPTS = 5;

/**
 * Places the order of the owner's cart in one transaction: stock and the coupon are read again inside it,
 * and prices too unless the cache holds each product at the version read inside it; stock is taken with one
 * conditional update per line, the coupon with one conditional update, and the order is written with
 * everything copied. Any refusal rolls the whole transaction back.
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
  const data = parseShopInput(checkoutInput, input);
  // The password itself never enters the stored hash: only that an account was asked for.
  const hash = requestHash(
    { ...data, createAccountPassword: data.createAccountPassword !== undefined },
    ownerKey(owner),
  );

  const replay = async (): Promise<PlacedInTransaction | null> => {
    const [order] = await deps.db.select().from(orders).where(eq(orders.idempotencyKey, key.data));
    if (!order) return null;
    if (order.requestHash !== hash) throw idempotencyKeyReused();
    return { order, replayed: true };
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
      if (constraint === 'orders_order_no_idx' && attempt < ORDER_NO_ATTEMPTS) continue;
      // Another request with this key won the race (its insert went first, or it emptied the cart before
      // this one read it): answer with its order.
      if (constraint !== undefined || err instanceof ShopError) {
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
  const [order] = await tx
    .insert(orders)
    .values({
      orderNo: newOrderNo(),
      customerId: buyer.customerId,
      email: email!,
      phone: phone ?? billing.phone,
      status: 0,
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
      note: data.note,
      idempotencyKey: idempotency.key,
      requestHash: idempotency.hash,
      paymentDueAt:
        method === 'card' ? new Date(at.getTime() + settings.card_payment_minutes * 60_000) : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();

  // Stock: one conditional update per line, in a fixed order (variants, then products, by id) so that two
  // orders of the same products never wait on each other crosswise.
  const ordered = [...priced.lines].sort((a, b) =>
    a.row.variantId !== b.row.variantId
      ? (a.row.variantId ?? Number.MAX_SAFE_INTEGER) - (b.row.variantId ?? Number.MAX_SAFE_INTEGER)
      : a.row.productId - b.row.productId,
  );
  const taken = new Set<number>();
  for (const line of ordered) {
    const item = line.item!;
    const n = line.row.quantity;
    if (line.row.variantId !== null) {
      const updated = await tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} - ${n}` })
        .where(and(eq(productVariants.id, line.row.variantId), gte(productVariants.stock, n)))
        .returning({ stock: productVariants.stock });
      if (updated.length === 0) throw stockShort(line.view.name, await stockLeft(tx, line.row));
      taken.add(line.row.id);
    } else if (item.stock !== null) {
      const updated = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${n}` })
        .where(and(eq(products.id, line.row.productId), isNotNull(products.stock), gte(products.stock, n)))
        .returning({ stock: products.stock });
      if (updated.length === 0) throw stockShort(line.view.name, await stockLeft(tx, line.row));
      taken.add(line.row.id);
    }
  }

  if (priced.coupon) await useCoupon(tx, priced.coupon, order!, buyer.customerId, email!);

  // The lines, the first history row and the emptied cart in one statement (three writes, one round trip).
  const lineRows = priced.lines.map((line) => ({
    orderId: order!.id,
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
    stockTaken: taken.has(line.row.id),
  }));
  const historyRow = {
    orderId: order!.id,
    fromStatus: null,
    toStatus: 0,
    actor: 'customer',
    note: '',
    createdAt: at,
  };
  const lines = tx.insert(orderItems).values(lineRows);
  const history = tx.insert(orderHistory).values(historyRow);
  await tx.execute(
    sql`with l as (${lines.getSQL()}), h as (${history.getSQL()}) ${deps.cart.emptying(cart.id, tx).getSQL()}`,
  );
  const parts: OrderParts = {
    lines: lineRows.map((line, i) => ({ line, slug: priced.lines[i]!.item!.product.slug })),
    history: [historyRow],
    lastPayment: null,
  };
  return { order: order!, parts };
}

async function stockLeft(tx: Db, row: CartItemRow): Promise<number | null> {
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
