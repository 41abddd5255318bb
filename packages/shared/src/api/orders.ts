/**
 * Orders after placement and their card payments, as the storefront and API clients see them (REST under
 * `/api/front`). Types and constants only: no zod, so route modules and components import it without
 * growing the browser bundle. The request schemas live in `order-requests.ts`.
 *
 * Orders (all answers `private, no-store`; errors `{ error: { code, message, fields? } }` in Turkish):
 * - `GET  /api/front/orders?page=&perPage=`        → OrderList (the logged-in customer's, newest first)
 * - `GET  /api/front/orders/{orderNo}[?token=]`    → OrderDetail (its customer, or anyone with the token)
 * - `POST /api/front/orders/{orderNo}/cancel[?token=]` → OrderDetail (while in state 0 or 1)
 *
 * Card payment with the built-in test provider (the `/secure-pay` page):
 * - `GET  /api/front/payments/session?order=&token=` → PaymentSession
 * - `POST /api/front/payments/card`   CardPaymentRequest   → 201 PaymentStep (the 3-D Secure step)
 * - `POST /api/front/payments/verify` VerifyPaymentRequest → PaymentOutcome
 * - `POST /api/front/payments/result` SignedPaymentResult  → PaymentOutcome (a provider's signed return)
 *
 * A logged-in customer's own orders need no `token`; a guest follows `/order-success?order=&token=` or
 * `/secure-pay?order=&token=` and the pages pass the token on.
 */
import type { OrderBadge, OrderPaymentStatus, PaymentMethodCode } from '../order-states.ts';
import type { VatLineView } from './cart.ts';

/** A state as shown: code 0-7, the glossary's label and badge colour. */
export interface OrderStateView {
  code: number;
  label: string;
  badge: OrderBadge;
}

export interface OrderSummary {
  orderNo: string;
  /** ISO 8601. */
  createdAt: string;
  state: OrderStateView;
  totalMinor: number;
  /** Sum of the line quantities. */
  itemCount: number;
  /** One of checkout's three, or `marketplace` for an order from a marketplace package. */
  paymentMethod: PaymentMethodCode;
  paymentStatus: OrderPaymentStatus;
}

export interface OrderList {
  orders: OrderSummary[];
  page: number;
  perPage: number;
  total: number;
  pageCount: number;
}

export interface OrderLineView {
  /** Null when the product was deleted since (the line stays, "Tekrar Satın Al" skips it). */
  productId: number | null;
  /** The product's slug now, for a link; null when it is gone. */
  slug: string | null;
  variantId: number | null;
  name: string;
  sku: string;
  options: Record<string, string>;
  personalization: { fields: Record<string, string>; image?: string } | null;
  image: string | null;
  quantity: number;
  /** TRY minor units, VAT included. */
  unitPriceMinor: number;
  lineTotalMinor: number;
  vatRate: number;
}

export interface OrderAddressView {
  firstName: string;
  lastName: string;
  phone: string;
  provinceCode: number;
  province: string;
  district: string;
  line: string;
  postcode: string | null;
  billingType: 'individual' | 'corporate';
  tcKimlikNo: string | null;
  companyName: string | null;
  taxNumber: string | null;
  taxOffice: string | null;
}

export interface OrderHistoryEntry {
  state: OrderStateView;
  fromCode: number | null;
  /** ISO 8601. */
  at: string;
  actor: 'customer' | 'payment' | 'system' | 'operator' | 'carrier' | 'channel';
  note: string;
}

export interface OrderDetail extends OrderSummary {
  email: string;
  phone: string;
  /** `Kredi / Banka Kartı`, `Havale / EFT`, `Kapıda Ödeme`. */
  paymentMethodLabel: string;
  /** Turkish, e.g. `Ödendi`, `Ödeme bekleniyor`. */
  paymentStatusLabel: string;
  instalments: number;
  lines: OrderLineView[];
  totals: {
    subtotalMinor: number;
    discountMinor: number;
    shippingMinor: number;
    codFeeMinor: number;
    instalmentFeeMinor: number;
    totalMinor: number;
    vatLines: VatLineView[];
  };
  couponCode: string | null;
  shippingAddress: OrderAddressView | null;
  billingAddress: OrderAddressView;
  /** The shop's link to the order's e-Arşiv / e-Fatura PDF once issued (issue 42); null or absent otherwise. */
  invoicePdfUrl?: string | null;
  note: string;
  /** Oldest first: the timeline. */
  history: OrderHistoryEntry[];
  /**
   * The parcels whose labels the shop bought from a carrier (issue 41), each with its carrier, tracking number
   * and the carrier's own tracking page; only in states 2 and 3, like `cargo`. Empty for an order shipped by hand.
   */
  shipments: { carrier: string; trackingNo: string; trackingUrl: string | null }[];
  /** Only in states 2 and 3 (Kargoya Verildi, Kargoda). */
  cargo: {
    company: string;
    trackingNo: string;
    /** The carrier's page of this parcel; null for a carrier outside the list (`cargo.ts`). */
    trackingUrl: string | null;
  } | null;
  /** The last card payment attempt (last four digits only), if any. */
  lastPayment: {
    status: 'pending' | 'succeeded' | 'failed' | 'refund_pending' | 'refunded';
    failureCode: string | null;
    cardLast4: string | null;
    /** Who took it (`test`, `iyzico`, `paytr`) and whether real money moved (`live`). */
    provider: string;
    mode: 'test' | 'sandbox' | 'live';
    /** What the card was charged, the bank's instalment interest included (kuruş); null until it answered. */
    paidTotalMinor: number | null;
  } | null;
  /** Shown for Havale / EFT while the transfer is awaited. */
  bankAccounts: Array<{ bank: string; holder: string; iban: string }>;
  /** ISO 8601: an unpaid card order releases its stock after this. */
  paymentDueAt: string | null;
  canCancel: boolean;
  /** A card payment can be made now (unpaid in state 0, or failed in state 7). */
  canPay: boolean;
  /** `/secure-pay?order=&token=` when `canPay`, else null. */
  payUrl: string | null;
}

/** What `/secure-pay` shows before the card form. */
export interface PaymentSession {
  orderNo: string;
  state: OrderStateView;
  paymentStatus: OrderPaymentStatus;
  amountMinor: number;
  instalments: number;
  /** `amountMinor / instalments` rounded down; the first instalment takes the remainder. */
  monthlyMinor: number;
  itemCount: number;
  shopName: string;
  /** False when the order is paid, cancelled or not a card order; `reason` says why in Turkish. */
  payable: boolean;
  reason: string | null;
  /** Where to go when there is nothing to pay: `/order-success?order=&token=`. */
  next: string;
  /** The built-in test provider: cards to try and the verification code. */
  test: { cards: TestCardInfo[]; verificationCode: string } | null;
  /**
   * Who takes the card: `card` (our card form, then the bank's step), `hosted` (the provider's own form in
   * an iframe); null when the shop has no card payment configured.
   */
  provider: { name: string; mode: 'test' | 'sandbox' | 'live'; form: 'card' | 'hosted' } | null;
  /** Why the last attempt failed (Turkish), while the order can be paid again: back from the bank, or later. */
  lastFailure: { code: string; message: string } | null;
  /**
   * The last attempt went to a hosted form and its answer has not arrived yet (the shopper came back before
   * the provider's notification): the page waits and asks again instead of offering to pay again.
   */
  verifying: boolean;
}

/**
 * What follows the card form: the test bank's verification-code step, the bank's 3-D Secure page (HTML to
 * show as it is), the provider's hosted form (an iframe), or at once an outcome (a card refused outright).
 */
export type PaymentStep =
  | ({ kind: 'challenge' } & CardChallenge)
  | { kind: 'html'; html: string }
  | { kind: 'iframe'; url: string }
  | { kind: 'outcome'; outcome: PaymentOutcome };

export interface TestCardInfo {
  number: string;
  outcome: string;
}

/** The 3-D Secure step: send `challenge` with the code the "bank" asked for. */
export interface CardChallenge {
  challenge: string;
  cardLast4: string;
  amountMinor: number;
  /** ISO 8601: the step must be finished before this. */
  expiresAt: string;
  /** Turkish prompt for the verification-code form. */
  prompt: string;
}

export interface PaymentOutcome {
  outcome: 'paid' | 'failed';
  orderNo: string;
  state: OrderStateView;
  /** Why the payment failed, in Turkish; null when paid. */
  failure: { code: string; message: string } | null;
  /** Paid: `/order-success?order=&token=`; failed: `/secure-pay?order=&token=` to try again. */
  next: string;
}

/** A provider's signed result (the test provider's shape), as it comes back through the browser. */
export interface SignedPaymentResult {
  reference: string;
  status: 'succeeded' | 'failed';
  failureCode: string | null;
  amountMinor: number;
  cardLast4: string;
  /** ISO 8601. */
  issuedAt: string;
  /** base64url HMAC-SHA256 of the fields above with the provider's secret. */
  signature: string;
}
