import { randomBytes } from 'node:crypto';
import { orderError } from '../../orders/errors.ts';
import type {
  InstalmentOption,
  PaymentProvider,
  PaymentStart,
  RefundRequest,
  RefundResult,
  StartResult,
  VerifiedPayment,
} from '../provider.ts';
import { failureMessageOf } from '../provider.ts';
import { type PaytrHttp, paytrHttp } from './http.ts';
import {
  binDetailToken,
  encodeUserBasket,
  iframeToken,
  instalmentRatesToken,
  isNotifyHashValid,
  liraText,
  minorOfLira,
  type PaytrCredentials,
  parsePaytrOrderId,
  paytrOrderId,
  refundToken,
  statusToken,
} from './signing.ts';

/**
 * PayTR through its iFrame API: the card is typed into PayTR's own form, shown in an iframe on
 * `/secure-pay`, so no card number ever reaches the shop (PCI-DSS SAQ A). The shop asks for a token
 * (get-token), shows `/odeme/guvenli/{token}`, and learns the result only from PayTR's signed notification
 * to `POST /api/payments/paytr/notify`; the browser merely comes back to `/secure-pay`, which reads the
 * order again.
 */
export interface PaytrConfig {
  credentials: PaytrCredentials;
  /** `https://www.paytr.com` (the contract server's address in tests). */
  baseUrl: string;
  /** PAYTR_TEST_MODE: test payments on the store's own account (PayTR has no separate sandbox host). */
  testMode: boolean;
  http?: PaytrHttp;
  /** How long the general instalment table is kept (PayTR: rates may change daily). */
  ratesTtlMs?: number;
  now?: () => number;
  logger?: { error(fields: object, message: string): void };
}

/** PayTR's `failed_reason_code` (its error code table) → our stable codes. */
const FAILURE_CODES: Record<string, string> = {
  '0': 'KART_REDDEDILDI',
  '1': 'DOGRULAMA_YAPILMADI',
  '2': 'DOGRULAMA_BASARISIZ',
  '3': 'GUVENLIK_KONTROLU',
  '6': 'ODEME_YARIDA_KALDI',
  '8': 'TAKSIT_DESTEKLENMIYOR',
  '9': 'KART_YETKISI_YOK',
  '10': 'UC_D_SECURE_GEREKLI',
  '11': 'GUVENLIK_UYARISI',
};

/** What a shopper reads for the failures only PayTR reports; the others are every provider's. */
const PAYTR_FAILURE_MESSAGES: Record<string, string> = {
  DOGRULAMA_YAPILMADI: '3-D Secure doğrulaması yapılmadı. Lütfen tekrar deneyin ve doğrulamayı tamamlayın.',
  GUVENLIK_KONTROLU: 'Ödeme güvenlik kontrolünden geçmedi. Lütfen başka bir kartla deneyin.',
  ODEME_YARIDA_KALDI: 'Ödeme tamamlanmadan ödeme sayfasından ayrıldınız ya da süre doldu.',
  KART_YETKISI_YOK: 'Mağazanın bu kartla işlem yetkisi yok. Lütfen başka bir kartla deneyin.',
  UC_D_SECURE_GEREKLI: 'Bu ödeme 3-D Secure ile yapılmalıdır.',
  GUVENLIK_UYARISI: 'Ödeme güvenlik nedeniyle durduruldu. Lütfen başka bir kartla deneyin.',
};

/** Card programmes PayTR's instalment table names, as shoppers know them. */
const FAMILIES: Record<string, string> = {
  world: 'World',
  axess: 'Axess',
  maximum: 'Maximum',
  cardfinans: 'CardFinans',
  paraf: 'Paraf',
  advantage: 'Advantage',
  combo: 'Combo',
  bonus: 'Bonus',
  saglamkart: 'Sağlam Kart',
};

/** How long PayTR's hosted form takes a card (`timeout_limit`, minutes). */
const FORM_MINUTES = 30;

/** Table and BIN lookups serve pages: short waits, asked once more if lost. */
const LOOKUP = { retry: true, timeoutMs: 5_000 };
/** After PayTR failed to give its table, how long pages go without asking again. */
const RATES_RETRY_MS = 60_000;

interface RatesTable {
  maxInstalments: number;
  /** family → instalment count → the rate in percent */
  rates: Record<string, Record<number, number>>;
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const cut = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s);

/** PayTR takes an IPv4 or IPv6 address of at most 39 characters; a mapped IPv4 is sent as IPv4. */
const userIpOf = (ip: string) => cut(ip.replace(/^::ffff:(?=\d+\.)/, ''), 39);

/** The instalment rows of one family for an amount: the total with PayTR's rate, the monthly share. */
function familyOptions(amountMinor: number, family: string, rates: Record<number, number>, max: number) {
  return Object.entries(rates)
    .map(([count, rate]) => ({ count: Number(count), rate }))
    .filter(({ count }) => count >= 2 && count <= max)
    .sort((a, b) => a.count - b.count)
    .map(({ count, rate }): InstalmentOption => {
      const totalMinor = Math.round(amountMinor * (1 + rate / 100));
      return {
        count,
        totalMinor,
        monthlyMinor: Math.floor(totalMinor / count),
        family: FAMILIES[family] ?? family,
      };
    });
}

/**
 * A succeeded payment of `total` kuruş: what was charged may be more than the attempt asked (instalment
 * interest), never less (a lower total is then named, and refused as another amount).
 */
const charged = (
  attempt: { reference: string; amountMinor: number },
  oid: string,
  total: number,
): VerifiedPayment => ({
  reference: attempt.reference,
  status: 'succeeded',
  failureCode: null,
  amountMinor: total >= attempt.amountMinor ? attempt.amountMinor : total,
  cardLast4: null,
  providerPaymentId: oid,
  paidTotalMinor: total,
});

const single = (amountMinor: number): InstalmentOption => ({
  count: 1,
  totalMinor: amountMinor,
  monthlyMinor: amountMinor,
});

export function createPaytrProvider(config: PaytrConfig): PaymentProvider {
  const c = config.credentials;
  const http = config.http ?? paytrHttp(config.baseUrl);
  const now = config.now ?? Date.now;
  const ratesTtlMs = config.ratesTtlMs ?? 6 * 3_600_000;
  const logger = config.logger ?? {
    error: (fields: object, message: string) => console.error(message, fields),
  };
  const testMode = config.testMode ? '1' : '0';

  const unavailable = () =>
    orderError(
      'ODEME_SAGLAYICISI_HATASI',
      'Ödeme sağlayıcısına (PayTR) şu anda ulaşılamıyor. Siparişiniz duruyor; lütfen biraz sonra tekrar deneyin.',
    );

  let cachedRates: { table: RatesTable; at: number } | null = null;
  let pendingRates: Promise<RatesTable> | null = null;
  /** When PayTR last failed to give the table: pages do not wait on it again for a minute. */
  let ratesFailedAt = Number.NEGATIVE_INFINITY;

  async function loadRates(): Promise<RatesTable> {
    const requestId = randomBytes(12).toString('hex');
    const answer = await http.post(
      '/odeme/taksit-oranlari',
      { merchant_id: c.merchantId, request_id: requestId, paytr_token: instalmentRatesToken(c, requestId) },
      LOOKUP,
    );
    if (answer.status !== 'success' || typeof answer.oranlar !== 'object' || answer.oranlar === null) {
      throw new Error(`PayTR instalment rates refused: ${text(answer.err_msg)}`);
    }
    const rates: RatesTable['rates'] = {};
    for (const [family, row] of Object.entries(answer.oranlar as Record<string, unknown>)) {
      if (typeof row !== 'object' || row === null) continue;
      const counts: Record<number, number> = {};
      for (const [key, rate] of Object.entries(row as Record<string, unknown>)) {
        const count = /^taksit_(\d{1,2})$/.exec(key)?.[1];
        const value = Number(rate);
        if (count && Number.isFinite(value) && value >= 0) counts[Number(count)] = value;
      }
      rates[family] = counts;
    }
    const max = Number(answer.max_inst_non_bus);
    return { rates, maxInstalments: Number.isInteger(max) && max >= 0 ? max : 12 };
  }

  /**
   * The general table, kept for `ratesTtlMs`; one request at a time however many pages ask. While PayTR
   * does not answer, an older table is used, or none (a minute passes before it is asked again).
   */
  async function rates(): Promise<RatesTable | null> {
    if (cachedRates && now() - cachedRates.at < ratesTtlMs) return cachedRates.table;
    if (now() - ratesFailedAt < RATES_RETRY_MS) return cachedRates?.table ?? null;
    pendingRates ??= loadRates()
      .then((table) => {
        cachedRates = { table, at: now() };
        return table;
      })
      .finally(() => {
        pendingRates = null;
      });
    try {
      return await pendingRates;
    } catch (err) {
      ratesFailedAt = now();
      logger.error({ err: String(err) }, 'PayTR instalment table unavailable');
      return cachedRates?.table ?? null;
    }
  }

  /** The card programme of a BIN (`world`, `bonus`…), or null: not found, a debit or a business card. */
  async function familyOf(bin: string): Promise<string | null> {
    const answer = await http.post(
      '/odeme/api/bin-detail',
      { merchant_id: c.merchantId, bin_number: bin, paytr_token: binDetailToken(c, bin) },
      LOOKUP,
    );
    if (answer.status !== 'success') return null;
    if (text(answer.cardType) !== 'credit' || text(answer.businessCard) === 'y') return null;
    return text(answer.brand).toLowerCase() || null;
  }

  /** The status query (`/odeme/durum-sorgu`) of one merchant_oid; throws when PayTR does not answer. */
  const statusOf = (oid: string) =>
    http.post(
      '/odeme/durum-sorgu',
      { merchant_id: c.merchantId, merchant_oid: oid, paytr_token: statusToken(c, oid) },
      LOOKUP,
    );

  return {
    name: 'paytr',
    mode: config.testMode ? 'sandbox' : 'live',
    form: 'hosted',
    // The hosted form's time and a few minutes for the notification.
    pendingLimitMs: (FORM_MINUTES + 5) * 60_000,

    async instalmentOptions({ bin, amountMinor }) {
      const one = single(amountMinor);
      // Without PayTR's table (none kept either) the caller offers a single payment and says why.
      const table = await rates();
      if (!table) throw new Error('PayTR instalment table unavailable');
      if (bin === undefined) {
        return [
          one,
          ...Object.entries(table.rates).flatMap(([family, r]) =>
            familyOptions(amountMinor, family, r, table.maxInstalments),
          ),
        ];
      }
      if (!/^\d{6,8}$/.test(bin)) return [one];
      const family = await familyOf(bin).catch((err: unknown) => {
        logger.error({ err: String(err) }, 'PayTR BIN lookup failed');
        return null;
      });
      const familyRates = family ? table.rates[family] : undefined;
      return familyRates
        ? [one, ...familyOptions(amountMinor, family!, familyRates, table.maxInstalments)]
        : [one];
    },

    async start(payment: PaymentStart): Promise<StartResult> {
      const { order } = payment;
      const oid = paytrOrderId(payment.reference, order.amountMinor);
      const fields = {
        user_ip: userIpOf(payment.userIp),
        merchant_oid: oid,
        email: cut(order.buyer.email, 100),
        payment_amount: String(order.amountMinor),
        user_basket: encodeUserBasket(
          order.lines.map((l) => ({ name: cut(l.name, 100), unitPriceMinor: l.totalMinor, quantity: 1 })),
        ),
        // The shop prices instalments itself (price type 4): a single payment offers none, instalments cap
        // PayTR's form at the count the shopper chose.
        no_installment: order.instalments > 1 ? '0' : '1',
        max_installment: order.instalments > 1 ? String(order.instalments) : '0',
        currency: 'TL',
        test_mode: testMode,
      };
      const billing = order.billing;
      let answer: Record<string, unknown>;
      try {
        answer = await http.post(
          '/odeme/api/get-token',
          {
            merchant_id: c.merchantId,
            ...fields,
            paytr_token: iframeToken(c, fields),
            debug_on: '0',
            user_name: cut(`${order.buyer.name} ${order.buyer.surname}`.trim(), 60),
            user_address: cut(`${billing.address} ${billing.district}/${billing.city}`, 400),
            user_phone: cut(order.buyer.phone, 20),
            merchant_ok_url: payment.pageUrl,
            merchant_fail_url: payment.pageUrl,
            timeout_limit: String(FORM_MINUTES),
            lang: 'tr',
          },
          // A token request creates nothing PayTR could charge twice: asked again once if lost.
          { retry: true },
        );
      } catch (err) {
        logger.error({ orderNo: order.no, err: String(err) }, 'PayTR get-token failed');
        throw unavailable();
      }
      const token = text(answer.token);
      if (answer.status !== 'success' || !/^[A-Za-z0-9]{1,200}$/.test(token)) {
        logger.error({ orderNo: order.no, reason: text(answer.reason) }, 'PayTR refused the token request');
        throw unavailable();
      }
      return { kind: 'iframe', url: `${config.baseUrl.replace(/\/+$/, '')}/odeme/guvenli/${token}` };
    },

    // PayTR sends results only server to server.
    async complete() {
      return null;
    },

    async notify(result: unknown): Promise<VerifiedPayment | null> {
      if (typeof result !== 'object' || result === null) return null;
      const r = result as Record<string, unknown>;
      const signed = {
        merchant_oid: text(r.merchant_oid),
        status: text(r.status),
        total_amount: text(r.total_amount),
      };
      const hash = text(r.hash);
      if (!hash || !isNotifyHashValid(c, signed, hash)) return null;
      const attempt = parsePaytrOrderId(signed.merchant_oid);
      if (!attempt || !/^\d{1,12}$/.test(signed.total_amount)) return null;
      const total = Number(signed.total_amount);
      if (signed.status === 'success') {
        const instalments = Number(text(r.installment_count));
        return {
          ...charged(attempt, signed.merchant_oid, total),
          instalments: Number.isInteger(instalments) && instalments >= 1 ? instalments : null,
        };
      }
      if (signed.status !== 'failed') return null;
      return {
        reference: attempt.reference,
        status: 'failed',
        failureCode: FAILURE_CODES[text(r.failed_reason_code)] ?? 'KART_REDDEDILDI',
        amountMinor: attempt.amountMinor,
        cardLast4: null,
        providerPaymentId: signed.merchant_oid,
      };
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const oid = request.providerPaymentId;
      if (!oid || !parsePaytrOrderId(oid))
        return { refunded: false, reason: 'PayTR sipariş numarası bilinmiyor.' };
      const returnAmount = liraText(request.amountMinor);
      // Our id of this refund, listed by PayTR's status query under the order's returns (`lookupRefunds`).
      const referenceNo = (request.refundKey ?? `${oid.slice(0, 48)}R${request.amountMinor}`).slice(0, 64);
      if (request.alreadyMade?.has(referenceNo)) return { refunded: true, providerRef: referenceNo };
      try {
        // Never asked twice on its own: a refund is not idempotent at PayTR.
        const answer = await http.post('/odeme/iade', {
          merchant_id: c.merchantId,
          merchant_oid: oid,
          return_amount: returnAmount,
          paytr_token: refundToken(c, oid, returnAmount),
          reference_no: referenceNo,
        });
        if (answer.status === 'success') return { refunded: true, providerRef: referenceNo };
        return {
          refunded: false,
          refused: true,
          reason: `PayTR: ${text(answer.err_no)} ${text(answer.err_msg)}`.trim(),
        };
      } catch (err) {
        return { refunded: false, reason: `PayTR'a ulaşılamadı: ${String(err)}` };
      }
    },

    /** The order's returns as PayTR's status query (`/odeme/durum-sorgu`) lists them: their reference_no. */
    async lookupRefunds(payment) {
      const oid = payment.providerPaymentId;
      if (!oid || !parsePaytrOrderId(oid)) return null;
      try {
        const answer = await statusOf(oid);
        if (answer.status !== 'success') return null;
        const returns = Array.isArray(answer.returns) ? (answer.returns as unknown[]) : [];
        return returns.flatMap((r) => {
          const ref =
            typeof r === 'object' && r !== null ? text((r as Record<string, unknown>).reference_no) : '';
          return ref ? [ref] : [];
        });
      } catch (err) {
        logger.error({ err: String(err) }, 'PayTR status query failed');
        return null;
      }
    },

    /**
     * A pending attempt whose notification has not come, asked with the status query: a paid order is
     * answered with what was charged (`payment_total`); an error answer (no paid order of that
     * merchant_oid) is `none`.
     */
    async lookupPayment(attempt) {
      const oid = paytrOrderId(attempt.reference, attempt.amountMinor);
      let answer: Record<string, unknown>;
      try {
        answer = await statusOf(oid);
      } catch (err) {
        logger.error({ err: String(err) }, 'PayTR status query failed');
        return null;
      }
      if (answer.status !== 'success') return 'none';
      const total = minorOfLira(text(answer.payment_total)) ?? minorOfLira(text(answer.payment_amount));
      if (total === null) return null;
      return charged(attempt, oid, total);
    },

    failureMessage: (code: string) => PAYTR_FAILURE_MESSAGES[code] ?? failureMessageOf(code),
  };
}

/** The provider from the environment (`PAYTR_*`), or which keys are missing (the panel says it). */
export function paytrFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): PaymentProvider | { missing: string } {
  const keys = ['PAYTR_MERCHANT_ID', 'PAYTR_MERCHANT_KEY', 'PAYTR_MERCHANT_SALT'] as const;
  const missing = keys.filter((k) => !env[k]?.trim());
  if (missing.length > 0) {
    return { missing: `PayTR için ortam değişkenleri eksik: ${missing.join(', ')}. Kartla ödeme sunulmaz.` };
  }
  return createPaytrProvider({
    credentials: {
      merchantId: env.PAYTR_MERCHANT_ID!.trim(),
      merchantKey: env.PAYTR_MERCHANT_KEY!.trim(),
      merchantSalt: env.PAYTR_MERCHANT_SALT!.trim(),
    },
    baseUrl: env.PAYTR_BASE_URL?.trim() || 'https://www.paytr.com',
    testMode: /^(1|true|evet|yes)$/i.test(env.PAYTR_TEST_MODE?.trim() ?? ''),
  });
}
