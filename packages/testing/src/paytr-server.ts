import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  binDetailToken,
  iframeToken,
  instalmentRatesToken,
  minorOfLira,
  notifyHash,
  type PaytrCredentials,
  refundToken,
  statusToken,
} from '@vitrin/core/payments/paytr/signing';

/**
 * A local stand-in for PayTR that speaks its documented HTTP API (dev.paytr.com): get-token with its
 * `paytr_token` checked, the hosted card form at `/odeme/guvenli/{token}` (which, when paid, posts the signed
 * notification to the shop and sends the browser to merchant_ok_url / merchant_fail_url), refunds
 * (`/odeme/iade`, with its reference_no) and the status query listing them (`/odeme/durum-sorgu`), the instalment rates (`/odeme/taksit-oranlari`) and BIN lookups (`/odeme/api/bin-detail`),
 * with PayTR's answers: `{status:'success'…}`, `{status:'failed', reason}`, `{status:'error', err_no, err_msg}`.
 * Tests start it on a free port; it keeps what it received so they can look.
 */
export const PAYTR_TEST_CREDENTIALS: PaytrCredentials = {
  merchantId: '100001',
  merchantKey: 'TestMagazaAnahtari1',
  merchantSalt: 'TestMagazaTuzu1',
};

/** Cards of the hosted form: PayTR's published test cards succeed; the others fail as their bank would. */
export const PAYTR_CARDS = {
  success: '4355084355084358',
  successMaster: '5406675406675403',
  /** Declined by the bank (failed_reason_code 0, with the bank's message). */
  declined: '4000000000000002',
  /** The 3-D Secure password is wrong (failed_reason_code 2). */
  authFailed: '4000000000003220',
} as const;

const BINS: Record<string, Record<string, string>> = {
  '435508': { cardType: 'credit', businessCard: 'n', bank: 'Yapı Kredi', brand: 'world', schema: 'VISA' },
  '540667': {
    cardType: 'credit',
    businessCard: 'n',
    bank: 'Garanti BBVA',
    brand: 'bonus',
    schema: 'MASTERCARD',
  },
  '979203': {
    cardType: 'debit',
    businessCard: 'n',
    bank: 'Ziraat Bankası',
    brand: 'bankkart',
    schema: 'TROY',
  },
};

/** The store's instalment rates in percent, per card programme (PayTR's `oranlar`). */
export const PAYTR_RATES: Record<string, Record<string, number>> = {
  world: { taksit_2: 3.92, taksit_3: 4.91, taksit_6: 7.87, taksit_9: 10.83, taksit_12: 13.79 },
  bonus: { taksit_2: 3.5, taksit_3: 4.5, taksit_6: 7.5 },
};

interface HostedPayment {
  fields: Record<string, string>;
  amountMinor: number;
  expiresAt: number;
  used: boolean;
}

interface Notification {
  fields: Record<string, string>;
  status: number;
  body: string;
}

/** How the shop is told: its notify URL over HTTP, or a function (tests without a listening shop). */
export type NotifyTarget =
  | string
  | ((fields: Record<string, string>) => Promise<{ status: number; body: string }>);

export interface PaytrServerOptions {
  /** Where notifications go; `setNotify` changes it (a shop started after this server). */
  notify?: NotifyTarget;
  credentials?: PaytrCredentials;
  port?: number;
}

const REQUIRED_TOKEN_FIELDS = [
  'merchant_id',
  'user_ip',
  'merchant_oid',
  'email',
  'payment_amount',
  'paytr_token',
  'user_basket',
  'no_installment',
  'max_installment',
  'user_name',
  'user_address',
  'user_phone',
  'merchant_ok_url',
  'merchant_fail_url',
] as const;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function basketIsValid(encoded: string): boolean {
  try {
    const rows: unknown = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
    return (
      Array.isArray(rows) &&
      rows.length > 0 &&
      rows.every(
        (r) =>
          Array.isArray(r) &&
          typeof r[0] === 'string' &&
          typeof r[1] === 'string' &&
          minorOfLira(r[1]) !== null &&
          Number.isInteger(r[2]),
      )
    );
  } catch {
    return false;
  }
}

export async function startPaytrServer(options: PaytrServerOptions = {}) {
  const c = options.credentials ?? PAYTR_TEST_CREDENTIALS;
  const hosted = new Map<string, HostedPayment>();
  /** merchant_oid → what was charged and what was given back. */
  const paid = new Map<
    string,
    {
      totalMinor: number;
      refundedMinor: number;
      testMode: string;
      returns: Array<{ amountMinor: number; referenceNo: string }>;
    }
  >();
  /** Paths whose next calls are carried out but whose answers are lost (the connection drops). */
  const loseAnswers: string[] = [];
  const tokenRequests: Array<Record<string, string>> = [];
  const refunds: Array<Record<string, string>> = [];
  const notifications: Notification[] = [];
  const lastNotification = new Map<string, Record<string, string>>();
  const state: { down: boolean; downPaths: Set<string>; notify: NotifyTarget | undefined } = {
    down: false,
    downPaths: new Set(),
    notify: options.notify,
  };

  async function deliver(fields: Record<string, string>): Promise<Notification> {
    const to = state.notify;
    if (!to) throw new Error('the PayTR contract server has no notify target');
    let answer: { status: number; body: string };
    if (typeof to === 'function') answer = await to(fields);
    else {
      const res = await fetch(to, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
      answer = { status: res.status, body: await res.text() };
    }
    const sent = { fields, ...answer };
    notifications.push(sent);
    return sent;
  }

  /** PayTR's notification for a hosted payment's outcome, signed with the store's key and salt. */
  function outcomeFields(
    payment: HostedPayment,
    outcome: { ok: true; instalments: number } | { ok: false; code: string; message: string },
  ): Record<string, string> {
    const oid = payment.fields.merchant_oid!;
    const common = { merchant_oid: oid, test_mode: payment.fields.test_mode ?? '0', payment_type: 'card' };
    if (!outcome.ok) {
      const signed = { merchant_oid: oid, status: 'failed', total_amount: '0' };
      return {
        ...common,
        ...signed,
        hash: notifyHash(c, signed),
        failed_reason_code: outcome.code,
        failed_reason_msg: outcome.message,
      };
    }
    const rate = PAYTR_RATES.world![`taksit_${outcome.instalments}`] ?? 0;
    const total = Math.round(payment.amountMinor * (1 + rate / 100));
    const signed = { merchant_oid: oid, status: 'success', total_amount: String(total) };
    return {
      ...common,
      ...signed,
      hash: notifyHash(c, signed),
      currency: 'TL',
      payment_amount: String(payment.amountMinor),
      installment_count: String(outcome.instalments),
    };
  }

  /** The shopper's card on the hosted form: what PayTR's bank answers for it. */
  async function settle(token: string, form: { card?: string; instalments?: number; cancel?: boolean }) {
    const payment = hosted.get(token);
    if (!payment || payment.used || payment.expiresAt < Date.now()) return null;
    payment.used = true;
    const card = (form.card ?? '').replace(/\D/g, '');
    const instalments = form.instalments && form.instalments > 1 ? form.instalments : 1;
    const outcome = form.cancel
      ? ({
          ok: false,
          code: '6',
          message: 'Müşteri ödeme yapmaktan vazgeçti ve ödeme sayfasından ayrıldı.',
        } as const)
      : card === PAYTR_CARDS.success || card === PAYTR_CARDS.successMaster
        ? ({ ok: true, instalments } as const)
        : card === PAYTR_CARDS.authFailed
          ? ({
              ok: false,
              code: '2',
              message: 'Kimlik Doğrulama başarısız. Lütfen tekrar deneyin ve şifreyi doğru girin.',
            } as const)
          : ({ ok: false, code: '0', message: 'Kartın limiti / bakiyesi yetersiz.' } as const);
    const fields = outcomeFields(payment, outcome);
    if (outcome.ok) {
      paid.set(fields.merchant_oid!, {
        totalMinor: Number(fields.total_amount),
        refundedMinor: 0,
        testMode: payment.fields.test_mode ?? '0',
        returns: [],
      });
    }
    lastNotification.set(fields.merchant_oid!, fields);
    const notified = await deliver(fields);
    return {
      redirect: outcome.ok ? payment.fields.merchant_ok_url! : payment.fields.merchant_fail_url!,
      notified,
    };
  }

  function json(res: ServerResponse, body: object) {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  }

  function html(res: ServerResponse, status: number, body: string) {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>PayTR Güvenli Ödeme (test)</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#1c1917}label{display:block;margin-top:10px;font-size:14px}input,select{display:block;width:100%;box-sizing:border-box;padding:8px;font-size:16px;border:1px solid #57534e;border-radius:6px}button{margin-top:14px;padding:10px 14px;font-size:16px;border-radius:6px;border:1px solid #1c1917}.pay{background:#14532d;color:#fff}</style></head><body><main>${body}</main></body></html>`);
  }

  function getToken(f: Record<string, string>) {
    tokenRequests.push(f);
    const missing = REQUIRED_TOKEN_FIELDS.find((k) => !f[k]);
    if (missing)
      return { status: 'failed', reason: `Zorunlu alan degeri gecersiz veya gonderilmedi: ${missing}` };
    if (f.merchant_id !== c.merchantId) return { status: 'failed', reason: 'Gecersiz merchant_id' };
    const token = iframeToken(c, {
      user_ip: f.user_ip!,
      merchant_oid: f.merchant_oid!,
      email: f.email!,
      payment_amount: f.payment_amount!,
      user_basket: f.user_basket!,
      no_installment: f.no_installment!,
      max_installment: f.max_installment!,
      currency: f.currency ?? '',
      test_mode: f.test_mode ?? '',
    });
    if (token !== f.paytr_token) return { status: 'failed', reason: 'paytr_token gecersiz' };
    if (!/^[A-Za-z0-9]{1,64}$/.test(f.merchant_oid!))
      return { status: 'failed', reason: 'merchant_oid gecersiz' };
    if (!/^\d{1,12}$/.test(f.payment_amount!) || Number(f.payment_amount) === 0) {
      return { status: 'failed', reason: 'payment_amount gecersiz' };
    }
    if (f.user_ip!.length > 39 || f.email!.length > 100)
      return { status: 'failed', reason: 'Alan uzunlugu gecersiz' };
    if (!basketIsValid(f.user_basket!)) return { status: 'failed', reason: 'user_basket gecersiz' };
    if (paid.has(f.merchant_oid!))
      return { status: 'failed', reason: 'Bu siparis numarasi ile odeme yapilmis' };
    const iframe = randomBytes(24).toString('hex');
    const minutes = Number(f.timeout_limit) > 0 ? Number(f.timeout_limit) : 30;
    hosted.set(iframe, {
      fields: f,
      amountMinor: Number(f.payment_amount),
      expiresAt: Date.now() + minutes * 60_000,
      used: false,
    });
    return { status: 'success', token: iframe };
  }

  function refund(f: Record<string, string>) {
    const amount = minorOfLira(f.return_amount ?? '');
    if (!f.merchant_id || !f.merchant_oid || !f.paytr_token || amount === null) {
      return { status: 'error', err_no: '001', err_msg: 'Zorunlu alan degeri gecersiz veya gonderilmedi' };
    }
    if (
      f.merchant_id !== c.merchantId ||
      refundToken(c, f.merchant_oid, f.return_amount!) !== f.paytr_token
    ) {
      return { status: 'error', err_no: '002', err_msg: 'paytr_token gecersiz' };
    }
    const order = paid.get(f.merchant_oid);
    if (!order) return { status: 'error', err_no: '003', err_msg: 'Siparis bulunamadi' };
    if (amount <= 0 || order.refundedMinor + amount > order.totalMinor) {
      return { status: 'error', err_no: '004', err_msg: 'Iade tutari odeme tutarindan fazla olamaz' };
    }
    order.refundedMinor += amount;
    order.returns.push({ amountMinor: amount, referenceNo: f.reference_no ?? '' });
    refunds.push(f);
    return {
      status: 'success',
      is_test: order.testMode === '1' ? 1 : 0,
      merchant_oid: f.merchant_oid,
      return_amount: f.return_amount,
    };
  }

  /** The status query: the order's amounts and its returns, each with the reference_no it was asked with. */
  function statusOf(f: Record<string, string>) {
    if (f.merchant_id !== c.merchantId || statusToken(c, f.merchant_oid ?? '') !== f.paytr_token) {
      return { status: 'error', err_no: '002', err_msg: 'paytr_token gecersiz' };
    }
    const order = paid.get(f.merchant_oid ?? '');
    if (!order) return { status: 'error', err_no: '003', err_msg: 'Siparis bulunamadi' };
    const lira = (minor: number) => (minor / 100).toFixed(2);
    return {
      status: 'success',
      payment_amount: lira(order.totalMinor),
      payment_total: lira(order.totalMinor),
      currency: 'TL',
      returns: order.returns.map((r) => ({
        return_amount: lira(r.amountMinor),
        return_type: 'iade',
        return_date: new Date().toISOString().slice(0, 19).replace('T', ' '),
        reference_no: r.referenceNo,
      })),
    };
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://paytr.test');
      if (state.down || state.downPaths.has(url.pathname)) {
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end('Service Unavailable');
        return;
      }
      const page = /^\/odeme\/guvenli\/([0-9a-f]{48})$/.exec(url.pathname);
      if (page && req.method === 'GET') {
        const payment = hosted.get(page[1]!);
        if (!payment || payment.used || payment.expiresAt < Date.now()) {
          return html(res, 410, '<h1>Ödeme sayfasının süresi doldu</h1>');
        }
        const max = payment.fields.no_installment === '1' ? 1 : Number(payment.fields.max_installment) || 12;
        const counts = [1, ...[2, 3, 6, 9, 12].filter((n) => n <= max)];
        return html(
          res,
          200,
          `<h1>PayTR Güvenli Ödeme</h1><p>Tutar: ${escapeHtml((payment.amountMinor / 100).toFixed(2))} TL</p>
<form method="post"><label for="card_number">Kart numarası</label><input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" value="${PAYTR_CARDS.success}">
<label for="cc_owner">Kart sahibi</label><input id="cc_owner" name="cc_owner" value="PAYTR TEST">
<label for="installment_count">Taksit</label><select id="installment_count" name="installment_count">${counts
            .map((n) => `<option value="${n}">${n === 1 ? 'Tek çekim' : `${n} taksit`}</option>`)
            .join('')}</select>
<button class="pay" name="action" value="pay">Ödemeyi Tamamla</button> <button name="action" value="cancel">Vazgeç</button></form>`,
        );
      }
      if (page && req.method === 'POST') {
        const form = await readForm(req);
        const settled = await settle(page[1]!, {
          card: form.card_number,
          instalments: Number(form.installment_count),
          cancel: form.action === 'cancel',
        });
        if (!settled) return html(res, 410, '<h1>Ödeme sayfasının süresi doldu</h1>');
        // PayTR's form then takes the shopper back to the shop's page, out of the iframe.
        const to = escapeHtml(settled.redirect);
        return html(
          res,
          200,
          `<p>İşlem tamamlandı.</p><p><a href="${to}" target="_top">Mağazaya dön</a></p><script>window.top.location.href=${JSON.stringify(settled.redirect)}</script>`,
        );
      }
      if (req.method !== 'POST') {
        res.writeHead(404);
        res.end();
        return;
      }
      const f = await readForm(req);
      if (url.pathname === '/odeme/api/get-token') return json(res, getToken(f));
      if (url.pathname === '/odeme/iade') {
        const answer = refund(f);
        const lost = loseAnswers.indexOf(url.pathname);
        if (lost >= 0) {
          // Carried out, but the answer never reaches the shop.
          loseAnswers.splice(lost, 1);
          req.socket.destroy();
          return;
        }
        return json(res, answer);
      }
      if (url.pathname === '/odeme/durum-sorgu') return json(res, statusOf(f));
      if (url.pathname === '/odeme/taksit-oranlari') {
        if (f.merchant_id !== c.merchantId || instalmentRatesToken(c, f.request_id ?? '') !== f.paytr_token) {
          return json(res, { status: 'error', err_msg: 'paytr_token gecersiz' });
        }
        return json(res, {
          status: 'success',
          request_id: f.request_id,
          max_inst_non_bus: 12,
          oranlar: PAYTR_RATES,
        });
      }
      if (url.pathname === '/odeme/api/bin-detail') {
        const bin = f.bin_number ?? '';
        if (f.merchant_id !== c.merchantId || binDetailToken(c, bin) !== f.paytr_token) {
          return json(res, { status: 'error', err_msg: 'paytr_token gecersiz' });
        }
        const found = /^\d{6,8}$/.test(bin) ? BINS[bin.slice(0, 6)] : undefined;
        return json(res, found ? { status: 'success', ...found } : { status: 'failed' });
      }
      res.writeHead(404);
      res.end();
    } catch (err) {
      res.writeHead(500);
      res.end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    credentials: c,
    tokenRequests,
    refunds,
    notifications,
    setNotify(to: NotifyTarget) {
      state.notify = to;
    },
    /** The next call of `path` is carried out but its answer is lost (the connection drops). */
    loseAnswerOf(path: string) {
      loseAnswers.push(path);
    },
    /** Every API call (or only `path`'s, e.g. the status query) answers 503 while true (PayTR down). */
    setDown(down: boolean, path?: string) {
      if (path === undefined) state.down = down;
      else if (down) state.downPaths.add(path);
      else state.downPaths.delete(path);
    },
    /** The iframe token of a hosted form URL the shop showed. */
    tokenOf(iframeUrl: string) {
      return iframeUrl.split('/').at(-1)!;
    },
    /** The shopper pays (or cancels) on the hosted form: the notification goes out, then the browser. */
    settle,
    /** PayTR sends the same notification again (it does until it reads OK). */
    async resend(merchantOid: string) {
      const fields = lastNotification.get(merchantOid);
      if (!fields) throw new Error(`no notification sent for ${merchantOid}`);
      return deliver(fields);
    },
    /** A notification with any fields, signed with the store's key unless `hash` is given. */
    async sendNotification(fields: {
      merchant_oid: string;
      status: string;
      total_amount: string;
      hash?: string;
    }) {
      const hash = fields.hash ?? notifyHash(c, fields);
      return deliver({ ...fields, hash, test_mode: '1', payment_type: 'card' });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type PaytrContractServer = Awaited<ReturnType<typeof startPaytrServer>>;
