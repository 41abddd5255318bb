import {
  auditLog,
  orderItems,
  orders,
  paymentRefunds,
  payments,
  stockMovements,
} from '@vitrin/core/db/schema';
import { IYZICO_3DS_CODE, IYZICO_CARDS } from '@vitrin/testing/iyzico-server';
import { PAYTR_CARDS } from '@vitrin/testing/paytr-server';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from '../../../../test/accounts.ts';
import { notifyShop, openCardWorld } from '../../../../test/card-contracts.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

/**
 * Card refunds of chosen lines from the panel, against the iyzico and PayTR contract servers: the amount,
 * the stock, the history and the audit; each way the request can be wrong; and "refunded once" whatever
 * happens (a double click, a lost answer and a retry, two staff members at once, the provider down).
 */
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const world = await openCardWorld();
afterAll(() => world.close());
const { iyzico, paytr, services, app, w } = world;
paytr.setNotify(notifyShop(app));

let owner: Browser;
let manager: Browser;
let support: Browser;
beforeAll(async () => {
  owner = (await loggedInStaff(app, services, 'owner')).b;
  manager = (await loggedInStaff(app, services, 'manager')).b;
  support = (await loggedInStaff(app, services, 'support')).b;
});
beforeEach(() => {
  Object.assign(iyzico.behaviour, { down: false, loseAnswers: [] });
  paytr.setDown(false);
});

const token = (orderNo: string) => services.orders.accessToken(orderNo);
let keys = 0;
const newKey = () => `panel-refund-key-${++keys}-${Date.now()}`;

/** A card order of two lines (2 cups, 3 plates) paid through iyzico's bank page and callback. */
async function paidWithIyzico() {
  await services.settings.set('payment_provider', 'iyzico');
  const placed = await w.placeOrder({
    paymentMethod: 'card',
    lines: [
      { kind: 'single', quantity: 2 },
      { kind: 'variant', quantity: 3 },
    ],
  });
  await app.inject({
    method: 'POST',
    url: '/secure-pay/bank',
    headers: { ...FORM, 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({
      order: placed.orderNo,
      token: token(placed.orderNo),
      cardNumber: IYZICO_CARDS.success,
      holder: 'AYŞE YILMAZ',
      expiryMonth: '12',
      expiryYear: '2030',
      cvc: '123',
    }).toString(),
  });
  const { url, fields } = iyzico.callbackFields(iyzico.lastPaymentId(), IYZICO_3DS_CODE);
  const target = new URL(url);
  await app.inject({
    method: 'POST',
    url: `${target.pathname}${target.search}`,
    headers: { ...FORM, 'sec-fetch-site': 'cross-site', origin: 'https://bank.example' },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(await w.order(placed.id)).toMatchObject({ paymentStatus: 'paid' });
  return { ...placed, items: await itemsOf(placed.id) };
}

/** The same order paid through PayTR's hosted form and its notification. */
async function paidWithPaytr() {
  await services.settings.set('payment_provider', 'paytr');
  const placed = await w.placeOrder({
    paymentMethod: 'card',
    lines: [
      { kind: 'single', quantity: 2 },
      { kind: 'variant', quantity: 3 },
    ],
  });
  const step = await services.payments.payByCard(
    { order: placed.orderNo, token: token(placed.orderNo) },
    null,
    {
      ip: '203.0.113.9',
    },
  );
  if (step.kind !== 'iframe') throw new Error('expected PayTR’s form');
  await paytr.settle(paytr.tokenOf(step.url), { card: PAYTR_CARDS.success });
  expect(await w.order(placed.id)).toMatchObject({ paymentStatus: 'paid' });
  return { ...placed, oid: paytr.tokenRequests.at(-1)!.merchant_oid!, items: await itemsOf(placed.id) };
}

const itemsOf = (orderId: number) =>
  services.database.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
const refundRows = (orderId: number) =>
  services.database.db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.orderId, orderId))
    .orderBy(asc(paymentRefunds.id));
const attemptOf = async (orderId: number) =>
  (
    await services.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
  )[0]!;
const iyzicoCalls = (path: string) => iyzico.received.filter((r) => r.path === path).length;
const refundPost = (b: Browser, orderNo: string, body: object) =>
  b.post(`/api/admin/orders/${orderNo}/refunds`, body);

describe('refunding chosen lines of a card order from the panel', () => {
  it('refunds one unit of a line through iyzico: its transaction, the amount, stock back, history and audit', async () => {
    const { id, orderNo, items } = await paidWithIyzico();
    const cup = items[0]!;
    const view = (await owner.get(`/api/admin/orders/${orderNo}/refunds`)).json();
    expect(view).toMatchObject({ available: true, reason: null, provider: 'iyzico' });
    expect(view.lines[0]).toMatchObject({
      itemId: cup.id,
      quantity: 2,
      refundedQuantity: 0,
      amountMinor: 20_000,
    });
    const stockBefore = (await w.stock()).single!;

    const res = await refundPost(owner, orderNo, { key: newKey(), lines: [{ itemId: cup.id, quantity: 1 }] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const after = res.json();
    expect(after.lines[0]).toMatchObject({ refundedQuantity: 1, refundedMinor: 10_000 });
    expect(after.refunds).toEqual([
      expect.objectContaining({
        kind: 'lines',
        amountMinor: 10_000,
        status: 'succeeded',
        providerRef: expect.any(String),
      }),
    ]);
    // iyzico was asked per line transaction, for 100 TL, with our refund's reference.
    const call = iyzico.received.findLast((r) => r.path === '/payment/refund')!.body;
    const attempt = await attemptOf(id);
    expect(call).toMatchObject({
      paymentTransactionId: attempt.lineRefs![String(cup.id)],
      price: '100.0',
      conversationId: `${after.refunds[0].reference}-1`,
    });
    expect(attempt.refundedMinor).toBe(10_000);
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'paid' });
    // The unit's stock is back, recorded as a return.
    expect((await w.stock()).single).toBe(stockBefore + 1);
    const movement = (
      await services.database.db.select().from(stockMovements).where(eq(stockMovements.orderId, id))
    ).at(-1)!;
    expect(movement).toMatchObject({ reason: 'iade', change: 1 });
    expect((await itemsOf(id))[0]!.refundedQuantity).toBe(1);
    const note = (await w.history(id)).at(-1)!.note;
    expect(note).toContain('Kart iadesi');
    expect(note).toContain(after.refunds[0].providerRef);
    const audit = await services.database.db.select().from(auditLog).where(eq(auditLog.entityId, orderNo));
    expect(audit.at(-1)).toMatchObject({ action: 'order.refund', actorKind: 'staff' });

    // Cancelling the order later gives back the rest only: stock of the units still held, money still paid.
    await services.orders.changeStatus(id, 6, { actor: 'operator' });
    await services.payments.refundDue();
    expect((await w.stock()).single).toBe(stockBefore + 2);
    const total = (await w.order(id)).totalMinor;
    const [payment] = await w.payments(id);
    expect(payment).toMatchObject({ status: 'refunded', refundedMinor: total });
  });

  it('refunds a PayTR order by amount with our reference_no, and notes PayTR’s reference', async () => {
    const { id, orderNo, oid, items } = await paidWithPaytr();
    const plate = items[1]!;
    const res = await refundPost(manager, orderNo, {
      key: newKey(),
      lines: [{ itemId: plate.id, quantity: 3 }],
    });
    expect(res.statusCode).toBe(200);
    const refund = res.json().refunds[0];
    expect(refund).toMatchObject({ amountMinor: 30_000, status: 'succeeded', providerRef: refund.reference });
    expect(paytr.refunds.at(-1)).toMatchObject({
      merchant_oid: oid,
      return_amount: '300.00',
      reference_no: refund.reference,
    });
    expect((await w.history(id)).at(-1)!.note).toContain(refund.reference);
    // The whole line is refunded: asking for it again is refused in Turkish.
    const again = await refundPost(manager, orderNo, {
      key: newKey(),
      lines: [{ itemId: plate.id, quantity: 1 }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'IADE_EDILDI',
      message: expect.stringContaining('daha önce iade'),
    });
  });

  it('refuses more units than are left of a line, naming the field, and refunds nothing', async () => {
    const { id, orderNo, items } = await paidWithIyzico();
    const before = iyzicoCalls('/payment/refund');
    const res = await refundPost(owner, orderNo, {
      key: newKey(),
      lines: [{ itemId: items[0]!.id, quantity: 3 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'IADE_FAZLA',
      message: expect.stringContaining('en çok 2 adet'),
      fields: { 'lines.0.quantity': 'En çok 2 adet' },
    });
    expect(iyzicoCalls('/payment/refund')).toBe(before);
    expect(await refundRows(id)).toEqual([]);
  });

  it('refuses a line of another order, a line chosen twice, and malformed requests, each with a Turkish reason', async () => {
    const { orderNo, items } = await paidWithIyzico();
    const other = await paidWithIyzico();
    const cases: Array<[object, string]> = [
      [{ key: newKey(), lines: [{ itemId: other.items[0]!.id, quantity: 1 }] }, 'lines.0.itemId'],
      [
        {
          key: newKey(),
          lines: [
            { itemId: items[0]!.id, quantity: 1 },
            { itemId: items[0]!.id, quantity: 1 },
          ],
        },
        'lines.1.itemId',
      ],
      [{ key: newKey(), lines: [] }, 'lines'],
      [{ key: newKey(), lines: [{ itemId: items[0]!.id, quantity: 0 }] }, 'lines.0.quantity'],
      [{ key: newKey(), lines: [{ itemId: items[0]!.id, quantity: 1.5 }] }, 'lines.0.quantity'],
      [{ key: 'kisa', lines: [{ itemId: items[0]!.id, quantity: 1 }] }, 'key'],
      [{ lines: [{ itemId: items[0]!.id, quantity: 1 }] }, 'key'],
    ];
    for (const [body, field] of cases) {
      const res = await refundPost(owner, orderNo, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
      expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    }
  });

  it('refuses an order not paid by card, an unpaid card order and an unknown order', async () => {
    const transfer = await w.placeOrder({ paymentMethod: 'transfer' });
    const unpaid = await w.placeOrder({ paymentMethod: 'card' });
    for (const placed of [transfer, unpaid]) {
      const [item] = await itemsOf(placed.id);
      const res = await refundPost(owner, placed.orderNo, {
        key: newKey(),
        lines: [{ itemId: item!.id, quantity: 1 }],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('IADE_YAPILAMAZ');
      const view = (await owner.get(`/api/admin/orders/${placed.orderNo}/refunds`)).json();
      expect(view).toMatchObject({ available: false, reason: expect.any(String) });
    }
    const missing = await refundPost(owner, 'VT0000000000', {
      key: newKey(),
      lines: [{ itemId: 1, quantity: 1 }],
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lets support read the refunds but not make one (403), as for other order changes', async () => {
    const { orderNo, items } = await paidWithIyzico();
    expect((await support.get(`/api/admin/orders/${orderNo}/refunds`)).statusCode).toBe(200);
    const res = await refundPost(support, orderNo, {
      key: newKey(),
      lines: [{ itemId: items[0]!.id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('YETKI_YOK');
  });

  it('says the provider refused in Turkish, and keeps the line refundable', async () => {
    const { id, orderNo, items } = await paidWithIyzico();
    // iyzico no longer knows the line's transaction (as after a refund made in its own panel).
    const attempt = await attemptOf(id);
    await services.database.db
      .update(payments)
      .set({ lineRefs: { ...attempt.lineRefs, [String(items[0]!.id)]: '999999' } })
      .where(eq(payments.id, attempt.id));
    const res = await refundPost(owner, orderNo, {
      key: newKey(),
      lines: [{ itemId: items[0]!.id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'IADE_REDDEDILDI',
      message: expect.stringContaining('kabul etmedi'),
    });
    const view = (await owner.get(`/api/admin/orders/${orderNo}/refunds`)).json();
    expect(view.lines[0]).toMatchObject({ refundedQuantity: 0 });
    expect(view.refunds[0]).toMatchObject({
      status: 'failed',
      failureReason: expect.stringContaining('5092'),
    });
  });
});

describe('a refund is made once', () => {
  it('a double click (the same key twice at once) refunds once and answers both', async () => {
    const { id, orderNo, items } = await paidWithIyzico();
    const before = iyzicoCalls('/payment/refund');
    const body = { key: newKey(), lines: [{ itemId: items[0]!.id, quantity: 1 }] };
    const answers = await Promise.all([refundPost(owner, orderNo, body), refundPost(owner, orderNo, body)]);
    expect(iyzicoCalls('/payment/refund')).toBe(before + 1);
    expect(await refundRows(id)).toHaveLength(1);
    expect((await attemptOf(id)).refundedMinor).toBe(10_000);
    // One answered the refund; the other the same refund, or that it is under way.
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    // Sent again later, the same key answers the refund made, asking iyzico nothing.
    const later = await refundPost(owner, orderNo, body);
    expect(later.statusCode).toBe(200);
    expect(iyzicoCalls('/payment/refund')).toBe(before + 1);
  });

  it('iyzico: a lost answer is looked up in iyzico’s report before anything is asked again', async () => {
    const { id, orderNo, items } = await paidWithIyzico();
    const body = { key: newKey(), lines: [{ itemId: items[1]!.id, quantity: 2 }] };
    iyzico.behaviour.loseAnswers = ['/payment/refund'];
    const first = await refundPost(owner, orderNo, body);
    expect(first.statusCode).toBe(409);
    expect(first.json().error).toMatchObject({
      code: 'IADE_SONUCU_BEKLENIYOR',
      message: expect.stringContaining('iki kez'),
    });
    // iyzico made it; the shop does not know yet: the units stay reserved, nothing counted.
    expect(iyzico.payments.get(iyzico.lastPaymentId())!.refunded).toBe(200);
    expect((await attemptOf(id)).refundedMinor).toBe(0);
    // The owner presses again: the report shows the refund, it is counted, iyzico is not asked to refund again.
    const refundsBefore = iyzicoCalls('/payment/refund');
    const again = await refundPost(owner, orderNo, body);
    expect(again.statusCode).toBe(200);
    expect(iyzicoCalls('/payment/refund')).toBe(refundsBefore);
    expect(iyzicoCalls('/v2/reporting/payment/details')).toBeGreaterThan(0);
    expect(iyzico.payments.get(iyzico.lastPaymentId())!.refunded).toBe(200);
    expect((await attemptOf(id)).refundedMinor).toBe(20_000);
    expect(again.json().refunds).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });

  it('PayTR: a lost answer is settled by the minute’s round through the status query, refunded once', async () => {
    const { id, orderNo, items } = await paidWithPaytr();
    paytr.loseAnswerOf('/odeme/iade');
    const res = await refundPost(owner, orderNo, {
      key: newKey(),
      lines: [{ itemId: items[0]!.id, quantity: 2 }],
    });
    expect(res.statusCode).toBe(409);
    const made = paytr.refunds.length;
    // The claim of the request is released at once; the round finds the refund in PayTR's returns.
    await services.payments.refundDue();
    expect(paytr.refunds.length).toBe(made);
    expect(await refundRows(id)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect((await w.order(id)).paymentStatus).toBe('paid');
    expect((await itemsOf(id))[0]!.refundedQuantity).toBe(2);
  });

  it('a refund the provider never received is asked again after the lookup, once', async () => {
    const { id, orderNo, items } = await paidWithPaytr();
    paytr.setDown(true);
    const body = { key: newKey(), lines: [{ itemId: items[0]!.id, quantity: 1 }] };
    const res = await refundPost(owner, orderNo, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('IADE_SONUCU_BEKLENIYOR');
    // While PayTR cannot be asked, the round leaves it pending.
    await services.payments.refundDue();
    expect((await refundRows(id))[0]).toMatchObject({ status: 'pending' });
    paytr.setDown(false);
    const made = paytr.refunds.length;
    expect((await refundPost(owner, orderNo, body)).statusCode).toBe(200);
    expect(paytr.refunds.length).toBe(made + 1);
  });

  it('two staff members refunding the same line at once: one refund, the other told it is taken', async () => {
    const { id, orderNo, items } = await paidWithIyzico();
    const line = { itemId: items[0]!.id, quantity: 2 };
    const answers = await Promise.all([
      refundPost(owner, orderNo, { key: newKey(), lines: [line] }),
      refundPost(manager, orderNo, { key: newKey(), lines: [line] }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!.json().error;
    expect(['IADE_EDILDI', 'IADE_FAZLA']).toContain(refused.code);
    expect((await attemptOf(id)).refundedMinor).toBe(20_000);
    expect(await refundRows(id)).toHaveLength(1);
  });

  it('a cancellation refund whose answer was lost is looked up, not asked twice', async () => {
    const { id } = await paidWithIyzico();
    // An earlier day: a refund, not a same-day cancel.
    await services.database.db
      .update(payments)
      .set({ completedAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(and(eq(payments.orderId, id), eq(payments.status, 'succeeded')));
    iyzico.behaviour.loseAnswers = ['/v2/payment/refund'];
    await services.orders.changeStatus(id, 6, { actor: 'operator' });
    await services.payments.refundDue();
    expect((await w.order(id)).paymentStatus).toBe('refund_pending');
    const before = iyzicoCalls('/v2/payment/refund');
    await services.payments.refundDue();
    expect(iyzicoCalls('/v2/payment/refund')).toBe(before);
    expect(await w.order(id)).toMatchObject({ paymentStatus: 'refunded' });
    const total = (await services.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.totalMinor;
    expect(iyzico.payments.get(iyzico.lastPaymentId())!.refunded * 100).toBe(total);
  });
});
