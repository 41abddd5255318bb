/**
 * Order states (glossary "Order states") by name, and the integer each is stored as (`orders.status`,
 * `order_history.from_status` / `to_status`; the seed and the migrations fix the integers). Code compares
 * with these names, never with the bare numbers (`scripts/check-state-numbers.mjs`).
 */
export const ORDER_STATE = {
  Received: 0,
  Preparing: 1,
  Shipped: 2,
  InTransit: 3,
  Delivered: 4,
  NotDelivered: 5,
  Cancelled: 6,
  PaymentFailed: 7,
} as const;

export type OrderStateName = keyof typeof ORDER_STATE;
/** A stored order state: one of the integers of {@link ORDER_STATE}. */
export type OrderState = (typeof ORDER_STATE)[OrderStateName];

/**
 * The order process by name: the label a shopper reads, the badge colour, and the states an order may move
 * to from each. One table; `orders/status.ts` in core obeys it (and adds who may make each change).
 *
 * Received → PaymentFailed only when a card payment fails; PaymentFailed → Received only when a retried
 * payment succeeds.
 */
export const ORDER_PROCESS = {
  Received: { label: 'Sipariş Alındı', badge: 'secondary', to: ['Preparing', 'Cancelled', 'PaymentFailed'] },
  Preparing: { label: 'Hazırlanıyor', badge: 'info', to: ['Shipped', 'Cancelled'] },
  Shipped: { label: 'Kargoya Verildi', badge: 'primary', to: ['InTransit', 'NotDelivered'] },
  InTransit: { label: 'Kargoda', badge: 'warning', to: ['Delivered', 'NotDelivered'] },
  Delivered: { label: 'Teslim Edildi', badge: 'success', to: [] },
  NotDelivered: { label: 'Teslim Edilemedi', badge: 'danger', to: ['Shipped', 'Cancelled'] },
  Cancelled: { label: 'İptal Edildi', badge: 'dark', to: [] },
  PaymentFailed: { label: 'Ödeme Başarısız', badge: 'danger', to: ['Received', 'Cancelled'] },
} as const satisfies Record<OrderStateName, { label: string; badge: string; to: readonly OrderStateName[] }>;

type OrderStateEntry<N extends OrderStateName> = {
  readonly name: N;
  readonly label: (typeof ORDER_PROCESS)[N]['label'];
  readonly badge: (typeof ORDER_PROCESS)[N]['badge'];
  /** The stored codes of the states it may move to. */
  readonly next: readonly OrderState[];
};

/** The same table by stored code, for what a row holds: `ORDER_STATES[order.status].label`. */
export const ORDER_STATES = Object.fromEntries(
  (Object.keys(ORDER_PROCESS) as OrderStateName[]).map((name) => [
    ORDER_STATE[name],
    {
      name,
      label: ORDER_PROCESS[name].label,
      badge: ORDER_PROCESS[name].badge,
      next: ORDER_PROCESS[name].to.map((to) => ORDER_STATE[to]),
    },
  ]),
) as unknown as { readonly [N in OrderStateName as (typeof ORDER_STATE)[N]]: OrderStateEntry<N> };

export type OrderBadge = (typeof ORDER_STATES)[OrderState]['badge'];

export const ORDER_STATE_CODES = Object.values(ORDER_STATE).sort((a, b) => a - b) as OrderState[];

export function isOrderState(value: number): value is OrderState {
  return Object.hasOwn(ORDER_STATES, value);
}

/** Whether the table allows `from → to`. */
export function canMoveOrder(from: OrderState, to: OrderState): boolean {
  return ORDER_STATES[from].next.includes(to);
}

/** States in which the customer may still cancel the order themselves. */
export const CUSTOMER_CANCELLABLE_STATES: readonly OrderState[] = [
  ORDER_STATE.Received,
  ORDER_STATE.Preparing,
];

/** States in which the cargo company and tracking number are shown. */
export const SHIPPED_STATES: readonly OrderState[] = [ORDER_STATE.Shipped, ORDER_STATE.InTransit];

/**
 * Payment methods of orders (glossary: checkout). `marketplace` is never a shopper's choice (the cart's
 * `PaymentMethod` has the three of checkout): an order from a marketplace package, paid to the marketplace.
 */
export const PAYMENT_METHODS = {
  card: 'Kredi / Banka Kartı',
  transfer: 'Havale / EFT',
  cod: 'Kapıda Ödeme',
  marketplace: 'Pazaryeri (Trendyol)',
} as const;
export type PaymentMethodCode = keyof typeof PAYMENT_METHODS;

/** Where an order's payment stands; cart (placed order) and orders (detail, list) both show it. */
export type OrderPaymentStatus =
  | 'pending'
  | 'paid'
  | 'failed'
  | 'not_required'
  | 'refund_pending'
  | 'refunded';
