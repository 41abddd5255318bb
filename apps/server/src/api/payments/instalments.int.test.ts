import { orders, payments } from '@vitrin/core/db/schema';
import { IYZICO_3DS_CODE, IYZICO_CARDS } from '@vitrin/testing/iyzico-server';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openCardWorld } from '../../../test/card-contracts.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
// A browser's write from the shop's own page (the same-origin check).
const SAME_SITE = { 'sec-fetch-site': 'same-origin' };

const world = await openCardWorld({ allowTestProvider: true });
afterAll(() => world.close());
const { iyzico, paytr, services, app, w, logLines } = world;
beforeEach(() => {
  Object.assign(iyzico.behaviour, { delayMs: 0, down: false, forgeSignature: false, wrongAmount: false });
  paytr.setDown(false);
});

const useProvider = (name: 'test' | 'iyzico' | 'paytr') => services.settings.set('payment_provider', name);
const general = (query: string) =>
  app.inject({ method: 'GET', url: `/api/front/payments/instalments?${query}` });
const forCard = (body: Record<string, unknown>, ip = '198.51.100.7') =>
  app.inject({
    method: 'POST',
    url: '/api/front/payments/instalments/card',
    headers: SAME_SITE,
    remoteAddress: ip,
    payload: body,
  });
const installmentCalls = () =>
  iyzico.received.filter((r) => r.path === '/payment/iyzipos/installment').length;
const rowsOf = (group: { rows: Array<{ count: number; totalMinor: number; monthlyMinor: number }> }) =>
  group.rows.map((r) => [r.count, r.totalMinor, r.monthlyMinor]);

describe('the instalment table from iyzico', () => {
  beforeAll(() => useProvider('iyzico'));

  it('answers a card by its BIN: its bank and programme, the single payment, then iyzico’s totals with interest', async () => {
    const res = await forCard({ bin: '55287900', amount: 104_000, single: 100_000 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const table = res.json();
    expect(table).toMatchObject({
      provider: 'iyzico',
      card: { bank: 'Halkbank', family: 'Paraf' },
      available: true,
      message: null,
    });
    expect(table.groups).toHaveLength(1);
    // Count 1 is the shop's single payment; the instalments are iyzico's for the instalment price (type 4).
    expect(rowsOf(table.groups[0]).slice(0, 3)).toEqual([
      [1, 100_000, 100_000],
      [2, 107_380, 53_690],
      [3, 108_420, 36_140],
    ]);
    expect(table.groups[0].rows.map((r: { count: number }) => r.count)).toEqual([1, 2, 3, 6, 9, 12]);
    const asked = iyzico.received.findLast((r) => r.path === '/payment/iyzipos/installment')!.body;
    expect(asked).toMatchObject({ binNumber: '552879', price: '1040.0' });
  });

  it('keeps a card’s table: the same BIN prefix and amount do not ask iyzico again', async () => {
    await forCard({ bin: '552879', amount: 77_700 });
    const before = installmentCalls();
    const again = await forCard({ bin: '552879', amount: 77_700 });
    expect(again.json().card).toEqual({ bank: 'Halkbank', family: 'Paraf' });
    expect(installmentCalls()).toBe(before);
    await forCard({ bin: '552879', amount: 77_800 });
    expect(installmentCalls()).toBe(before + 1);
  });

  it('gives a debit card its bank and the single payment only', async () => {
    const table = (await forCard({ bin: '476662', amount: 50_000 })).json();
    expect(table.card).toEqual({ bank: 'Denizbank', family: 'Bonus' });
    expect(table.groups.map(rowsOf)).toEqual([[[1, 50_000, 50_000]]]);
  });

  it('answers the general table per card programme before a card is typed, kept for later pages', async () => {
    const res = await general('amount=20000');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const table = res.json();
    expect(table.card).toBeNull();
    expect(table.groups.map((g: { family: string }) => g.family).sort()).toEqual(['Bonus', 'Paraf', 'World']);
    const worldCards = table.groups.find((g: { family: string }) => g.family === 'World');
    expect(rowsOf(worldCards)).toContainEqual([3, 20_900, 6_967]);
    const before = installmentCalls();
    await general('amount=20000');
    expect(installmentCalls()).toBe(before);
  });

  it('offers a single payment and says why in Turkish when iyzico is down, for a card and before one', async () => {
    iyzico.behaviour.down = true;
    const res = await forCard({ bin: '552879', amount: 12_345 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      available: false,
      message: 'Taksit seçenekleri şu anda ödeme sağlayıcısından alınamadı; tek çekim ödeyebilirsiniz.',
      groups: [{ rows: [{ count: 1, totalMinor: 12_345, monthlyMinor: 12_345 }] }],
    });
    const down = await general('amount=12345');
    expect(down.json()).toMatchObject({ available: false, groups: [{ rows: [{ count: 1 }] }] });
  });

  it('offers a single payment when iyzico is slow, without waiting for it', async () => {
    iyzico.behaviour.delayMs = 6_000;
    const res = await forCard({ bin: '552879', amount: 23_456 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ available: false, groups: [{ rows: [{ count: 1 }] }] });
  }, 20_000);

  it('never takes a card number: more than 8 digits is 400 with a Turkish message, logged nowhere', async () => {
    const res = await forCard({ bin: IYZICO_CARDS.success, amount: 10_000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'GECERSIZ_ISTEK',
      fields: { bin: 'Yalnızca kart numarasının ilk 6-8 hanesi gönderilmeli' },
    });
    expect(JSON.stringify(res.json())).not.toContain(IYZICO_CARDS.success);
    expect(logLines.join('\n')).not.toContain(IYZICO_CARDS.success);
    // Nor in an address: the general table takes no BIN at all.
    expect((await general(`amount=10000&bin=${IYZICO_CARDS.success}`)).json().card).toBeNull();
  });

  it.each([
    ['a BIN of five digits', { bin: '55287', amount: 10_000 }, 'bin'],
    ['a BIN with letters', { bin: '5528a9', amount: 10_000 }, 'bin'],
    ['no BIN', { amount: 10_000 }, 'bin'],
    ['no amount', { bin: '552879' }, 'amount'],
    ['an amount of zero', { bin: '552879', amount: 0 }, 'amount'],
    ['an amount in lira with decimals', { bin: '552879', amount: 100.5 }, 'amount'],
    ['an amount over 50 000 000 TL', { bin: '552879', amount: 5_000_000_001 }, 'amount'],
    ['a single payment that is not a number', { bin: '552879', amount: 10_000, single: 'bir' }, 'single'],
  ])('refuses %s with 400 GECERSIZ_ISTEK naming the field', async (_name, body, field) => {
    const res = await forCard(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it('refuses a general table without an amount, or with a negative one', async () => {
    for (const query of ['', 'amount=-5', 'amount=abc']) {
      const res = await general(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('amount');
    }
  });

  it('limits card lookups per address (429 COK_FAZLA_ISTEK): no oracle to hammer iyzico with', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++)
      last = (await forCard({ bin: '552879', amount: 10_000 }, '198.51.100.99')).statusCode;
    expect(last).toBe(429);
  });
});

describe('the count chosen with the card is the order’s', () => {
  beforeAll(() => useProvider('iyzico'));

  const token = (orderNo: string) => services.orders.accessToken(orderNo);
  const cardFields = (orderNo: string, instalments: string) => ({
    order: orderNo,
    token: token(orderNo),
    cardNumber: IYZICO_CARDS.success,
    holder: 'AYŞE YILMAZ',
    expiryMonth: '12',
    expiryYear: '2030',
    cvc: '123',
    instalments,
  });
  /** The /secure-pay card form as the page posts it (a plain form). */
  const postCard = (orderNo: string, instalments: string) =>
    app.inject({
      method: 'POST',
      url: '/secure-pay/bank',
      headers: { ...FORM, ...SAME_SITE },
      payload: new URLSearchParams(cardFields(orderNo, instalments)).toString(),
    });
  const orderRow = async (id: number) =>
    (await services.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('charges the chosen count at iyzico’s total and shows count and total on the order', async () => {
    const placed = await w.placeOrder({ paymentMethod: 'card' });
    // Placed with the shop's instalment price for 6; the card's table offers 3 too.
    await services.database.db.update(orders).set({ instalments: 6 }).where(eq(orders.id, placed.id));
    const page = await postCard(placed.orderNo, '3');
    expect(page.statusCode).toBe(200);
    const total = (await orderRow(placed.id)).totalMinor;
    const init = iyzico.received.findLast((r) => r.path === '/payment/3dsecure/initialize')!.body;
    expect(init).toMatchObject({ installment: 3 });
    expect(await orderRow(placed.id)).toMatchObject({ instalments: 3 });
    const { url, fields } = iyzico.callbackFields(iyzico.lastPaymentId(), IYZICO_3DS_CODE);
    const target = new URL(url);
    const back = await app.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...FORM, 'sec-fetch-site': 'cross-site' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(back.statusCode).toBe(303);
    const paidTotal = Math.round(total * 1.0425);
    const [attempt] = await services.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, placed.id))
      .orderBy(desc(payments.id));
    expect(attempt).toMatchObject({ status: 'succeeded', instalments: 3, paidTotalMinor: paidTotal });
    const detail = await services.orders.detail(placed.orderNo, { token: token(placed.orderNo) });
    expect(detail.instalments).toBe(3);
    expect(detail.lastPayment).toMatchObject({ provider: 'iyzico', paidTotalMinor: paidTotal });
  });

  it('refuses instalments for an order priced for a single payment, in Turkish, and starts nothing', async () => {
    const placed = await w.placeOrder({ paymentMethod: 'card' });
    const before = iyzico.received.length;
    const page = await postCard(placed.orderNo, '3');
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toContain('hata=GECERSIZ_ISTEK');
    expect(iyzico.received.length).toBe(before);
    expect(await orderRow(placed.id)).toMatchObject({ instalments: 1, status: 0 });
    await expect(services.payments.payByCard(cardFields(placed.orderNo, '3'), null)).rejects.toMatchObject({
      code: 'GECERSIZ_ISTEK',
      fields: {
        instalments:
          'Bu sipariş tek çekim fiyatıyla verildi; taksitle ödemek için siparişi taksit seçerek verin.',
      },
    });
  });

  it('refuses a count the shop does not offer, naming the field', async () => {
    const placed = await w.placeOrder({ paymentMethod: 'card' });
    await expect(services.payments.payByCard(cardFields(placed.orderNo, '5'), null)).rejects.toMatchObject({
      code: 'GECERSIZ_ISTEK',
      fields: { instalments: 'Taksit sayısı 1, 2, 3, 6, 9 ya da 12 olabilir' },
    });
  });
});

describe('the instalment table from PayTR', () => {
  beforeAll(() => useProvider('paytr'));

  it('answers a card by its BIN with its programme’s rates, and the general table per programme', async () => {
    const card = (await forCard({ bin: '54066754', amount: 20_000 })).json();
    expect(card).toMatchObject({ provider: 'paytr', card: { family: 'Bonus' }, available: true });
    expect(card.groups[0].rows.map((r: { count: number }) => r.count)).toEqual([1, 2, 3, 6]);
    expect(card.groups[0].rows[2]).toEqual({ count: 3, totalMinor: 20_900, monthlyMinor: 6_966 });
    const table = (await general('amount=20000')).json();
    expect(table.groups.length).toBeGreaterThan(1);
    expect(table.groups.every((g: { family: string | null }) => g.family)).toBe(true);
  });
});

describe('the instalment table of the test bank', () => {
  beforeAll(() => useProvider('test'));

  it('is today’s interest-free table of the shop’s counts, through the same route', async () => {
    const table = (await general('amount=12000&single=10000')).json();
    expect(table).toMatchObject({ provider: 'test', card: null, available: true });
    expect(table.groups).toEqual([
      {
        bank: null,
        family: null,
        rows: [
          { count: 1, totalMinor: 10_000, monthlyMinor: 10_000 },
          { count: 2, totalMinor: 12_000, monthlyMinor: 6_000 },
          { count: 3, totalMinor: 12_000, monthlyMinor: 4_000 },
          { count: 6, totalMinor: 12_000, monthlyMinor: 2_000 },
          { count: 9, totalMinor: 12_000, monthlyMinor: 1_333 },
          { count: 12, totalMinor: 12_000, monthlyMinor: 1_000 },
        ],
      },
    ]);
    const card = (await forCard({ bin: '424242', amount: 12_000, single: 10_000 })).json();
    expect(card.card).toEqual({ bank: null, family: null });
    expect(card.groups[0].rows).toHaveLength(6);
  });
});
