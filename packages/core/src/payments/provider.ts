/**
 * A card payment provider (a bank's or a payment company's 3-D Secure service). Vitrin starts a payment,
 * sends the shopper where the provider says, and later receives a result that only the provider can sign;
 * nothing is marked paid or failed before `verify` accepted that signature.
 */
export interface PaymentStart {
  /** Our random id of the attempt (`payments.reference`); the signed result names it. */
  reference: string;
  orderNo: string;
  amountMinor: number;
  instalments: number;
  /** Our payment page for this order (with its access token), for a provider whose form we host. */
  pageUrl: string;
}

/** A result whose signature checked out: the provider vouches for these facts. */
export interface VerifiedPayment {
  reference: string;
  status: 'succeeded' | 'failed';
  /** A stable code of the failure (`YETERSIZ_BAKIYE`…), null when it succeeded. */
  failureCode: string | null;
  amountMinor: number;
  cardLast4: string;
}

export type RefundResult = { refunded: true } | { refunded: false; reason: string };

export interface PaymentProvider {
  /** Stored with each attempt (`payments.provider`). */
  readonly name: string;
  /** Starts a 3-D Secure payment: where to send the shopper. */
  start(payment: PaymentStart): Promise<{ redirectUrl: string }>;
  /** Checks a signed result as it came back through the browser; null when it is forged or malformed. */
  verify(result: unknown): Promise<VerifiedPayment | null>;
  /**
   * Gives back the money of a succeeded attempt. Providers take the reference as the refund's idempotency
   * key, so asking again after a lost answer refunds once.
   */
  refund(payment: { reference: string; amountMinor: number }): Promise<RefundResult>;
  /** The Turkish sentence a shopper reads for a failure code. */
  failureMessage(code: string): string;
}
