import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * PayTR's signatures, as its developer portal (dev.paytr.com) and its sample codes compute them: every one is
 * base64(HMAC-SHA256(merchant_key, fields concatenated in a fixed order, with merchant_salt in a fixed
 * place)). The order differs per service, so each has its own function; a test holds each to values
 * computed outside this code.
 */
export interface PaytrCredentials {
  merchantId: string;
  merchantKey: string;
  merchantSalt: string;
}

const sign = (key: string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest('base64');

/** The fields of a get-token request that its `paytr_token` covers (iFrame API, step 1). */
export interface IframeTokenFields {
  user_ip: string;
  merchant_oid: string;
  email: string;
  /** Kuruş, as text: 34.56 TL is `3456`. */
  payment_amount: string;
  /** base64 of the basket's JSON (`encodeUserBasket`). */
  user_basket: string;
  no_installment: string;
  max_installment: string;
  currency: string;
  test_mode: string;
}

/**
 * `paytr_token` of get-token: merchant_id + user_ip + merchant_oid + email + payment_amount + user_basket +
 * no_installment + max_installment + currency + test_mode, then merchant_salt.
 */
export function iframeToken(c: PaytrCredentials, f: IframeTokenFields): string {
  const text =
    c.merchantId +
    f.user_ip +
    f.merchant_oid +
    f.email +
    f.payment_amount +
    f.user_basket +
    f.no_installment +
    f.max_installment +
    f.currency +
    f.test_mode;
  return sign(c.merchantKey, text + c.merchantSalt);
}

/** The fields of a payment notification that its `hash` covers (iFrame API, step 2). */
export interface NotifyHashFields {
  merchant_oid: string;
  status: string;
  total_amount: string;
}

/** `hash` of a notification: merchant_oid + merchant_salt + status + total_amount. */
export function notifyHash(c: PaytrCredentials, f: NotifyHashFields): string {
  return sign(c.merchantKey, f.merchant_oid + c.merchantSalt + f.status + f.total_amount);
}

/** Whether a notification's `hash` is PayTR's, compared in constant time. */
export function isNotifyHashValid(c: PaytrCredentials, f: NotifyHashFields, hash: string): boolean {
  const expected = Buffer.from(notifyHash(c, f));
  const given = Buffer.from(hash);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** `paytr_token` of a refund (`/odeme/iade`): merchant_id + merchant_oid + return_amount + merchant_salt. */
export function refundToken(c: PaytrCredentials, merchantOid: string, returnAmount: string): string {
  return sign(c.merchantKey, c.merchantId + merchantOid + returnAmount + c.merchantSalt);
}

/** `paytr_token` of the status query (`/odeme/durum-sorgu`): merchant_id + merchant_oid + merchant_salt. */
export function statusToken(c: PaytrCredentials, merchantOid: string): string {
  return sign(c.merchantKey, c.merchantId + merchantOid + c.merchantSalt);
}

/** `paytr_token` of the instalment rates (`/odeme/taksit-oranlari`): merchant_id + request_id + merchant_salt. */
export function instalmentRatesToken(c: PaytrCredentials, requestId: string): string {
  return sign(c.merchantKey, c.merchantId + requestId + c.merchantSalt);
}

/** `paytr_token` of a BIN lookup (`/odeme/api/bin-detail`): bin_number + merchant_id + merchant_salt. */
export function binDetailToken(c: PaytrCredentials, binNumber: string): string {
  return sign(c.merchantKey, binNumber + c.merchantId + c.merchantSalt);
}

/** Kuruş as PayTR's decimal lira text with a dot (`return_amount`, basket prices): 1197 → `11.97`. */
export function liraText(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`not an amount in kuruş: ${minor}`);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** Decimal lira text back to kuruş, without a float: `11.97` → 1197; null when it is not such a text. */
export function minorOfLira(text: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

export interface BasketLine {
  name: string;
  /** Kuruş, VAT included. */
  unitPriceMinor: number;
  quantity: number;
}

/**
 * `user_basket`: base64 of `[[name, "unit price in lira", quantity], …]`. Non-ASCII letters are written as
 * `\uXXXX`, as PHP's json_encode in PayTR's samples writes them, so the text PayTR decodes is plain ASCII.
 */
export function encodeUserBasket(lines: readonly BasketLine[]): string {
  const json = JSON.stringify(lines.map((l) => [l.name, liraText(l.unitPriceMinor), l.quantity])).replace(
    /[\u007f-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return Buffer.from(json, 'utf8').toString('base64');
}

/**
 * `merchant_oid` (64 letters and digits at most): the hex of our attempt reference, `X`, the amount in
 * kuruş. PayTR signs it back in every notification, so the amount the attempt was started for comes back
 * signed too: a notification whose signed total is lower is refused, and a failure names its amount.
 */
export function paytrOrderId(reference: string, amountMinor: number): string {
  const oid = `${Buffer.from(reference, 'utf8').toString('hex')}X${amountMinor}`;
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0 || oid.length > 64) {
    throw new RangeError('payment reference or amount too long for a PayTR merchant_oid');
  }
  return oid;
}

/** The reference and amount a `merchant_oid` of ours names; null for anything else. */
export function parsePaytrOrderId(oid: string): { reference: string; amountMinor: number } | null {
  const m = /^((?:[0-9a-f]{2}){1,31})X(\d{1,12})$/.exec(oid);
  if (!m || oid.length > 64) return null;
  return { reference: Buffer.from(m[1]!, 'hex').toString('utf8'), amountMinor: Number(m[2]) };
}
