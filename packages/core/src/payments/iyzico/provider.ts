import { randomBytes } from 'node:crypto';
import { INSTALMENT_CHOICES } from '@vitrin/shared/api/cart';
import { z } from 'zod';
import { orderError } from '../../orders/errors.ts';
import { lineShares } from '../order-data.ts';
import type {
  CardInput,
  InstalmentOption,
  PaymentAddress,
  PaymentOrder,
  PaymentProvider,
  PaymentStart,
  RefundRequest,
  RefundResult,
  StartResult,
  VerifiedPayment,
} from '../provider.ts';
import { failureMessageOf } from '../provider.ts';
import type { ProviderFactory } from '../providers.ts';
import {
  callbackSignature,
  createIyzicoClient,
  type IyzicoClientOptions,
  type IyzicoFailure,
  type IyzicoKeys,
  minorOf,
  price,
  responseSignature,
  sameHex,
  signedPrice,
} from './api.ts';

export const IYZICO_SANDBOX_URL = 'https://sandbox-api.iyzipay.com';
export const IYZICO_LIVE_URL = 'https://api.iyzipay.com';

/** iyzico's bank error codes (docs: Error Codes → Bank Error Codes) as the failure codes shoppers read. */
const BANK_CODES: Record<string, string> = {
  '10051': 'YETERSIZ_BAKIYE',
  '10054': 'KART_SURESI_DOLMUS',
  '10229': 'KART_SURESI_DOLMUS',
  '10084': 'CVC_HATALI',
  '10206': 'CVC_HATALI',
  '10093': 'INTERNET_ALISVERISINE_KAPALI',
  '10219': 'ODEME_ZAMAN_ASIMI',
  '10222': 'TAKSIT_DESTEKLENMIYOR',
};
const failureCodeOf = (errorCode: unknown) => BANK_CODES[String(errorCode)] ?? 'KART_REDDEDILDI';
/** Bank answers (10000-10999) are a declined card; anything else is a request or service problem. */
const isBankAnswer = (errorCode: unknown) => /^10\d{3}$/.test(String(errorCode));
/** iyzico's `fraudStatus` of a payment its fraud check refused (1 passed, 0 under review). */
const IYZICO_FRAUD_REFUSED = -1;
/** iyzico's `mdStatus` of a cardholder who passed 3-D Secure. */
const IYZICO_MD_VERIFIED = '1';

/** Auth asked and its result unknown: money may have been taken, so the attempt stays pending for a lookup. */
const noAnswer = () =>
  orderError(
    'ODEME_SAGLAYICISI_HATASI',
    'Ödeme sağlayıcısından yanıt alınamadı. Ödemenizin durumu kontrol edilene kadar lütfen tekrar ödeme yapmayın.',
  );

const unavailable = () =>
  orderError(
    'ODEME_SAGLAYICISI_HATASI',
    'Ödeme sağlayıcısı şu anda yanıt vermiyor; kartınızdan para çekilmedi. Lütfen biraz sonra tekrar deneyin.',
  );

/** What the bank's page posts to our callback (form fields), with our attempt's reference from its URL. */
const callbackForm = z.object({
  ref: z.string().min(8).max(100),
  status: z.string().max(20),
  paymentId: z.string().max(40).optional().default(''),
  conversationData: z.string().max(4000).optional().default(''),
  conversationId: z.string().max(100).optional().default(''),
  mdStatus: z.string().max(4).optional().default(''),
  signature: z.string().max(128),
});

interface AuthAnswer {
  status: 'success' | 'failure';
  errorCode?: string;
  paymentId: string;
  conversationId: string;
  basketId: string;
  currency: string;
  price: number | string;
  paidPrice: number | string;
  installment: number;
  fraudStatus: number;
  lastFourDigits: string;
  iyziCommissionRateAmount?: number | string;
  iyziCommissionFee?: number | string;
  itemTransactions?: Array<{ itemId: string; paymentTransactionId: string }>;
  signature: string;
}

interface MoneyBackAnswer {
  status: string;
  errorCode?: string;
  errorMessage?: string;
  paymentId?: string;
  paymentTransactionId?: string;
  hostReference?: string;
}

/** The transaction detail report: per payment, its refunds and cancels with the conversationId asked. */
interface ReportAnswer {
  status: string;
  payments?: Array<{
    paymentId?: string | number;
    refunds?: Array<{ conversationId?: string; refundStatus?: string; price?: number | string }>;
    cancels?: Array<{ conversationId?: string; refundStatus?: string; price?: number | string }>;
  }>;
}

interface InstallmentAnswer {
  status: string;
  installmentDetails?: Array<{
    bankName?: string;
    cardFamilyName?: string;
    installmentPrices: Array<{
      installmentNumber: number;
      totalPrice: number | string;
      installmentPrice: number | string;
    }>;
  }>;
}

export interface IyzicoProviderOptions extends Omit<IyzicoClientOptions, 'keys'> {
  keys: IyzicoKeys;
  now?: () => number;
  logger?: { error(fields: Record<string, unknown>, message: string): void };
}

const address = (a: PaymentAddress) => ({
  contactName: a.contactName,
  city: a.city,
  country: a.country,
  address: `${a.address} ${a.district}`.trim(),
  ...(a.zip ? { zipCode: a.zip } : {}),
});

/**
 * The order's lines as iyzico's basket: their prices must add up to `price`, which is the order total, so
 * a discount is spread over the lines in proportion (the last takes the rounding); lines left at zero are
 * dropped (iyzico refuses them).
 */
function basketItems(order: PaymentOrder) {
  const shares = lineShares(order.lines, order.amountMinor);
  return order.lines
    .map((line, i) => ({ line, share: shares[i]! }))
    .filter((i) => i.share > 0)
    .map(({ line, share }) => ({
      id: line.id,
      name: line.name.slice(0, 100),
      category1: line.category,
      itemType: 'PHYSICAL',
      price: price(share),
    }));
}

/**
 * iyzico (docs.iyzico.com): the card goes from our form to 3-D Secure initialize once, the bank's page
 * (threeDSHtmlContent) is shown in /secure-pay, the bank posts the shopper back to our callback, whose
 * signature we check before asking auth, whose answer's signature and amount we check again.
 */
export function createIyzicoProvider(options: IyzicoProviderOptions) {
  const client = createIyzicoClient(options);
  const { secretKey } = options.keys;
  const now = options.now ?? Date.now;
  const logger = options.logger ?? { error: (f: Record<string, unknown>, m: string) => console.error(m, f) };
  const live = new URL(options.keys.baseUrl).host === new URL(IYZICO_LIVE_URL).host;
  const conversation = () => randomBytes(9).toString('base64url');

  /** The general table (no card yet), per amount, kept ten minutes: it changes with iyzico's rates only. */
  const generalTables = new Map<number, { at: number; rows: InstalmentOption[] }>();

  async function instalmentOptions(query: {
    bin?: string;
    amountMinor: number;
  }): Promise<InstalmentOption[]> {
    const bin = query.bin?.replace(/\D/g, '').slice(0, 6);
    if (!bin) {
      const cached = generalTables.get(query.amountMinor);
      if (cached && now() - cached.at < 10 * 60_000) return cached.rows;
    }
    const single = [{ count: 1, totalMinor: query.amountMinor, monthlyMinor: query.amountMinor }];
    // No answer (down, slow) throws: the table is then a single payment said to be one for that reason.
    const answer = await client.call<InstallmentAnswer>(
      '/payment/iyzipos/installment',
      {
        locale: 'tr',
        conversationId: conversation(),
        price: price(query.amountMinor),
        ...(bin ? { binNumber: bin } : {}),
      },
      true,
    );
    if (answer.status !== 'success') return single;
    const offered = new Set<number>(INSTALMENT_CHOICES);
    const rows: InstalmentOption[] = [];
    for (const detail of answer.installmentDetails ?? []) {
      for (const p of detail.installmentPrices) {
        if (!offered.has(p.installmentNumber)) continue;
        rows.push({
          count: p.installmentNumber,
          totalMinor: minorOf(p.totalPrice),
          monthlyMinor: minorOf(p.installmentPrice),
          ...(detail.bankName ? { bank: detail.bankName } : {}),
          ...(detail.cardFamilyName ? { family: detail.cardFamilyName } : {}),
        });
      }
    }
    const result = rows.some((r) => r.count === 1) ? rows : [...single, ...rows];
    if (!bin) generalTables.set(query.amountMinor, { at: now(), rows: result });
    return result;
  }

  /** What the card is charged for `count` instalments: the order total, or iyzico's total with interest. */
  async function chargeFor(card: CardInput, order: PaymentOrder): Promise<number | null> {
    if (order.instalments <= 1) return order.amountMinor;
    const rows = await instalmentOptions({
      bin: card.cardNumber.slice(0, 6),
      amountMinor: order.amountMinor,
    });
    return rows.find((r) => r.count === order.instalments)?.totalMinor ?? null;
  }

  /** A refund or cancel: asked once (never repeated blindly); the answer's reference names it in the history. */
  async function moneyBack(path: string, body: Record<string, unknown>): Promise<RefundResult> {
    try {
      const answer = await client.call<MoneyBackAnswer>(path, body);
      return answer.status === 'success'
        ? {
            refunded: true,
            providerRef: answer.hostReference ?? answer.paymentTransactionId ?? answer.paymentId ?? null,
          }
        : { refunded: false, refused: true, reason: `${answer.errorCode}: ${answer.errorMessage ?? ''}` };
    } catch (err) {
      return { refunded: false, reason: err instanceof Error ? err.message : String(err) };
    }
  }

  /**
   * A pending attempt looked up by its conversationId (`POST /payment/detail`, documented as "Ödeme
   * Sorgulama"): its answer is signed as auth's is. A failure answer (no such payment, not completed) is
   * `none`: the 3-D Secure step was never completed, so nothing was taken.
   */
  async function lookupPayment(attempt: { reference: string }): Promise<VerifiedPayment | 'none' | null> {
    let answer: (AuthAnswer & { paymentStatus?: string }) | IyzicoFailure;
    try {
      answer = await client.call<AuthAnswer | IyzicoFailure>(
        '/payment/detail',
        { locale: 'tr', conversationId: attempt.reference, paymentConversationId: attempt.reference },
        true,
      );
    } catch {
      return null;
    }
    if (answer.status !== 'success') return 'none';
    if (answer.paymentStatus !== undefined && answer.paymentStatus !== 'SUCCESS') return 'none';
    return paymentOf(answer, attempt.reference, 'payment detail');
  }

  /**
   * A succeeded payment as auth and the payment detail answer it, once its signature (iyzico's order of
   * fields) and its conversationId check out; null when they do not (logged).
   */
  function paymentOf(answer: AuthAnswer, reference: string, what: string): VerifiedPayment | null {
    const expected = responseSignature(secretKey, [
      answer.paymentId,
      answer.currency,
      answer.basketId,
      answer.conversationId,
      signedPrice(answer.paidPrice),
      signedPrice(answer.price),
    ]);
    if (!sameHex(answer.signature, expected) || answer.conversationId !== reference) {
      logger.error({ reference }, `iyzico ${what} answer: signature does not check out`);
      return null;
    }
    if (answer.fraudStatus === IYZICO_FRAUD_REFUSED) {
      return {
        reference,
        status: 'failed',
        failureCode: 'KART_REDDEDILDI',
        amountMinor: null,
        cardLast4: null,
        providerPaymentId: answer.paymentId,
      };
    }
    const lineRefs: Record<string, string> = {};
    for (const t of answer.itemTransactions ?? []) lineRefs[t.itemId] = t.paymentTransactionId;
    const fee = minorOf(answer.iyziCommissionRateAmount ?? 0) + minorOf(answer.iyziCommissionFee ?? 0);
    return {
      reference,
      status: 'succeeded',
      failureCode: null,
      amountMinor: minorOf(answer.price),
      cardLast4: answer.lastFourDigits ?? null,
      providerPaymentId: answer.paymentId,
      paidTotalMinor: minorOf(answer.paidPrice),
      instalments: answer.installment,
      feeMinor: fee,
      lineRefs,
    };
  }

  const provider = {
    name: 'iyzico',
    mode: live ? 'live' : 'sandbox',
    form: 'card',
    /** The bank's 3-D Secure page is left after a few minutes; a quarter of an hour is well past it. */
    pendingLimitMs: 15 * 60_000,
    instalmentOptions,

    async start(payment: PaymentStart): Promise<StartResult> {
      const { order, card } = payment;
      if (!card) throw orderError('GECERSIZ_ISTEK', 'Kart bilgileri eksik.');
      let paidMinor: number | null;
      try {
        paidMinor = await chargeFor(card, order);
      } catch {
        throw unavailable();
      }
      if (paidMinor === null) return { kind: 'declined', code: 'TAKSIT_DESTEKLENMIYOR' };
      const buyer = order.buyer;
      const body = {
        locale: 'tr',
        conversationId: payment.reference,
        price: price(order.amountMinor),
        paidPrice: price(paidMinor),
        currency: 'TRY',
        installment: order.instalments,
        basketId: order.no,
        paymentChannel: 'WEB',
        paymentGroup: 'PRODUCT',
        callbackUrl: payment.callbackUrl,
        paymentCard: {
          cardHolderName: card.holder,
          cardNumber: card.cardNumber,
          expireMonth: String(card.expiryMonth).padStart(2, '0'),
          expireYear: String(card.expiryYear < 100 ? 2000 + card.expiryYear : card.expiryYear),
          cvc: card.cvc,
          registerCard: 0,
        },
        buyer: {
          id: buyer.id,
          name: buyer.name,
          surname: buyer.surname,
          gsmNumber: buyer.phone,
          email: buyer.email,
          // iyzico requires one; without a T.C. kimlik no on the order its documented placeholder is sent.
          identityNumber: buyer.identityNumber ?? '11111111111',
          registrationAddress: `${buyer.address} ${buyer.district}`.trim(),
          ip: payment.userIp,
          city: buyer.city,
          country: buyer.country,
          ...(buyer.zip ? { zipCode: buyer.zip } : {}),
        },
        shippingAddress: address(order.shipping),
        billingAddress: address(order.billing),
        basketItems: basketItems(order),
      };
      let answer: {
        status: string;
        errorCode?: string;
        errorMessage?: string;
        paymentId?: string;
        conversationId?: string;
        threeDSHtmlContent?: string;
        signature?: string;
      };
      try {
        answer = await client.call('/payment/3dsecure/initialize', body);
      } catch {
        // Initialize charges nothing (the 3-D Secure step and auth would): the shopper may simply try again.
        throw unavailable();
      }
      if (answer.status !== 'success') {
        if (isBankAnswer(answer.errorCode))
          return { kind: 'declined', code: failureCodeOf(answer.errorCode) };
        logger.error(
          { errorCode: answer.errorCode, reference: payment.reference },
          'iyzico refused the payment request',
        );
        throw orderError(
          'ODEME_SAGLAYICISI_HATASI',
          `Ödeme başlatılamadı: ${answer.errorMessage ?? 'ödeme sağlayıcısı isteği kabul etmedi'}. Kartınızdan para çekilmedi.`,
        );
      }
      const expected = responseSignature(secretKey, [answer.paymentId, answer.conversationId]);
      if (
        !sameHex(answer.signature, expected) ||
        answer.conversationId !== payment.reference ||
        !answer.threeDSHtmlContent
      ) {
        logger.error(
          { reference: payment.reference },
          'iyzico initialize answer: signature does not check out',
        );
        throw unavailable();
      }
      return { kind: 'html', html: Buffer.from(answer.threeDSHtmlContent, 'base64').toString('utf8') };
    },

    /** The bank's post to our callback: its signature first, then auth, whose answer is checked again. */
    async complete(result: unknown): Promise<VerifiedPayment | null> {
      const parsed = callbackForm.safeParse(result);
      if (!parsed.success) return null;
      const form = parsed.data;
      if (!sameHex(form.signature, callbackSignature(secretKey, form)) || form.conversationId !== form.ref) {
        return null;
      }
      const failed = (code: string): VerifiedPayment => ({
        reference: form.ref,
        status: 'failed',
        failureCode: code,
        amountMinor: null,
        cardLast4: null,
        providerPaymentId: form.paymentId || null,
      });
      // mdStatus 1: the cardholder passed 3-D Secure; anything else (wrong code, abandoned, not enrolled) fails.
      if (form.status !== 'success' || form.mdStatus !== IYZICO_MD_VERIFIED)
        return failed('DOGRULAMA_BASARISIZ');

      let answer: AuthAnswer | IyzicoFailure;
      try {
        answer = await client.call<AuthAnswer | IyzicoFailure>('/payment/3dsecure/auth', {
          locale: 'tr',
          conversationId: form.ref,
          paymentId: form.paymentId,
          ...(form.conversationData ? { conversationData: form.conversationData } : {}),
        });
      } catch {
        throw noAnswer();
      }
      if (answer.status !== 'success') {
        // Auth refuses a payment it already completed (the bank's post again, after its first answer was
        // lost): whether money was taken is what the payment's own record says, not the refusal.
        const found = await lookupPayment({ reference: form.ref });
        if (found === null) throw noAnswer();
        return found === 'none' ? failed(failureCodeOf(answer.errorCode)) : found;
      }
      if (answer.paymentId !== form.paymentId) {
        logger.error({ reference: form.ref }, 'iyzico auth answer: signature does not check out');
        return null;
      }
      return paymentOf(answer, form.ref, 'auth');
    },

    lookupPayment,

    /**
     * All of it (amount-based refund of the payment) or per line (each line's transaction, its own
     * conversationId `<key>-<n>`); a line `alreadyMade` lists (found by `lookupRefunds`) is not asked again.
     */
    async refund(request: RefundRequest): Promise<RefundResult> {
      if (!request.providerPaymentId) return { refunded: false, reason: 'iyzico ödeme numarası yok' };
      const key = request.refundKey ?? request.reference;
      const common = { locale: 'tr', ip: request.userIp ?? '127.0.0.1', currency: 'TRY' };
      if (!request.lines?.length) {
        if (request.alreadyMade?.has(key)) return { refunded: true, providerRef: key };
        return moneyBack('/v2/payment/refund', {
          ...common,
          conversationId: key,
          paymentId: request.providerPaymentId,
          price: price(request.amountMinor),
        });
      }
      const refs: string[] = [];
      for (const [n, line] of request.lines.entries()) {
        if (!line.providerRef)
          return { refunded: false, reason: `satır ${line.id}: iyzico işlem numarası yok` };
        const lineKey = `${key}-${n + 1}`;
        if (request.alreadyMade?.has(lineKey)) {
          refs.push(line.providerRef);
          continue;
        }
        const result = await moneyBack('/payment/refund', {
          ...common,
          conversationId: lineKey,
          paymentTransactionId: line.providerRef,
          price: price(line.amountMinor),
        });
        if (!result.refunded) return result;
        refs.push(result.providerRef ?? line.providerRef);
      }
      return { refunded: true, providerRef: refs.join(',') };
    },

    /**
     * The refunds and cancels of a payment as iyzico's transaction detail report lists them
     * (`GET /v2/reporting/payment/details`): the conversationId each was asked with.
     */
    async lookupRefunds(payment: { reference: string; providerPaymentId: string | null }) {
      const query = new URLSearchParams(
        payment.providerPaymentId
          ? { paymentId: payment.providerPaymentId }
          : { paymentConversationId: payment.reference },
      );
      try {
        const answer = await client.call<ReportAnswer>(`/v2/reporting/payment/details?${query}`, null, true);
        if (answer.status !== 'success') return null;
        return (answer.payments ?? []).flatMap((p) =>
          [...(p.refunds ?? []), ...(p.cancels ?? [])]
            .filter((r) => r.refundStatus === undefined || r.refundStatus === 'SUCCESS')
            .flatMap((r) => (r.conversationId ? [String(r.conversationId)] : [])),
        );
      } catch {
        return null;
      }
    },

    /** Same-day void of the whole payment (no fee for the shop). */
    async cancel(request: {
      reference: string;
      providerPaymentId: string | null;
      refundKey?: string;
      userIp?: string;
    }): Promise<RefundResult> {
      if (!request.providerPaymentId) return { refunded: false, reason: 'iyzico ödeme numarası yok' };
      return moneyBack('/payment/cancel', {
        locale: 'tr',
        conversationId: request.refundKey ?? request.reference,
        paymentId: request.providerPaymentId,
        ip: request.userIp ?? '127.0.0.1',
      });
    },

    failureMessage: failureMessageOf,
  } satisfies PaymentProvider;
  return provider;
}

/** iyzico from IYZICO_API_KEY, IYZICO_SECRET_KEY and IYZICO_BASE_URL (the sandbox by default). */
export const iyzicoFactory: ProviderFactory = (env) => {
  const apiKey = env.IYZICO_API_KEY?.trim();
  const secretKey = env.IYZICO_SECRET_KEY?.trim();
  if (!apiKey || !secretKey) {
    return {
      missing:
        'iyzico anahtarları tanımlı değil: IYZICO_API_KEY ve IYZICO_SECRET_KEY ortam değişkenlerini girip sunucuyu yeniden başlatın. O zamana kadar kartla ödeme sunulmaz (havale ve kapıda ödeme çalışır).',
    };
  }
  const baseUrl = env.IYZICO_BASE_URL?.trim() || IYZICO_SANDBOX_URL;
  if (!/^https?:\/\/[^/\s]+/.test(baseUrl)) {
    return { missing: `IYZICO_BASE_URL bir http(s) adresi olmalıdır: "${baseUrl}"` };
  }
  return createIyzicoProvider({ keys: { apiKey, secretKey, baseUrl } });
};
