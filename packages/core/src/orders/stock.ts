import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { announceStock } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { coupons, couponUses, orderItems, products, productVariants, stockMovements } from '../db/schema.ts';
import { orderError } from './errors.ts';

/** A transaction handle (the same query builder as `Db`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What an order holds while it is alive: the stock of its lines and one use of its coupon. Cancelling
 * (state 6) and a failed payment (state 7) give both back; a successful payment retry (7 → 0) takes them
 * again with the same conditional updates as placement, so nothing is ever oversold or over-used.
 * `order_items.stock_taken` says, line by line, whether the order holds that stock right now. Each change
 * writes its stock history row (`sipariş iptali` back, `sipariş` taken again) with the order's id.
 */

/**
 * Adds the held quantities back to the products and variants; the lines then hold nothing. Units refunded
 * from the panel went back then (`refunded_quantity`) and are not counted again.
 */
export async function releaseStock(tx: Tx, orderId: number): Promise<void> {
  const lines = await tx
    .update(orderItems)
    .set({ stockTaken: false })
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.stockTaken, true)))
    .returning({
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      quantity: sql<number>`${orderItems.quantity} - ${orderItems.refundedQuantity}`,
    });
  await putBack(tx, orderId, 'sipariş iptali', lines);
}

/**
 * Units of lines refunded from the panel: counted on the line (`refunded_quantity`) and, where the line
 * holds its stock, added back to the product or variant as a cancellation does, recorded as `iade`.
 */
export async function returnRefundedUnits(
  tx: Tx,
  orderId: number,
  units: ReadonlyArray<{ itemId: number; quantity: number }>,
): Promise<void> {
  const lines: Array<{ productId: number | null; variantId: number | null; quantity: number }> = [];
  for (const unit of units) {
    const [line] = await tx
      .update(orderItems)
      .set({ refundedQuantity: sql`${orderItems.refundedQuantity} + ${unit.quantity}` })
      .where(and(eq(orderItems.id, unit.itemId), eq(orderItems.orderId, orderId)))
      .returning({
        productId: orderItems.productId,
        variantId: orderItems.variantId,
        stockTaken: orderItems.stockTaken,
      });
    if (line?.stockTaken) lines.push({ ...line, quantity: unit.quantity });
  }
  await putBack(tx, orderId, 'iade', lines);
}

async function putBack(
  tx: Tx,
  orderId: number,
  reason: 'sipariş iptali' | 'iade',
  lines: ReadonlyArray<{ productId: number | null; variantId: number | null; quantity: number }>,
): Promise<void> {
  const moved: Moved[] = [];
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    if (line.variantId !== null) {
      const [v] = await tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
        .where(eq(productVariants.id, line.variantId))
        .returning({ productId: productVariants.productId, stock: productVariants.stock });
      if (v) moved.push({ ...v, variantId: line.variantId, change: line.quantity });
    } else if (line.productId !== null) {
      // A product switched to unlimited stock (null) since stays unlimited.
      const [p] = await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${line.quantity}` })
        .where(and(eq(products.id, line.productId), isNotNull(products.stock)))
        .returning({ stock: products.stock });
      if (p?.stock != null) {
        moved.push({ productId: line.productId, variantId: null, stock: p.stock, change: line.quantity });
      }
    }
  }
  await recordOrderMovements(tx, orderId, reason, moved);
  await announceStock(
    tx,
    lines.flatMap((line) => line.productId ?? []),
  );
}

/** A line whose stock was not there when taken (`takeStockAgain` with `shortOk`). */
export interface ShortLine {
  /** The order line's id. */
  id: number;
  name: string;
  productId: number | null;
  variantId: number | null;
  quantity: number;
}

/**
 * Takes the stock of every line again, each with one `... WHERE stock >= n` update: zero rows updated is
 * out of stock, and the caller's transaction rolls back. Lines of a product with unlimited stock (null) or
 * of a deleted product take nothing. With `shortOk` (a marketplace's package: the sale happened there) a
 * line out of stock takes nothing and is answered instead, and the others take theirs.
 */
export async function takeStockAgain(
  tx: Tx,
  orderId: number,
  options: { shortOk?: boolean } = {},
): Promise<ShortLine[]> {
  const short: ShortLine[] = [];
  const lines = await tx
    .select({
      id: orderItems.id,
      name: orderItems.name,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.stockTaken, false)));
  const moved: Moved[] = [];
  for (const line of lines) {
    let taken = false;
    if (line.variantId !== null) {
      const rows = await tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
        .where(and(eq(productVariants.id, line.variantId), gte(productVariants.stock, line.quantity)))
        .returning({ productId: productVariants.productId, stock: productVariants.stock });
      if (rows.length === 0) {
        if (!options.shortOk) throw outOfStock(line.name);
        short.push(line);
        continue;
      }
      moved.push({ ...rows[0]!, variantId: line.variantId, change: -line.quantity });
      taken = true;
    } else if (line.productId !== null) {
      const rows = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${line.quantity}` })
        .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
        .returning({ stock: products.stock });
      if (rows.length === 0) {
        const [product] = await tx
          .select({ stock: products.stock })
          .from(products)
          .where(eq(products.id, line.productId));
        if (product && product.stock !== null) {
          if (!options.shortOk) throw outOfStock(line.name);
          short.push(line);
          continue;
        }
      }
      taken = rows.length > 0;
      if (rows[0]?.stock != null) {
        moved.push({
          productId: line.productId,
          variantId: null,
          stock: rows[0].stock,
          change: -line.quantity,
        });
      }
    }
    if (taken) await tx.update(orderItems).set({ stockTaken: true }).where(eq(orderItems.id, line.id));
  }
  await recordOrderMovements(tx, orderId, 'sipariş', moved);
  await announceStock(
    tx,
    lines.flatMap((line) => line.productId ?? []),
  );
  return short;
}

/** A change of one stock row by an order: `stock` is what the row holds after it. */
interface Moved {
  productId: number;
  variantId: number | null;
  stock: number;
  change: number;
}

/** The stock history rows of an order's stock changes, in one insert (the caller's transaction). */
async function recordOrderMovements(
  tx: Tx,
  orderId: number,
  reason: 'sipariş' | 'sipariş iptali' | 'iade',
  moved: Moved[],
): Promise<void> {
  if (moved.length === 0) return;
  await tx.insert(stockMovements).values(
    moved.map((m) => ({
      productId: m.productId,
      variantId: m.variantId,
      change: m.change,
      stockBefore: m.stock - m.change,
      stockAfter: m.stock,
      reason,
      orderId,
    })),
  );
}

const outOfStock = (name: string) =>
  orderError(
    'STOK_YETERSIZ',
    `"${name}" için yeterli stok kalmadı; ödeme alınamadı. Lütfen siparişinizi yeniden oluşturun.`,
  );

/** Deletes the order's coupon use (if any) and lowers the coupon's count. */
export async function releaseCouponUse(tx: Tx, orderId: number): Promise<void> {
  const released = await tx
    .delete(couponUses)
    .where(eq(couponUses.orderId, orderId))
    .returning({ couponId: couponUses.couponId });
  for (const { couponId } of released) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} - 1` })
      .where(and(eq(coupons.id, couponId), sql`${coupons.usedCount} > 0`));
  }
}

/**
 * Records the coupon use again for a retried payment: the total count with one conditional update (never
 * past `usage_limit`), the per-customer limit counted by e-mail. The discount already in the order is kept:
 * the shopper was given it when the coupon was valid.
 */
export async function takeCouponUseAgain(
  tx: Tx,
  order: { id: number; couponId: number | null; customerId: number | null; email: string },
): Promise<void> {
  if (order.couponId === null) return;
  const [held] = await tx
    .select({ id: couponUses.id })
    .from(couponUses)
    .where(eq(couponUses.orderId, order.id));
  if (held) return;
  const [coupon] = await tx
    .select({ code: coupons.code, perCustomerLimit: coupons.perCustomerLimit })
    .from(coupons)
    .where(eq(coupons.id, order.couponId));
  if (!coupon) return; // deleted since: nothing to count against
  const email = order.email.toLowerCase();
  if (coupon.perCustomerLimit !== null) {
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(couponUses)
      .where(and(eq(couponUses.couponId, order.couponId), eq(couponUses.email, email)));
    if ((used?.n ?? 0) >= coupon.perCustomerLimit) throw couponUsedUp(coupon.code);
  }
  const raised = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, order.couponId),
        sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`,
      ),
    )
    .returning({ id: coupons.id });
  if (raised.length === 0) throw couponUsedUp(coupon.code);
  await tx.insert(couponUses).values({
    couponId: order.couponId,
    orderId: order.id,
    customerId: order.customerId,
    email,
  });
}

const couponUsedUp = (code: string) =>
  orderError(
    'KUPON_LIMITI_DOLDU',
    `"${code}" kuponunun kullanım hakkı bu sırada doldu; ödeme alınamadı. Lütfen siparişinizi yeniden oluşturun.`,
  );
