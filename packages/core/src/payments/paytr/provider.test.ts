import { PAYTR_CARDS, type PaytrContractServer, startPaytrServer } from '@vitrin/testing/paytr-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import type { PaymentProvider, PaymentStart } from '../provider.ts';
import { paytrHttp } from './http.ts';
import { createPaytrProvider, paytrFromEnv } from './provider.ts';
import { notifyHash, paytrOrderId } from './signing.ts';

let paytr: PaytrContractServer;
let provider: PaymentProvider;
/** What the shop's notify route received, as PayTR posted it. */
const received: Array<Record<string, string>> = [];
const logged: string[] = [];

beforeAll(async () => {
  paytr = await startPaytrServer({
    notify: async (fields) => {
      received.push(fields);
      return { status: 200, body: 'OK' };
    },
  });
  provider = createPaytrProvider({
    credentials: paytr.credentials,
    baseUrl: paytr.url,
    testMode: true,
    logger: { error: (_fields, message) => logged.push(message) },
  });
});
afterAll(() => paytr.close());

const address = {
  contactName: 'Ayşe Yılmaz',
  city: 'İstanbul',
  district: 'Kadıköy',
  address: 'Moda Cad. 1',
  zip: null,
  country: 'Turkey',
};

let n = 0;
function attempt(amountMinor = 25_000, instalments = 1): PaymentStart {
  n++;
  return {
    reference: `ref_${n}-abcdefghijklmnop`,
    order: {
      id: n,
      no: `VT${n}`,
      amountMinor,
      instalments,
      buyer: {
        id: 'guest-VT1',
        name: 'Ayşe',
        surname: 'Yılmaz',
        email: 'ayse@example.com',
        phone: '+905321234567',
        identityNumber: null,
        city: 'İstanbul',
        district: 'Kadıköy',
        address: 'Moda Cad. 1',
        zip: null,
        country: 'Turkey',
      },
      shipping: address,
      billing: address,
      lines: [
        { id: '1', name: 'Çini kupa', category: 'Genel', totalMinor: 20_000 },
        { id: 'shipping', name: 'Kargo ve ek ücretler', category: 'Kargo', totalMinor: 5_000 },
      ],
    },
    callbackUrl: 'https://magaza.example.com/api/payments/paytr/callback',
    pageUrl: 'https://magaza.example.com/secure-pay?order=VT1&token=t',
    userIp: '::ffff:203.0.113.7',
  };
}

async function started(a = attempt()) {
  const result = await provider.start(a);
  if (result.kind !== 'iframe') throw new Error(`expected an iframe, got ${result.kind}`);
  return { ...a, url: result.url, token: paytr.tokenOf(result.url) };
}

describe('PayTR start (get-token)', () => {
  it('asks for a token signed as PayTR checks it and shows its hosted form in an iframe', async () => {
    const s = await started();
    expect(s.url).toBe(`${paytr.url}/odeme/guvenli/${s.token}`);
    const sent = paytr.tokenRequests.at(-1)!;
    expect(sent).toMatchObject({
      merchant_id: paytr.credentials.merchantId,
      merchant_oid: paytrOrderId(s.reference, 25_000),
      email: 'ayse@example.com',
      payment_amount: '25000',
      user_ip: '203.0.113.7',
      currency: 'TL',
      test_mode: '1',
      no_installment: '1',
      max_installment: '0',
      user_name: 'Ayşe Yılmaz',
      merchant_ok_url: s.pageUrl,
      merchant_fail_url: s.pageUrl,
    });
    expect(JSON.parse(Buffer.from(sent.user_basket!, 'base64').toString('utf8'))).toEqual([
      ['Çini kupa', '200.00', 1],
      ['Kargo ve ek ücretler', '50.00', 1],
    ]);
    expect((await fetch(s.url)).status).toBe(200);
  });

  it('sends no card data: the card is typed into PayTR’s form only', async () => {
    await started();
    const sent = paytr.tokenRequests.at(-1)!;
    expect(Object.keys(sent).filter((k) => /card|cc_|cvv|cvc|expiry|pan/i.test(k))).toEqual([]);
  });

  it('caps PayTR’s instalments at the count the shopper chose', async () => {
    await started(attempt(30_000, 6));
    expect(paytr.tokenRequests.at(-1)).toMatchObject({ no_installment: '0', max_installment: '6' });
  });

  it('refuses with ODEME_SAGLAYICISI_HATASI (Turkish, 502) when PayTR is down, and logs why', async () => {
    paytr.setDown(true);
    try {
      const err = await provider.start(attempt()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DomainError);
      expect(err).toMatchObject({ code: 'ODEME_SAGLAYICISI_HATASI', status: 502 });
      expect((err as Error).message).toMatch(/PayTR.*ulaşılamıyor/);
      expect(logged.at(-1)).toBe('PayTR get-token failed');
    } finally {
      paytr.setDown(false);
    }
  });

  it('refuses the same way when PayTR refuses the token (wrong keys), logging PayTR’s reason', async () => {
    const wrong = createPaytrProvider({
      credentials: { ...paytr.credentials, merchantKey: 'yanlis' },
      baseUrl: paytr.url,
      testMode: true,
      logger: { error: (fields, message) => logged.push(`${message} ${JSON.stringify(fields)}`) },
    });
    await expect(wrong.start(attempt())).rejects.toMatchObject({ code: 'ODEME_SAGLAYICISI_HATASI' });
    expect(logged.at(-1)).toContain('paytr_token gecersiz');
  });
});

describe('PayTR notify', () => {
  it('vouches for a signed success: the attempt, its amount, what the card was charged, the instalments', async () => {
    const s = await started(attempt(30_000, 3));
    await paytr.settle(s.token, { card: PAYTR_CARDS.success, instalments: 3 });
    const fields = received.at(-1)!;
    expect(await provider.notify!(fields)).toEqual({
      reference: s.reference,
      status: 'succeeded',
      failureCode: null,
      amountMinor: 30_000,
      cardLast4: null,
      providerPaymentId: fields.merchant_oid,
      paidTotalMinor: Math.round(30_000 * 1.0491),
      instalments: 3,
    });
  });

  it('vouches for a signed failure with a stable code and a Turkish message', async () => {
    const s = await started();
    await paytr.settle(s.token, { card: PAYTR_CARDS.declined });
    const verified = await provider.notify!(received.at(-1)!);
    expect(verified).toMatchObject({ status: 'failed', failureCode: 'KART_REDDEDILDI', amountMinor: 25_000 });
    expect(provider.failureMessage('KART_REDDEDILDI')).toMatch(/Bankanız/);
    const cancelled = await started();
    await paytr.settle(cancelled.token, { cancel: true });
    expect(await provider.notify!(received.at(-1)!)).toMatchObject({ failureCode: 'ODEME_YARIDA_KALDI' });
    expect(provider.failureMessage('ODEME_YARIDA_KALDI')).toMatch(/ödeme sayfasından ayrıldınız/);
    expect(provider.failureMessage('STOK_YETERSIZ')).toMatch(/stoğu tükendi/);
  });

  it('answers null for a forged hash, a changed total, a foreign merchant_oid or missing fields', async () => {
    const s = await started();
    await paytr.settle(s.token, { card: PAYTR_CARDS.success });
    const genuine = received.at(-1)!;
    expect(await provider.notify!({ ...genuine, hash: 'AAAA' })).toBeNull();
    expect(await provider.notify!({ ...genuine, total_amount: '1' })).toBeNull();
    const foreign = { merchant_oid: 'SIPARIS123', status: 'success', total_amount: '25000' };
    expect(await provider.notify!({ ...foreign, hash: notifyHash(paytr.credentials, foreign) })).toBeNull();
    expect(await provider.notify!({ merchant_oid: genuine.merchant_oid })).toBeNull();
    expect(await provider.notify!('merchant_oid=x')).toBeNull();
  });

  it('gives a signed success for less than the attempt its own (lower) amount, so the shop refuses it', async () => {
    const s = await started();
    const oid = paytrOrderId(s.reference, 25_000);
    const low = { merchant_oid: oid, status: 'success', total_amount: '100' };
    expect(await provider.notify!({ ...low, hash: notifyHash(paytr.credentials, low) })).toMatchObject({
      amountMinor: 100,
    });
  });
});

describe('PayTR refund', () => {
  it('gives back a paid attempt through /odeme/iade with our reference_no, and refuses more than was paid', async () => {
    const s = await started();
    await paytr.settle(s.token, { card: PAYTR_CARDS.success });
    const oid = received.at(-1)!.merchant_oid!;
    const result = await provider.refund({
      reference: s.reference,
      providerPaymentId: oid,
      amountMinor: 25_000,
    });
    expect(result).toEqual({ refunded: true, providerRef: `${oid.slice(0, 48)}R25000` });
    expect(paytr.refunds.at(-1)).toMatchObject({ merchant_oid: oid, return_amount: '250.00' });
    const again = await provider.refund({
      reference: s.reference,
      providerPaymentId: oid,
      amountMinor: 25_000,
    });
    expect(again).toMatchObject({ refunded: false, reason: expect.stringContaining('fazla') });
  });

  it('says why when the attempt has no PayTR order id, or PayTR cannot be reached', async () => {
    expect(await provider.refund({ reference: 'r', providerPaymentId: null, amountMinor: 1 })).toMatchObject({
      refunded: false,
    });
    paytr.setDown(true);
    try {
      const r = await provider.refund({
        reference: 'r',
        providerPaymentId: paytrOrderId('r', 1),
        amountMinor: 1,
      });
      expect(r).toMatchObject({ refunded: false, reason: expect.stringContaining('ulaşılamadı') });
    } finally {
      paytr.setDown(false);
    }
  });
});

describe('PayTR instalment options', () => {
  it('lists every card programme of the store’s rate table, and the single payment, before a card is typed', async () => {
    const options = await provider.instalmentOptions({ amountMinor: 100_000 });
    expect(options[0]).toEqual({ count: 1, totalMinor: 100_000, monthlyMinor: 100_000 });
    expect(options).toContainEqual({ count: 3, totalMinor: 104_910, monthlyMinor: 34_970, family: 'World' });
    expect(options).toContainEqual({ count: 2, totalMinor: 103_500, monthlyMinor: 51_750, family: 'Bonus' });
  });

  it('lists the card’s own programme for its BIN, and only a single payment for a debit or unknown card', async () => {
    const world = await provider.instalmentOptions({ bin: '43550843', amountMinor: 100_000 });
    expect(new Set(world.slice(1).map((o) => o.family))).toEqual(new Set(['World']));
    expect(world.map((o) => o.count)).toEqual([1, 2, 3, 6, 9, 12]);
    expect(await provider.instalmentOptions({ bin: '97920303', amountMinor: 100_000 })).toHaveLength(1);
    expect(await provider.instalmentOptions({ bin: '11111111', amountMinor: 100_000 })).toHaveLength(1);
  });

  it('says it has no table when PayTR cannot be reached, asks again only a minute later, then keeps the last table', async () => {
    let clock = 0;
    let calls = 0;
    const real = paytrHttp(paytr.url);
    const fresh = createPaytrProvider({
      credentials: paytr.credentials,
      baseUrl: paytr.url,
      testMode: false,
      now: () => clock,
      ratesTtlMs: 3_600_000,
      http: {
        post: (path, fields, options) => {
          calls++;
          return real.post(path, fields, options);
        },
      },
      logger: { error: () => {} },
    });
    // No table at all: the caller offers a single payment and says why (instalment-tables.ts).
    paytr.setDown(true);
    try {
      await expect(fresh.instalmentOptions({ amountMinor: 5_000 })).rejects.toThrow(/unavailable/);
      const asked = calls;
      clock = 30_000;
      await expect(fresh.instalmentOptions({ amountMinor: 5_000 })).rejects.toThrow(/unavailable/);
      expect(calls).toBe(asked);
    } finally {
      paytr.setDown(false);
    }
    clock = 61_000;
    const table = await fresh.instalmentOptions({ amountMinor: 5_000 });
    expect(table.length).toBeGreaterThan(1);
    // An hour later PayTR is down again: the table it gave last is still shown.
    clock = 61_000 + 3_600_000;
    paytr.setDown(true);
    try {
      expect(await fresh.instalmentOptions({ amountMinor: 5_000 })).toEqual(table);
    } finally {
      paytr.setDown(false);
    }
  });
});

describe('PayTR from the environment', () => {
  it('names the missing keys in Turkish, and reads test mode and the base URL', () => {
    expect(paytrFromEnv({ PAYTR_MERCHANT_ID: '1' })).toEqual({
      missing: expect.stringContaining('PAYTR_MERCHANT_KEY, PAYTR_MERCHANT_SALT'),
    });
    const live = paytrFromEnv({ PAYTR_MERCHANT_ID: '1', PAYTR_MERCHANT_KEY: 'k', PAYTR_MERCHANT_SALT: 's' });
    expect(live).toMatchObject({ name: 'paytr', mode: 'live', form: 'hosted' });
    const sandbox = paytrFromEnv({
      PAYTR_MERCHANT_ID: '1',
      PAYTR_MERCHANT_KEY: 'k',
      PAYTR_MERCHANT_SALT: 's',
      PAYTR_TEST_MODE: '1',
    });
    expect(sandbox).toMatchObject({ mode: 'sandbox' });
  });
});
