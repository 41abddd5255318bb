/**
 * Order states (glossary "Order states"): the label a shopper reads, the badge colour, and the states an
 * order may move to from each. One table; `orders/status.ts` in core obeys it for every change.
 *
 * 0 → 7 only when a card payment fails; 7 → 0 only when a retried payment succeeds.
 */
export const ORDER_STATES = {
  0: { label: 'Sipariş Alındı', badge: 'secondary', next: [1, 6, 7] },
  1: { label: 'Hazırlanıyor', badge: 'info', next: [2, 6] },
  2: { label: 'Kargoya Verildi', badge: 'primary', next: [3, 5] },
  3: { label: 'Kargoda', badge: 'warning', next: [4, 5] },
  4: { label: 'Teslim Edildi', badge: 'success', next: [] },
  5: { label: 'Teslim Edilemedi', badge: 'danger', next: [2, 6] },
  6: { label: 'İptal Edildi', badge: 'dark', next: [] },
  7: { label: 'Ödeme Başarısız', badge: 'danger', next: [0, 6] },
} as const satisfies Record<number, { label: string; badge: string; next: readonly number[] }>;

export type OrderState = keyof typeof ORDER_STATES;
export type OrderBadge = (typeof ORDER_STATES)[OrderState]['badge'];

export const ORDER_STATE_CODES = Object.keys(ORDER_STATES).map(Number) as OrderState[];

export function isOrderState(value: number): value is OrderState {
  return Object.hasOwn(ORDER_STATES, value);
}

/** Whether the table allows `from → to`. */
export function canMoveOrder(from: OrderState, to: OrderState): boolean {
  return (ORDER_STATES[from].next as readonly number[]).includes(to);
}

/** States in which the customer may still cancel the order themselves. */
export const CUSTOMER_CANCELLABLE_STATES: readonly OrderState[] = [0, 1];

/** States in which the cargo company and tracking number are shown. */
export const SHIPPED_STATES: readonly OrderState[] = [2, 3];

/** Payment methods (glossary: checkout). */
export const PAYMENT_METHODS = {
  card: 'Kredi / Banka Kartı',
  transfer: 'Havale / EFT',
  cod: 'Kapıda Ödeme',
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
