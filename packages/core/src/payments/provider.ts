import type { CardChallenge } from '@vitrin/shared/api/orders';

/**
 * A card payment provider (the built-in test bank, iyzico, PayTR). Vitrin starts a payment, shows the
 * shopper what the provider answers (a verification-code step, the bank's 3-D Secure page, or the
 * provider's hosted form in an iframe), and later receives a result that only the provider can vouch for:
 * through the browser (`complete`) or server to server (`notify`). Nothing is marked paid or failed before
 * the provider's signature (or its own answer to an authenticated call) checked out.
 *
 * The card number, where the form is ours (`form: 'card'`), is passed to `start` for the one provider call
 * and dropped: never stored, logged, or put in a queued job.
 */
export type ProviderName = 'test' | 'iyzico' | 'paytr';
/** `test`: the built-in test bank; `sandbox`: the provider's test system; `live`: real money. */
export type ProviderMode = 'test' | 'sandbox' | 'live';

export interface CardInput {
  /** Digits only, Luhn already checked by the request schema. */
  cardNumber: string;
  holder: string;
  expiryMonth: number;
  expiryYear: number;
  cvc: string;
}

/** One row of an instalment table: what the shopper pays in total and per month for `count` instalments. */
export interface InstalmentOption {
  count: number;
  totalMinor: number;
  monthlyMinor: number;
  /** The card's bank and programme (`Bonus`, `World`…) when the table is for one card (BIN). */
  bank?: string;
  family?: string;
}

export interface PaymentBuyer {
  /** Our customer id, or `guest-<order no>`. */
  id: string;
  name: string;
  surname: string;
  email: string;
  phone: string;
  /** T.C. kimlik no when the order has one (e-invoice), else a provider-accepted placeholder. */
  identityNumber: string | null;
  city: string;
  district: string;
  address: string;
  zip: string | null;
  country: string;
}

export interface PaymentAddress {
  contactName: string;
  city: string;
  district: string;
  address: string;
  zip: string | null;
  country: string;
}

/** A line of the order as providers list it (iyzico's basketItems; PayTR's user_basket). */
export interface PaymentLine {
  /** Our order_items.id, as text: refunds per line name it. */
  id: string;
  name: string;
  category: string;
  /** The line's total (quantity × unit price, after its discount), minor units. */
  totalMinor: number;
}

export interface PaymentOrder {
  id: number;
  no: string;
  /** What the order costs, minor units (`orders.total_minor`). */
  amountMinor: number;
  /** Instalment count the shopper chose (1 = single payment). */
  instalments: number;
  buyer: PaymentBuyer;
  shipping: PaymentAddress;
  billing: PaymentAddress;
  /** Shipping and other fees are one more line (`id: 'shipping'`) so the lines add up to the amount. */
  lines: PaymentLine[];
}

export interface PaymentStart {
  /** Our random id of the attempt (`payments.reference`); every later call and result names it. */
  reference: string;
  order: PaymentOrder;
  /** Present for `form: 'card'` providers only; used for the one call, never kept. */
  card?: CardInput;
  /** Absolute URL the bank's page (or the provider) posts the shopper back to: our callback route. */
  callbackUrl: string;
  /** Absolute URL of our payment page for this order (`/secure-pay?order=&token=`): where the shopper returns. */
  pageUrl: string;
  userIp: string;
}

/** What to show the shopper after `start`. */
export type StartResult =
  /** The bank's 3-D Secure page as HTML (iyzico's threeDSHtmlContent), shown as is in `/secure-pay`. */
  | { kind: 'html'; html: string }
  /** The provider's hosted form (PayTR), shown in an iframe in `/secure-pay`. */
  | { kind: 'iframe'; url: string }
  /** Our own verification-code step (the test bank). */
  | { kind: 'challenge'; challenge: CardChallenge }
  /** Refused before any 3-D Secure step (declined card, invalid card for the provider): nothing to show. */
  | { kind: 'declined'; code: string };

/** A result the provider vouched for. */
export interface VerifiedPayment {
  reference: string;
  status: 'succeeded' | 'failed';
  /** A stable code of the failure (`YETERSIZ_BAKIYE`…), null when it succeeded. */
  failureCode: string | null;
  /**
   * The order amount the result is for (checked against the attempt), minor units. Null only for a failure
   * that charged nothing when the provider's failure answer names no amount (a failed 3-D Secure step).
   */
  amountMinor: number | null;
  cardLast4: string | null;
  /** The provider's id of the payment (iyzico paymentId, PayTR merchant_oid…), for refunds and support. */
  providerPaymentId?: string | null;
  /** What the shopper's card was charged (with instalment interest), minor units. */
  paidTotalMinor?: number | null;
  /** Instalment count the bank applied. */
  instalments?: number | null;
  /** The provider's commission and fees, minor units, when it tells them. */
  feeMinor?: number | null;
  /** Per line, the provider's id for a refund of that line (iyzico paymentTransactionId). */
  lineRefs?: Record<string, string> | null;
}

export interface RefundRequest {
  reference: string;
  providerPaymentId: string | null;
  /**
   * Our id of this refund (`payment_refunds.reference`), sent to the provider with it (iyzico conversationId,
   * PayTR reference_no) so `lookupRefunds` can tell later whether it was made. A refund of several lines
   * sends `<key>-<n>` for its n-th line. Absent: the attempt's reference.
   */
  refundKey?: string;
  /** Keys the provider already made (from `lookupRefunds`): those parts are not asked again. */
  alreadyMade?: ReadonlySet<string>;
  /** The amount to give back, minor units (all of the attempt, or the lines' sum). */
  amountMinor: number;
  /** Per-line refund: our line id, the provider's ref of it (from `lineRefs`), the amount. Absent: all. */
  lines?: Array<{ id: string; providerRef: string | null; amountMinor: number }>;
  userIp?: string;
}

export type RefundResult =
  | { refunded: true; providerRef?: string | null }
  /**
   * `refused`: the provider answered no (already refunded, more than paid…); otherwise no answer came, and
   * the refund may have been made: it is looked up (`lookupRefunds`) before being asked again.
   */
  | { refunded: false; reason: string; refused?: boolean };

export interface PaymentProvider {
  /** Stored with each attempt (`payments.provider`). */
  readonly name: ProviderName;
  readonly mode: ProviderMode;
  /** `card`: our form takes the card and passes it to `start`; `hosted`: the provider's own form. */
  readonly form: 'card' | 'hosted';
  /**
   * The instalment table for an amount: the general one (no card yet; providers may cache it) or the one
   * for the card's first 6-8 digits. Always includes the single payment (count 1).
   */
  instalmentOptions(query: { bin?: string; amountMinor: number }): Promise<InstalmentOption[]>;
  /** Starts a payment: what the shopper sees next. Throws `OrderError` for input the provider refuses. */
  start(payment: PaymentStart): Promise<StartResult>;
  /**
   * A result as it came back through the browser (the bank's form post to our callback, the test bank's
   * signed result). Null when it is forged or malformed. A provider may call its API here (iyzico's auth).
   */
  complete(result: unknown): Promise<VerifiedPayment | null>;
  /** A result sent server to server (PayTR's notification); null when forged. Absent: not supported. */
  notify?(result: unknown): Promise<VerifiedPayment | null>;
  /**
   * Gives back money of a succeeded attempt (all of it, or lines). Asking again after a lost answer must
   * refund once (providers key by our reference / the transaction).
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Voids a payment the same day it was taken (no fee for the shop). Absent: only `refund`. */
  cancel?(request: {
    reference: string;
    providerPaymentId: string | null;
    refundKey?: string;
    userIp?: string;
  }): Promise<RefundResult>;
  /**
   * The keys (`refundKey`s, a line's `<key>-<n>`) of the refunds and cancels the provider made for a
   * payment, read from the provider (iyzico's payment detail report, PayTR's status query). Null when it
   * could not be asked: a refund whose answer was lost is then neither counted nor asked again.
   */
  lookupRefunds(payment: { reference: string; providerPaymentId: string | null }): Promise<string[] | null>;
  /**
   * A pending attempt looked up at the provider (iyzico's payment detail, PayTR's status query) when its
   * result did not come back (an auth or notification lost on the way): the result as the provider vouches
   * for it; `none` when the provider has taken no payment for it (yet); null when it could not be asked.
   * Absent: the provider's results only come to us.
   */
  lookupPayment?(attempt: {
    reference: string;
    amountMinor: number;
    providerPaymentId: string | null;
  }): Promise<VerifiedPayment | 'none' | null>;
  /**
   * How long after an attempt began the provider may still take its money (its bank page's or hosted
   * form's time): an attempt it has no payment for after this has failed.
   */
  readonly pendingLimitMs?: number;
  /** The Turkish sentence a shopper reads for a failure code. */
  failureMessage(code: string): string;
  /** Test bank only: the verification-code step's answer, as a result for `complete`. */
  answerChallenge?(challenge: string, code: string): Promise<unknown>;
  /** Test bank only: the cards and code the payment page lists. */
  readonly testInfo?: { cards: Array<{ number: string; outcome: string }>; verificationCode: string };
}

/** Which provider takes new payments, and each provider by name for attempts already started with it. */
export interface PaymentProviders {
  /** The provider of new payments; null when none is configured (no card payment offered), with why. */
  active(): Promise<{ provider: PaymentProvider | null; reason: string | null }>;
  /** A provider by name (an older attempt's), configured or not: null when it cannot be built. */
  byName(name: string): PaymentProvider | null;
}

/** What a shopper reads for the card failures every provider maps its bank codes to. */
export const CARD_FAILURE_MESSAGES: Record<string, string> = {
  YETERSIZ_BAKIYE: 'Kartınızın bakiyesi ya da limiti bu ödeme için yetersiz.',
  KART_REDDEDILDI: 'Bankanız ödemeyi onaylamadı. Lütfen başka bir kartla deneyin ya da bankanızla görüşün.',
  DOGRULAMA_BASARISIZ: '3-D Secure doğrulaması başarısız oldu; doğrulama kodu hatalı ya da onaylanmadı.',
  KART_SURESI_DOLMUS: 'Kartınızın kullanım süresi dolmuş.',
  CVC_HATALI: 'Kartın güvenlik kodu (CVC) hatalı.',
  INTERNET_ALISVERISINE_KAPALI:
    'Kartınız internet alışverişine kapalı. Bankanızdan açtırabilir ya da başka bir kart kullanabilirsiniz.',
  TAKSIT_DESTEKLENMIYOR:
    'Kartınız bu taksit sayısını desteklemiyor. Lütfen tek çekim ya da başka bir kartla deneyin.',
};

/** Messages shared by all providers for outcomes the shop decides (not the bank). */
export const SHOP_FAILURE_MESSAGES: Record<string, string> = {
  STOK_YETERSIZ: 'Ödeme sırasında ürünlerden birinin stoğu tükendi; ödemeniz iade edilecek.',
  KUPON_LIMITI_DOLDU: 'Ödeme sırasında kuponun kullanım hakkı doldu; ödemeniz iade edilecek.',
  YERINE_YENISI_BASLADI:
    'Bu ödeme denemesinin yerine yenisi başlatıldı; bu denemede kartınızdan çekilen bir tutar olduysa iade edilir.',
  SIPARIS_IPTAL_EDILDI: 'Sipariş, ödeme sürerken iptal edildi; ödemeniz kartınıza iade ediliyor.',
  ODEME_ZAMAN_ASIMI:
    'Ödeme sağlayıcısı zamanında yanıt vermedi. Kartınızdan para çekilmediyse tekrar deneyin.',
  SAGLAYICI_HATASI: 'Ödeme sağlayıcısına şu anda ulaşılamıyor. Lütfen biraz sonra tekrar deneyin.',
  ODEME_SONUCU_ALINAMADI:
    'Ödemeniz zamanında tamamlanmadı; ödeme sağlayıcısında alınmış bir ödeme yok. Lütfen tekrar deneyin. Sonradan çekilen bir tutar olursa kartınıza iade edilir.',
};
export const UNKNOWN_FAILURE = 'Ödeme alınamadı. Lütfen tekrar deneyin.';

/** The Turkish sentence for a failure code any provider uses. */
export const failureMessageOf = (code: string) =>
  CARD_FAILURE_MESSAGES[code] ?? SHOP_FAILURE_MESSAGES[code] ?? UNKNOWN_FAILURE;
