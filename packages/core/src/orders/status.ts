import { normalizeTrackingNo } from '@vitrin/shared/cargo';
import {
  CUSTOMER_CANCELLABLE_STATES,
  canMoveOrder,
  isOrderState,
  ORDER_STATE,
  ORDER_STATES,
  type OrderState,
} from '@vitrin/shared/order-states';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orderHistory, orders, type PaymentMethod, type PaymentStatus, payments } from '../db/schema.ts';
import { forbiddenTransition, type OrderError, orderError, orderNotFound, statusChanged } from './errors.ts';
import { releaseCouponUse, releaseStock, type Tx, takeCouponUseAgain, takeStockAgain } from './stock.ts';

/**
 * The order process. `ORDER_PROCESS` (shared) is the table of states and allowed next states; the tables
 * below add who may make a change and what a change does; `applyStatusChange` obeys them all, and it is the
 * only code that writes `orders.status`.
 */

export type Actor = 'customer' | 'payment' | 'system' | 'operator' | 'carrier' | 'channel';

export interface StatusChangeOptions {
  actor: Actor;
  note?: string | undefined;
  /** Required when entering Shipped (Kargoya Verildi). */
  cargoCompany?: string | undefined;
  trackingNo?: string | undefined;
  /** The staff member making it in the panel: the panel's timeline names them (never the customer's). */
  staffId?: number | undefined;
}

/** An order reference: its id, or its order number. */
export type OrderRef = number | string;

const { Received, Preparing, Shipped, Cancelled, PaymentFailed } = ORDER_STATE;

/** Received → PaymentFailed or PaymentFailed → Received: only a payment result makes these. */
const isPaymentResult = (from: OrderState, to: OrderState) =>
  (from === Received && to === PaymentFailed) || (from === PaymentFailed && to === Received);

/**
 * The moves a carrier makes: its label bought by the shipping round's retry (Kargoya Verildi, with the label's
 * carrier and number), then its scans: taken (Kargoda), delivered, not delivered.
 */
const CARRIER_MOVES: ReadonlyArray<readonly [OrderState, OrderState]> = [
  [Preparing, Shipped],
  [Shipped, ORDER_STATE.InTransit],
  [Shipped, ORDER_STATE.NotDelivered],
  [ORDER_STATE.InTransit, ORDER_STATE.Delivered],
  [ORDER_STATE.InTransit, ORDER_STATE.NotDelivered],
];

/**
 * The moves a marketplace makes on an order from its package (issue 43): the package being prepared, shipped
 * (with its carrier and number), its carrier's way as above, and a cancellation (Cancelled, UnSupplied, a
 * return before delivery) while the order has not left or came back.
 */
const CHANNEL_MOVES: ReadonlyArray<readonly [OrderState, OrderState]> = [
  ...CARRIER_MOVES,
  [Received, Preparing],
  [Received, Cancelled],
  [Preparing, Cancelled],
  [ORDER_STATE.NotDelivered, Shipped],
  [ORDER_STATE.NotDelivered, Cancelled],
];

/** Besides the table: which changes each actor may make. A Turkish reason when it may not. */
const ACTOR_RULES: Record<Actor, (from: OrderState, to: OrderState) => string | null> = {
  // The shopper only cancels, and only before the order is shipped.
  customer: (from, to) =>
    to === Cancelled && CUSTOMER_CANCELLABLE_STATES.includes(from)
      ? null
      : 'siparişinizi yalnızca "Sipariş Alındı" ya da "Hazırlanıyor" durumundayken iptal edebilirsiniz',
  // A payment result only fails an order (Received → PaymentFailed) or revives it after a successful retry
  // (PaymentFailed → Received).
  payment: (from, to) =>
    isPaymentResult(from, to) ? null : 'ödeme sonucu yalnızca ödeme durumunu değiştirir',
  // The expiry job: an unpaid card order whose time ran out.
  system: (from, to) =>
    from === Received && to === PaymentFailed ? null : 'otomatik işlemler yalnızca ödeme süresini bitirir',
  // The carrier (the shipping status sync): a label bought by its retry, then the way of a parcel that left.
  carrier: (from, to) =>
    CARRIER_MOVES.some(([f, t]) => f === from && t === to)
      ? null
      : 'kargo firması yalnızca kargodaki bir siparişin teslimat durumunu değiştirir',
  // A marketplace (its package's status): only the moves of its packages.
  channel: (from, to) =>
    CHANNEL_MOVES.some(([f, t]) => f === from && t === to)
      ? null
      : 'pazaryeri yalnızca kendi paketinin durumunu siparişe taşır',
  // The operator does the rest, but never pretends a payment failed or succeeded.
  operator: (from, to) =>
    isPaymentResult(from, to)
      ? '"Ödeme Başarısız" durumuna yalnızca ödeme sonucuyla girilir ve çıkılır'
      : null,
};

interface OrderFacts {
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
}

/** Conditions a transition needs, checked after the table and the actor. */
function conditionRefusal(
  from: OrderState,
  to: OrderState,
  order: OrderFacts,
  options: StatusChangeOptions,
): OrderError | null {
  if (
    from === Received &&
    to === Preparing &&
    order.paymentMethod === 'card' &&
    order.paymentStatus !== 'paid'
  ) {
    return orderError(
      'ODEME_BEKLENIYOR',
      'Kartla ödenecek sipariş, ödemesi alınmadan "Hazırlanıyor" durumuna geçirilemez.',
    );
  }
  const trackingNo = normalizeTrackingNo(options.trackingNo ?? '');
  if (to === Shipped && (!options.cargoCompany?.trim() || !trackingNo)) {
    return orderError(
      'KARGO_BILGISI_GEREKLI',
      '"Kargoya Verildi" durumu için kargo firması ve takip numarası gereklidir.',
      {
        ...(options.cargoCompany?.trim() ? {} : { cargoCompany: 'Kargo firmasını yazın' }),
        ...(trackingNo ? {} : { trackingNo: 'Takip numarasını yazın' }),
      },
    );
  }
  return null;
}

/** Whether `from → to` may happen: the table, the actor, then the conditions. Null when it may. */
export function transitionRefusal(
  from: OrderState,
  to: OrderState,
  order: OrderFacts,
  options: StatusChangeOptions,
): OrderError | null {
  if (!canMoveOrder(from, to)) return forbiddenTransition(from, to);
  const actorReason = ACTOR_RULES[options.actor](from, to);
  if (actorReason) return forbiddenTransition(from, to, actorReason);
  return conditionRefusal(from, to, order, options);
}

/** States in which an order holds its stock and coupon use. */
const HOLDS_STOCK = (state: OrderState) => state !== Cancelled && state !== PaymentFailed;

/** Column changes that come with entering a state (beside `status`). */
function columnsOnEnter(from: OrderState, to: OrderState, order: OrderFacts, options: StatusChangeOptions) {
  switch (to) {
    case Received:
      // Only a successful payment retry enters Received (from PaymentFailed).
      return { paymentStatus: 'paid' as const, paymentDueAt: null };
    case Preparing:
      // Moving a Havale / EFT order to Hazırlanıyor is the operator saying the transfer arrived.
      return order.paymentMethod === 'transfer' && order.paymentStatus === 'pending'
        ? { paymentStatus: 'paid' as const }
        : {};
    case Shipped:
      // Saved as the carrier reads it (`1Z 999 AA1` → `1Z999AA1`): the link and the e-mail use it as it is.
      return {
        cargoCompany: options.cargoCompany!.trim(),
        trackingNo: normalizeTrackingNo(options.trackingNo!),
      };
    case Cancelled:
      // Money taken for a cancelled order is owed back: a card refund goes to the provider, a transfer is sent
      // back; a marketplace gives its buyer the money back itself.
      if (order.paymentStatus !== 'paid') return {};
      return {
        paymentStatus:
          order.paymentMethod === 'marketplace' ? ('refunded' as const) : ('refund_pending' as const),
      };
    case PaymentFailed:
      return from === Received ? { paymentStatus: 'failed' as const } : {};
    default:
      return {};
  }
}

export interface ChangedOrder {
  id: number;
  orderNo: string;
  customerId: number | null;
  email: string;
  from: OrderState;
  to: OrderState;
  cargoCompany: string | null;
  trackingNo: string | null;
  note: string;
  /** The change left money to give back: the payment service refunds card payments after the commit. */
  refundDue: boolean;
}

const whereRef = (ref: OrderRef) => (typeof ref === 'number' ? eq(orders.id, ref) : eq(orders.orderNo, ref));

/**
 * Applies one state change inside the caller's transaction: checks it, updates the row with a conditional
 * `WHERE status = <from>` (and the payment status it read: a concurrent change makes zero rows and
 * SIPARIS_DURUMU_DEGISTI), gives back or
 * takes again stock and coupon use, and writes the history row. The caller e-mails after commit.
 */
export async function applyStatusChange(
  tx: Tx,
  ref: OrderRef,
  to: number,
  options: StatusChangeOptions,
): Promise<ChangedOrder> {
  if (typeof ref === 'number' && !Number.isSafeInteger(ref)) throw orderNotFound();
  const [order] = await tx
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      status: orders.status,
      customerId: orders.customerId,
      email: orders.email,
      couponId: orders.couponId,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .where(whereRef(ref));
  if (!order) throw orderNotFound();
  if (!isOrderState(to)) {
    throw orderError('GECERSIZ_ISTEK', `Geçersiz sipariş durumu: ${to}. Durumlar 0-7 arasındadır.`, {
      status: 'Geçersiz durum',
    });
  }
  const from = order.status as OrderState;
  const refusal = transitionRefusal(from, to, order, options);
  if (refusal) throw refusal;

  const [updated] = await tx
    .update(orders)
    .set({ status: to, ...columnsOnEnter(from, to, order, options), updatedAt: sql`now()` })
    // The payment status is part of the condition too: an expiry must lose to a payment that just landed.
    .where(
      and(eq(orders.id, order.id), eq(orders.status, from), eq(orders.paymentStatus, order.paymentStatus)),
    )
    .returning({ cargoCompany: orders.cargoCompany, trackingNo: orders.trackingNo });
  if (!updated) throw statusChanged();

  const refundDue =
    to === Cancelled && order.paymentStatus === 'paid' && order.paymentMethod !== 'marketplace';
  if (refundDue && order.paymentMethod === 'card') {
    await tx
      .update(payments)
      .set({ status: 'refund_pending' })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'succeeded')));
  }

  if (HOLDS_STOCK(from) && !HOLDS_STOCK(to)) {
    await releaseStock(tx, order.id);
    await releaseCouponUse(tx, order.id);
  } else if (!HOLDS_STOCK(from) && HOLDS_STOCK(to)) {
    await takeStockAgain(tx, order.id);
    await takeCouponUseAgain(tx, order);
  }

  const note = options.note?.trim() ?? '';
  await tx.insert(orderHistory).values({
    orderId: order.id,
    fromStatus: from,
    toStatus: to,
    actor: options.actor,
    note,
    staffId: options.staffId ?? null,
  });
  return {
    id: order.id,
    orderNo: order.orderNo,
    customerId: order.customerId,
    email: order.email,
    from,
    to,
    cargoCompany: updated.cargoCompany,
    trackingNo: updated.trackingNo,
    note,
    refundDue,
  };
}

/**
 * The one way to change an order's state: one transaction, in which `inTransaction` queues the change's
 * e-mail (it exists exactly when the change does), then `afterCommit` (sending it, a refund).
 */
export async function changeStatus(
  db: Db,
  ref: OrderRef,
  to: number,
  options: StatusChangeOptions,
  hooks: {
    inTransaction?: (tx: Tx, changed: ChangedOrder) => Promise<void>;
    afterCommit?: (changed: ChangedOrder) => void;
  } = {},
): Promise<ChangedOrder> {
  const changed = await db.transaction(async (tx) => {
    const applied = await applyStatusChange(tx, ref, to, options);
    await hooks.inTransaction?.(tx, applied);
    return applied;
  });
  hooks.afterCommit?.(changed);
  return changed;
}

/** `Sipariş Alındı → Hazırlanıyor`, for messages. */
export const transitionText = (from: OrderState, to: OrderState) =>
  `${ORDER_STATES[from].label} → ${ORDER_STATES[to].label}`;
