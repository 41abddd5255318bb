import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '@vitrin/core/mail/templates';
import { callbackSignature, responseSignature } from '@vitrin/core/payments/iyzico/api';

/**
 * A local stand-in for iyzico that speaks its documented HTTP API (docs.iyzico.com and the official SDKs'
 * samples): JSON requests with the `IYZWSv2` authorization header checked, answers with iyzico's field
 * names, `status: success | failure` with `errorCode`/`errorMessage`/`errorGroup`, and the HMAC-SHA256
 * response signatures (`paymentId:conversationId` for 3-D Secure initialize; `paymentId:currency:basketId:
 * conversationId:paidPrice:price` for auth; the callback's `conversationData:conversationId:mdStatus:
 * paymentId:status`). Its 3-D Secure page (`/payment/mock/init3ds`, as iyzico's sandbox) asks for a code and
 * posts the shopper back to the shop's callbackUrl as the bank would.
 *
 * Tests start it on a free port (port 0) and may turn on faults: `behaviour.delayMs` (slow),
 * `behaviour.down` (503), `behaviour.forgeSignature` (answers signed with another key),
 * `behaviour.wrongAmount` (a correctly signed auth answer for another amount), `behaviour.loseAnswers` (a
 * call carried out whose answer is lost). Refunds and cancels keep the conversationId they were asked with,
 * which the transaction detail report lists (`GET /v2/reporting/payment/details`); a completed payment is
 * found again with Ödeme Sorgulama (`POST /payment/detail`), as a shop does whose auth answer was lost.
 */
export const IYZICO_TEST_KEYS = {
  apiKey: 'sandbox-vitrin-contract-api-key',
  secretKey: 'sandbox-vitrin-contract-secret-key',
};

/** The 3-D Secure page's verification code (any other code fails the step, as a wrong SMS code would). */
export const IYZICO_3DS_CODE = '283126';

/** iyzico's published sandbox test cards used here, and what this server answers for them. */
export const IYZICO_CARDS = {
  /** Halkbank MasterCard credit (Paraf): success, instalments. */
  success: '5528790000000008',
  /** Denizbank Visa debit: success, single payment only. */
  debit: '4766620000000001',
  /** 10051 NOT_SUFFICIENT_FUNDS at initialize. */
  insufficient: '4111111111111129',
  /** 10005 DO_NOT_HONOUR: passes 3-D Secure, declined at auth. */
  doNotHonour: '4129111111111111',
  /** 10054 EXPIRED_CARD at initialize. */
  expired: '4125111111111115',
  /** Success but mdStatus 0: the 3-D Secure step fails whatever the code. */
  mdStatus0: '4131111111111117',
} as const;

const BANK_ERRORS: Record<string, { code: string; group: string; message: string }> = {
  [IYZICO_CARDS.insufficient]: {
    code: '10051',
    group: 'NOT_SUFFICIENT_FUNDS',
    message: 'Kart limiti yetersiz, yetersiz bakiye',
  },
  [IYZICO_CARDS.expired]: { code: '10054', group: 'EXPIRED_CARD', message: 'Vadesi dolmuş kart' },
  [IYZICO_CARDS.doNotHonour]: { code: '10005', group: 'DO_NOT_HONOUR', message: 'İşlem onaylanmadı' },
};

interface BinInfo {
  cardType: 'CREDIT_CARD' | 'DEBIT_CARD';
  cardAssociation: string;
  cardFamily: string;
  bankName: string;
  bankCode: number;
}
const BINS: Record<string, BinInfo> = {
  '552879': {
    cardType: 'CREDIT_CARD',
    cardAssociation: 'MASTER_CARD',
    cardFamily: 'Paraf',
    bankName: 'Halkbank',
    bankCode: 12,
  },
  '476662': {
    cardType: 'DEBIT_CARD',
    cardAssociation: 'VISA',
    cardFamily: 'Bonus',
    bankName: 'Denizbank',
    bankCode: 134,
  },
  '411111': {
    cardType: 'CREDIT_CARD',
    cardAssociation: 'VISA',
    cardFamily: 'World',
    bankName: 'Yapı Kredi',
    bankCode: 67,
  },
  '412911': {
    cardType: 'CREDIT_CARD',
    cardAssociation: 'VISA',
    cardFamily: 'World',
    bankName: 'Yapı Kredi',
    bankCode: 67,
  },
  '412511': {
    cardType: 'CREDIT_CARD',
    cardAssociation: 'VISA',
    cardFamily: 'World',
    bankName: 'Yapı Kredi',
    bankCode: 67,
  },
  '413111': {
    cardType: 'CREDIT_CARD',
    cardAssociation: 'VISA',
    cardFamily: 'World',
    bankName: 'Yapı Kredi',
    bankCode: 67,
  },
};

/** Interest on the card per instalment count (what iyzico's installment service answers for a family). */
export const IYZICO_RATES: Record<string, Record<number, number>> = {
  Paraf: { 1: 0, 2: 0.0325, 3: 0.0425, 6: 0.0725, 9: 0.1025, 12: 0.1325 },
  World: { 1: 0, 2: 0.035, 3: 0.045, 6: 0.075, 9: 0.105 },
  Bonus: { 1: 0 },
};

const round2 = (n: number) => Math.round(n * 100) / 100;

interface StoredPayment {
  paymentId: string;
  conversationId: string;
  basketId: string;
  price: number;
  paidPrice: number;
  installment: number;
  callbackUrl: string;
  cardNumber: string;
  items: Array<{
    itemId: string;
    paymentTransactionId: string;
    price: number;
    paidPrice: number;
    refunded: number;
  }>;
  authed: boolean;
  cancelled: boolean;
  refunded: number;
  /** The refunds and the cancel made, with the conversationId each was asked with (the report lists them). */
  moneyBack: Array<{ kind: 'refund' | 'cancel'; conversationId: string; price: number }>;
}

export interface IyzicoServerBehaviour {
  delayMs: number;
  down: boolean;
  forgeSignature: boolean;
  wrongAmount: boolean;
  /** Paths whose next calls are carried out but whose answers are lost (the connection drops). */
  loseAnswers: string[];
}

/** `port`: a fixed one (the e2e shop is configured for it); default a free one. */
export async function startIyzicoServer(keys = IYZICO_TEST_KEYS, options: { port?: number } = {}) {
  const payments = new Map<string, StoredPayment>();
  const received: Array<{ path: string; body: Record<string, unknown> }> = [];
  const behaviour: IyzicoServerBehaviour = {
    delayMs: 0,
    down: false,
    forgeSignature: false,
    wrongAmount: false,
    loseAnswers: [],
  };
  let nextPaymentId = 22_484_292;
  let nextTransactionId = 31_000_000;

  const signKey = () => (behaviour.forgeSignature ? `${keys.secretKey}-forged` : keys.secretKey);
  const base = { locale: 'tr', systemTime: 0 };
  const success = (conversationId: unknown, fields: Record<string, unknown>) => ({
    status: 'success',
    ...base,
    systemTime: Date.now(),
    conversationId,
    ...fields,
  });
  const failure = (conversationId: unknown, code: string, message: string, group?: string) => ({
    status: 'failure',
    errorCode: code,
    errorMessage: message,
    ...(group ? { errorGroup: group } : {}),
    ...base,
    systemTime: Date.now(),
    ...(conversationId ? { conversationId } : {}),
  });

  function authorized(req: IncomingMessage, path: string, raw: string): boolean {
    const header = String(req.headers.authorization ?? '');
    if (!header.startsWith('IYZWSv2 ')) return false;
    const params = new URLSearchParams(
      Buffer.from(header.slice(8), 'base64').toString('utf8').replaceAll(':', '='),
    );
    const random = params.get('randomKey') ?? '';
    const expected = createHmac('sha256', keys.secretKey)
      .update(random + path + raw)
      .digest('hex');
    return params.get('apiKey') === keys.apiKey && params.get('signature') === expected;
  }

  function instalmentDetail(bin: string, info: BinInfo, amount: number) {
    const rates = info.cardType === 'CREDIT_CARD' ? (IYZICO_RATES[info.cardFamily] ?? { 1: 0 }) : { 1: 0 };
    return {
      binNumber: bin,
      price: amount,
      cardType: info.cardType,
      cardAssociation: info.cardAssociation,
      cardFamilyName: info.cardFamily,
      force3ds: 0,
      bankCode: info.bankCode,
      bankName: info.bankName,
      forceCvc: 0,
      commercial: 0,
      installmentPrices: Object.entries(rates).map(([count, rate]) => {
        const total = round2(amount * (1 + rate));
        return {
          installmentPrice: round2(total / Number(count)),
          totalPrice: total,
          installmentNumber: Number(count),
        };
      }),
    };
  }

  /** A completed payment as auth (and the payment detail) answers it, signed with iyzico's field order. */
  function paymentAnswer(payment: StoredPayment) {
    const price = behaviour.wrongAmount ? payment.price + 1 : payment.price;

    const currency = 'TRY';
    return success(payment.conversationId, {
      price,
      paidPrice: payment.paidPrice,
      installment: payment.installment,
      paymentId: payment.paymentId,
      fraudStatus: 1,
      merchantCommissionRate: 0,
      merchantCommissionRateAmount: 0,
      iyziCommissionRateAmount: round2(payment.paidPrice * 0.0299),
      iyziCommissionFee: 0.25,
      cardType: BINS[payment.cardNumber.slice(0, 6)]?.cardType ?? 'CREDIT_CARD',
      cardAssociation: BINS[payment.cardNumber.slice(0, 6)]?.cardAssociation ?? 'MASTER_CARD',
      cardFamily: BINS[payment.cardNumber.slice(0, 6)]?.cardFamily ?? 'Paraf',
      binNumber: payment.cardNumber.slice(0, 8),
      lastFourDigits: payment.cardNumber.slice(-4),
      basketId: payment.basketId,
      currency,
      itemTransactions: payment.items.map((i) => ({
        itemId: i.itemId,
        paymentTransactionId: i.paymentTransactionId,
        transactionStatus: 2,
        price: i.price,
        paidPrice: i.paidPrice,
      })),
      authCode: '214525',
      phase: 'AUTH',
      mdStatus: 1,
      hostReference: `mock${payment.paymentId}`,
      signature: responseSignature(signKey(), [
        payment.paymentId,
        currency,
        payment.basketId,
        payment.conversationId,
        String(payment.paidPrice),
        String(price),
      ]),
    });
  }

  const api: Record<string, (body: Record<string, unknown>) => Record<string, unknown>> = {
    '/payment/bin/check': (body) => {
      const bin = String(body.binNumber ?? '').slice(0, 6);
      const info = BINS[bin];
      if (!info) return failure(body.conversationId, '10213', 'BIN bulunamadı', 'BIN_NOT_FOUND');
      return success(body.conversationId, {
        binNumber: bin,
        ...info,
        commercial: 0,
      });
    },

    '/payment/iyzipos/installment': (body) => {
      const amount = Number(body.price);
      if (!(amount > 0)) return failure(body.conversationId, '11', 'Geçersiz istek');
      const bin = body.binNumber ? String(body.binNumber).slice(0, 6) : null;
      const details = bin
        ? BINS[bin]
          ? [instalmentDetail(bin, BINS[bin]!, amount)]
          : []
        : Object.entries(BINS)
            .filter(([, i], n, all) => all.findIndex(([, j]) => j.cardFamily === i.cardFamily) === n)
            .map(([b, i]) => instalmentDetail(b, i, amount));
      return success(body.conversationId, {
        installmentDetails: details,
      });
    },

    '/payment/3dsecure/initialize': (body) => {
      const card = (body.paymentCard ?? {}) as Record<string, unknown>;
      const number = String(card.cardNumber ?? '');
      const items = (body.basketItems ?? []) as Array<Record<string, unknown>>;
      const price = Number(body.price);
      const paidPrice = Number(body.paidPrice);
      const sum = round2(items.reduce((s, i) => s + Number(i.price), 0));
      if (
        !(price > 0) ||
        !(paidPrice > 0) ||
        items.length === 0 ||
        sum !== round2(price) ||
        !body.callbackUrl
      ) {
        return failure(body.conversationId, '11', 'Geçersiz istek');
      }
      const bank = BANK_ERRORS[number];
      if (bank && number !== IYZICO_CARDS.doNotHonour) {
        return failure(body.conversationId, bank.code, bank.message, bank.group);
      }
      const info = BINS[number.slice(0, 6)];
      const installment = Number(body.installment ?? 1);
      if (
        installment > 1 &&
        (info?.cardType !== 'CREDIT_CARD' || !(installment in (IYZICO_RATES[info.cardFamily] ?? {})))
      ) {
        return failure(
          body.conversationId,
          '10222',
          'Terminal taksitli işleme kapalı',
          'INVALID_TRANSACTION',
        );
      }
      const paymentId = String(nextPaymentId++);
      payments.set(paymentId, {
        paymentId,
        conversationId: String(body.conversationId ?? ''),
        basketId: String(body.basketId ?? ''),
        price,
        paidPrice,
        installment,
        callbackUrl: String(body.callbackUrl),
        cardNumber: number,
        items: items.map((i) => ({
          itemId: String(i.id),
          paymentTransactionId: String(nextTransactionId++),
          price: Number(i.price),
          paidPrice: round2((Number(i.price) * paidPrice) / price),
          refunded: 0,
        })),
        authed: false,
        cancelled: false,
        refunded: 0,
        moneyBack: [],
      });
      const html =
        '<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>iyzico Mock 3D-Security Page</title></head><body>' +
        `<form id="iyzico-3ds-form" action="${url}/payment/mock/init3ds" method="post">` +
        `<input type="hidden" name="paymentId" value="${paymentId}"></form>` +
        '<script type="text/javascript">document.getElementById("iyzico-3ds-form").submit();</script></body></html>';
      return success(body.conversationId, {
        threeDSHtmlContent: Buffer.from(html).toString('base64'),
        paymentId,
        signature: responseSignature(signKey(), [paymentId, String(body.conversationId ?? '')]),
      });
    },

    '/payment/3dsecure/auth': (body) => {
      const payment = payments.get(String(body.paymentId ?? ''));
      if (!payment) return failure(body.conversationId, '5092', 'Ödeme bulunamadı');
      if (payment.authed) return failure(body.conversationId, '5119', 'Bu ödeme daha önce tamamlandı');
      const bank = BANK_ERRORS[payment.cardNumber];
      if (bank) return failure(body.conversationId, bank.code, bank.message, bank.group);
      payment.authed = true;
      return paymentAnswer(payment);
    },

    /**
     * Ödeme Sorgulama (`POST /payment/detail` by paymentId or paymentConversationId): a completed payment
     * as auth answered it, signed the same way (with the conversationId of this request); a payment whose
     * 3-D Secure step was never completed is not one.
     */
    '/payment/detail': (body) => {
      const id = body.paymentId ? String(body.paymentId) : null;
      const conversation = String(body.paymentConversationId ?? '');
      const payment = [...payments.values()].find((p) =>
        id ? p.paymentId === id : p.conversationId === conversation,
      );
      if (!payment?.authed) return failure(body.conversationId, '5092', 'Ödeme bulunamadı');
      return { ...paymentAnswer(payment), paymentStatus: 'SUCCESS' };
    },

    '/v2/payment/refund': (body) => {
      const payment = payments.get(String(body.paymentId ?? ''));
      if (!payment?.authed || payment.cancelled)
        return failure(body.conversationId, '5092', 'Ödeme bulunamadı');
      const amount = Number(body.price);
      if (!(amount > 0) || round2(payment.refunded + amount) > payment.paidPrice) {
        return failure(body.conversationId, '5094', 'İade tutarı, ödeme tutarından büyük olamaz');
      }
      payment.refunded = round2(payment.refunded + amount);
      payment.moneyBack.push({
        kind: 'refund',
        conversationId: String(body.conversationId ?? ''),
        price: amount,
      });
      return success(body.conversationId, {
        paymentId: payment.paymentId,
        price: amount,
        currency: 'TRY',
        hostReference: `refund${payment.paymentId}-${payment.refunded}`,
      });
    },

    '/payment/refund': (body) => {
      const id = String(body.paymentTransactionId ?? '');
      const payment = [...payments.values()].find((p) => p.items.some((i) => i.paymentTransactionId === id));
      const item = payment?.items.find((i) => i.paymentTransactionId === id);
      if (!payment?.authed || !item || payment.cancelled)
        return failure(body.conversationId, '5092', 'Ödeme bulunamadı');
      const amount = Number(body.price);
      if (!(amount > 0) || round2(item.refunded + amount) > item.paidPrice) {
        return failure(body.conversationId, '5094', 'İade tutarı, ödeme tutarından büyük olamaz');
      }
      item.refunded = round2(item.refunded + amount);
      payment.refunded = round2(payment.refunded + amount);
      payment.moneyBack.push({
        kind: 'refund',
        conversationId: String(body.conversationId ?? ''),
        price: amount,
      });
      return success(body.conversationId, {
        paymentId: payment.paymentId,
        paymentTransactionId: id,
        price: amount,
        currency: 'TRY',
      });
    },

    '/payment/cancel': (body) => {
      const payment = payments.get(String(body.paymentId ?? ''));
      if (!payment?.authed) return failure(body.conversationId, '5092', 'Ödeme bulunamadı');
      if (payment.cancelled || payment.refunded > 0) {
        return failure(body.conversationId, '5093', 'İptal edilmek istenen ödeme iptal edilemez');
      }
      payment.cancelled = true;
      payment.moneyBack.push({
        kind: 'cancel',
        conversationId: String(body.conversationId ?? ''),
        price: payment.paidPrice,
      });
      return success(body.conversationId, {
        paymentId: payment.paymentId,
        price: payment.paidPrice,
        currency: 'TRY',
        authCode: '214525',
        hostReference: `cancel${payment.paymentId}`,
      });
    },
  };

  /**
   * The transaction detail report (`GET /v2/reporting/payment/details?paymentId=|paymentConversationId=`):
   * the payment with its refunds and cancels, each with the conversationId it was asked with.
   */
  function report(query: URLSearchParams) {
    const id = query.get('paymentId');
    const conversation = query.get('paymentConversationId');
    const found = [...payments.values()].filter(
      (p) => p.authed && (id ? p.paymentId === id : p.conversationId === conversation),
    );
    if (found.length === 0) return failure(null, '5092', 'Ödeme bulunamadı');
    const entries = (p: StoredPayment, kind: 'refund' | 'cancel') =>
      p.moneyBack
        .filter((m) => m.kind === kind)
        .map((m) => ({
          conversationId: m.conversationId,
          price: m.price,
          currencyCode: 'TRY',
          refundStatus: 'SUCCESS',
        }));
    return success(null, {
      payments: found.map((p) => ({
        paymentId: p.paymentId,
        paymentStatus: 1,
        paymentRefundStatus:
          p.refunded === 0
            ? 'NOT_REFUNDED'
            : p.refunded >= p.paidPrice
              ? 'TOTALLY_REFUNDED'
              : 'PARTIALLY_REFUNDED',
        price: p.price,
        paidPrice: p.paidPrice,
        refunds: entries(p, 'refund'),
        cancels: entries(p, 'cancel'),
      })),
    });
  }

  /** The fields the bank's page posts to the shop's callbackUrl for a code (right, wrong, or none: abandoned). */
  function callbackFields(paymentId: string, code: string | null) {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    const passed = code === IYZICO_3DS_CODE && payment.cardNumber !== IYZICO_CARDS.mdStatus0;
    const fields = {
      status: passed ? 'success' : 'failure',
      paymentId,
      conversationData: '',
      conversationId: payment.conversationId,
      mdStatus: passed ? '1' : '0',
    };
    return {
      url: payment.callbackUrl,
      fields: { ...fields, signature: callbackSignature(signKey(), fields) },
    };
  }

  const page = (title: string, body: string) =>
    `<!doctype html><html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
    '<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1f2937}label,input,button{display:block;font-size:1rem}input{margin:.5rem 0 1rem;padding:.5rem;width:100%;box-sizing:border-box}button{padding:.6rem 1rem;margin-bottom:.5rem;background:#1e3a8a;color:#fff;border:0;border-radius:.25rem}button.secondary{background:#e5e7eb;color:#111827}</style>' +
    `</head><body>${body}</body></html>`;

  function bankPage(paymentId: string) {
    const payment = payments.get(paymentId);
    if (!payment) return page('Hata', '<h1>Ödeme bulunamadı</h1>');
    return page(
      'iyzico Mock 3D-Security Page',
      `<main><h1>3-D Secure doğrulama</h1><p>Kart: **** ${escapeHtml(payment.cardNumber.slice(-4))} · Tutar: ${payment.paidPrice.toFixed(2)} TL</p>` +
        `<form method="post" action="${url}/payment/mock/confirm3ds"><input type="hidden" name="paymentId" value="${escapeHtml(paymentId)}">` +
        `<label for="code">SMS doğrulama kodu (test: ${IYZICO_3DS_CODE})</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code">` +
        '<button type="submit" name="action" value="confirm">Onayla</button><button class="secondary" type="submit" name="action" value="cancel">İptal</button></form></main>',
    );
  }

  function postBack(target: { url: string; fields: Record<string, string> }) {
    const inputs = Object.entries(target.fields)
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('');
    return page(
      'Yönlendiriliyor',
      `<form id="back" method="post" action="${escapeHtml(target.url)}">${inputs}<noscript><button type="submit">Mağazaya dön</button></noscript></form>` +
        '<script>document.getElementById("back").submit();</script>',
    );
  }

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => {
        raw += c;
      });
      req.on('end', () => resolve(raw));
      req.on('error', reject);
    });

  const sendHtml = (res: ServerResponse, html: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  };

  const server = createServer(async (req, res) => {
    const raw = await read(req);
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/payment/mock/init3ds') {
      sendHtml(res, bankPage(new URLSearchParams(raw).get('paymentId') ?? ''));
      return;
    }
    if (path === '/payment/mock/confirm3ds') {
      const form = new URLSearchParams(raw);
      const code = form.get('action') === 'cancel' ? null : (form.get('code') ?? '');
      try {
        sendHtml(res, postBack(callbackFields(form.get('paymentId') ?? '', code)));
      } catch {
        sendHtml(res, page('Hata', '<h1>Ödeme bulunamadı</h1>'));
      }
      return;
    }
    if (path === '/v2/reporting/payment/details' && req.method === 'GET') {
      const signedPath = req.url ?? path;
      const query = new URL(signedPath, 'http://iyzico.test').searchParams;
      received.push({ path, body: Object.fromEntries(query) });
      if (behaviour.down) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          authorized(req, signedPath, '') ? report(query) : failure(null, '1000', 'Geçersiz imza'),
        ),
      );
      return;
    }
    const handler = api[path];
    if (!handler || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    if (behaviour.delayMs > 0) await new Promise((r) => setTimeout(r, behaviour.delayMs));
    if (behaviour.down) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      body = {};
    }
    received.push({ path, body });
    const answer = authorized(req, path, raw)
      ? handler(body)
      : failure(body.conversationId, '1000', 'Geçersiz imza');
    const lost = behaviour.loseAnswers.indexOf(path);
    if (lost >= 0) {
      // Carried out, but the answer never reaches the shop (a timeout or a dropped connection).
      behaviour.loseAnswers.splice(lost, 1);
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    keys,
    behaviour,
    received,
    payments,
    callbackFields,
    /** The payment id of the last 3-D Secure initialize. */
    lastPaymentId: () => String(nextPaymentId - 1),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type IyzicoServer = Awaited<ReturnType<typeof startIyzicoServer>>;
