import { withMaskedId } from '@vitrin/shared/address/id-mask';
import type {
  OrderDetail,
  OrderHistoryEntry,
  OrderList,
  OrderStateView,
  OrderSummary,
} from '@vitrin/shared/api/orders';
import { trackingUrl } from '@vitrin/shared/cargo';
import {
  CUSTOMER_CANCELLABLE_STATES,
  isOrderState,
  ORDER_STATE,
  ORDER_STATES,
  type OrderState,
  PAYMENT_METHODS,
  SHIPPED_STATES,
} from '@vitrin/shared/order-states';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orderHistory, orderItems, orders, payments, products, shipments } from '../db/schema.ts';
import type { BankAccount } from '../settings/registry.ts';

/** Reads of orders as the panel, the guest pages and the e-mails show them. No access checks here. */

export function stateView(code: number): OrderStateView {
  const state = isOrderState(code) ? code : ORDER_STATE.Received;
  return { code, label: ORDER_STATES[state].label, badge: ORDER_STATES[state].badge };
}

export function paymentStatusLabel(method: string, status: string): string {
  switch (status) {
    case 'paid':
      return 'Ödendi';
    case 'failed':
      return 'Ödeme başarısız';
    case 'not_required':
      return 'Teslimatta ödenecek';
    case 'refund_pending':
      return method === 'transfer' ? 'İade edilecek' : 'İade ediliyor';
    case 'refunded':
      return 'İade edildi';
    default:
      return method === 'transfer' ? 'Havale / EFT bekleniyor' : 'Ödeme bekleniyor';
  }
}

/** A card payment can be made: unpaid while Received (payment pending), or PaymentFailed (retry). */
export function canPayNow(order: { status: number; paymentMethod: string; paymentStatus: string }): boolean {
  if (order.paymentMethod !== 'card') return false;
  return (
    (order.status === ORDER_STATE.Received && order.paymentStatus === 'pending') ||
    order.status === ORDER_STATE.PaymentFailed
  );
}

export async function listCustomerOrders(
  db: Db,
  customerId: number,
  { page, perPage }: { page: number; perPage: number },
): Promise<OrderList> {
  const [totalRow] = await db.select({ n: count() }).from(orders).where(eq(orders.customerId, customerId));
  const total = totalRow?.n ?? 0;
  const rows = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      createdAt: orders.createdAt,
      status: orders.status,
      totalMinor: orders.totalMinor,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      // Spelled out: inside a select, Drizzle writes columns unqualified and `id` would mean the line's.
      itemCount: sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    orders: rows.map(
      (row): OrderSummary => ({
        orderNo: row.orderNo,
        createdAt: row.createdAt.toISOString(),
        state: stateView(row.status),
        totalMinor: row.totalMinor,
        itemCount: Number(row.itemCount),
        paymentMethod: row.paymentMethod,
        paymentStatus: row.paymentStatus,
      }),
    ),
    page,
    perPage,
    total,
    pageCount: Math.max(1, Math.ceil(total / perPage)),
  };
}

export type OrderRow = typeof orders.$inferSelect;

export async function findOrder(db: Db, ref: number | string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(typeof ref === 'number' ? eq(orders.id, ref) : eq(orders.orderNo, ref));
  return row;
}

export interface DetailExtras {
  bankAccounts: BankAccount[];
  payUrl: (orderNo: string) => string;
}

/** What an order's detail shows besides the order row: its lines (with the product's slug), history, payment. */
export interface OrderParts {
  lines: { line: Omit<typeof orderItems.$inferSelect, 'id' | 'refundedQuantity'>; slug: string | null }[];
  /** The customer's timeline: who on the staff made a change is for the panel only (`admin.ts`). */
  history: Omit<typeof orderHistory.$inferSelect, 'id' | 'staffId'>[];
  lastPayment: Pick<
    typeof payments.$inferSelect,
    'status' | 'failureCode' | 'cardLast4' | 'provider' | 'mode' | 'paidTotalMinor'
  > | null;
  /** The outbound shipments with a bought label (none for an order just placed). */
  shipments?: OrderDetail['shipments'];
  /** Tracking numbers of labels cancelled at the carrier: the order's own number is not shown when it is one. */
  cancelledTrackingNos?: string[];
}

/**
 * The full order. `payUrl` is given by the caller (it holds the access secret); bank accounts are shown for
 * a Havale / EFT order while the transfer is awaited.
 */
export async function orderDetail(db: Db, order: OrderRow, extras: DetailExtras): Promise<OrderDetail> {
  const [lines, history, lastPayments, bought] = await Promise.all([
    db
      .select({ line: orderItems, slug: products.slug })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id)),
    db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderId, order.id))
      .orderBy(asc(orderHistory.createdAt), asc(orderHistory.id)),
    db
      .select({
        status: payments.status,
        failureCode: payments.failureCode,
        cardLast4: payments.cardLast4,
        provider: payments.provider,
        mode: payments.mode,
        paidTotalMinor: payments.paidTotalMinor,
      })
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(desc(payments.id))
      .limit(1),
    db
      .select({
        carrier: shipments.company,
        trackingNo: shipments.trackingNo,
        trackingUrl: shipments.trackingUrl,
        status: shipments.status,
      })
      .from(shipments)
      .where(
        and(
          eq(shipments.orderId, order.id),
          eq(shipments.kind, 'outbound'),
          inArray(shipments.status, ['created', 'cancelled']),
        ),
      )
      .orderBy(asc(shipments.id)),
  ]);
  const cancelledTrackingNos = bought.flatMap((s) =>
    s.status === 'cancelled' && s.trackingNo ? [s.trackingNo] : [],
  );
  const parcels = bought
    .filter((s) => s.status === 'created')
    .map((s) => ({
      carrier: s.carrier ?? '',
      trackingNo: s.trackingNo ?? '',
      trackingUrl: s.trackingUrl || null,
    }));
  return detailOf(
    order,
    { lines, history, lastPayment: lastPayments[0] ?? null, shipments: parcels, cancelledTrackingNos },
    extras,
  );
}

/** The detail from parts already at hand (an order just placed has written them itself). */
export function detailOf(
  order: OrderRow,
  { lines, history, lastPayment, shipments: parcels = [], cancelledTrackingNos = [] }: OrderParts,
  extras: DetailExtras,
): OrderDetail {
  const state = order.status as OrderState;
  const canPay = canPayNow(order);
  return {
    orderNo: order.orderNo,
    createdAt: order.createdAt.toISOString(),
    state: stateView(order.status),
    totalMinor: order.totalMinor,
    itemCount: lines.reduce((sum, { line }) => sum + line.quantity, 0),
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    email: order.email,
    phone: order.phone,
    paymentMethodLabel: PAYMENT_METHODS[order.paymentMethod],
    paymentStatusLabel: paymentStatusLabel(order.paymentMethod, order.paymentStatus),
    instalments: order.instalments,
    lines: lines.map(({ line, slug }) => ({
      productId: line.productId,
      slug,
      variantId: line.variantId,
      name: line.name,
      sku: line.sku,
      options: line.options,
      personalization: line.personalization ?? null,
      image: line.image,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      lineTotalMinor: line.lineTotalMinor,
      vatRate: line.vatRate,
    })),
    totals: {
      subtotalMinor: order.subtotalMinor,
      discountMinor: order.discountMinor,
      shippingMinor: order.shippingMinor,
      codFeeMinor: order.codFeeMinor,
      instalmentFeeMinor: order.instalmentFeeMinor,
      totalMinor: order.totalMinor,
      vatLines: order.vatLines,
    },
    couponCode: order.couponCode,
    shippingAddress: withMaskedId(order.shippingAddress),
    billingAddress: withMaskedId(order.billingAddress),
    note: order.note,
    history: history.map(
      (h): OrderHistoryEntry => ({
        state: stateView(h.toStatus),
        fromCode: h.fromStatus,
        at: h.createdAt.toISOString(),
        actor: h.actor as OrderHistoryEntry['actor'],
        note: h.note,
      }),
    ),
    shipments: SHIPPED_STATES.includes(state) ? parcels : [],
    cargo:
      SHIPPED_STATES.includes(state) &&
      order.cargoCompany &&
      order.trackingNo &&
      !cancelledTrackingNos.includes(order.trackingNo)
        ? {
            company: order.cargoCompany,
            trackingNo: order.trackingNo,
            trackingUrl: trackingUrl(order.cargoCompany, order.trackingNo),
          }
        : null,
    lastPayment,
    bankAccounts:
      order.paymentMethod === 'transfer' &&
      order.paymentStatus === 'pending' &&
      state === ORDER_STATE.Received
        ? extras.bankAccounts
        : [],
    paymentDueAt:
      order.paymentStatus === 'pending' && order.paymentDueAt ? order.paymentDueAt.toISOString() : null,
    canCancel: CUSTOMER_CANCELLABLE_STATES.includes(state),
    canPay,
    payUrl: canPay ? extras.payUrl(order.orderNo) : null,
  };
}
