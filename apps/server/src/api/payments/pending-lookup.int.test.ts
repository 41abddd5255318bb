import { payments } from '@vitrin/core/db/schema';
import { IYZICO_3DS_CODE, IYZICO_CARDS } from '@vitrin/testing/iyzico-server';
import { PAYTR_CARDS } from '@vitrin/testing/paytr-server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifyShop, openCardWorld } from '../../../test/card-contracts.ts';

/**
 * Card attempts whose result never came back (iyzico's auth answer lost, PayTR's notification not
 * delivered) are settled by looking them up at the provider: when the shopper comes back to the payment
 * page and in the minute's round. Real adapters against the contract servers, on the test's database.
 */
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const world = await openCardWorld();
afterAll(() => world.close());
const { iyzico, paytr, services, app, w } = world;

const token = (orderNo: string) => services.orders.accessToken(orderNo);
const session = (orderNo: string) =>
  services.payments.session({ order: orderNo, token: token(orderNo) }, null);
/** The order's newest payment attempt. */
const lastAttempt = async (orderId: number) => (await w.payments(orderId)).at(-1)!;
/** The attempt began `minutes` ago (the provider's time for it is then over or not). */
const ageAttempt = (orderId: number, minutes: number) =>
  services.database.db
    .update(payments)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(payments.orderId, orderId));

describe('iyzico: an attempt whose auth answer was lost, looked up with Ödeme Sorgulama', () => {
  beforeAll(async () => {
    await services.settings.set('payment_provider', 'iyzico');
  });
  beforeEach(() => {
    Object.assign(iyzico.behaviour, { delayMs: 0, down: false, forgeSignature: false, loseAnswers: [] });
  });

  /** The card form, then the bank's page posting the shopper back with `code` (null: not posted back). */
  async function payAtBank(code: string | null, options: { loseAuth?: boolean } = {}) {
    const placed = await w.placeOrder({ paymentMethod: 'card' });
    const page = await app.inject({
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
    expect(page.statusCode).toBe(200);
    const paymentId = iyzico.lastPaymentId();
    if (options.loseAuth) iyzico.behaviour.loseAnswers.push('/payment/3dsecure/auth');
    const back = code === null ? null : await postCallback(paymentId, code);
    return { ...placed, paymentId, back };
  }
  const postCallback = (paymentId: string, code: string) => {
    const { url, fields } = iyzico.callbackFields(paymentId, code);
    const target = new URL(url);
    return app.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...FORM, 'sec-fetch-site': 'cross-site', origin: 'https://bank.example' },
      payload: new URLSearchParams(fields).toString(),
    });
  };
  const authCalls = (paymentId: string) =>
    iyzico.received.filter((r) => r.path === '/payment/3dsecure/auth' && r.body.paymentId === paymentId)
      .length;

  it('finds the payment made when the shopper is back on /secure-pay: the order is paid once, with its lines', async () => {
    const { id, orderNo, paymentId, back } = await payAtBank(IYZICO_3DS_CODE, { loseAuth: true });
    // The money was taken, but the answer never came: the shopper is sent back with the provider error.
    expect(back!.statusCode).toBe(303);
    expect(back!.headers.location).toContain('hata=ODEME_SAGLAYICISI_HATASI');
    expect(await lastAttempt(id)).toMatchObject({ status: 'pending', claimedUntil: null });
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'pending' });

    expect(await session(orderNo)).toMatchObject({ paymentStatus: 'paid', payable: false });
    const attempt = await lastAttempt(id);
    expect(attempt).toMatchObject({ status: 'succeeded', providerPaymentId: paymentId, cardLast4: '0008' });
    expect(Object.keys(attempt.lineRefs ?? {}).length).toBeGreaterThan(0);
    const detail = iyzico.received.findLast((r) => r.path === '/payment/detail')!.body;
    expect(detail).toMatchObject({ paymentConversationId: attempt.reference });

    // Neither the round nor the bank's post arriving again pays it twice, or asks auth again.
    expect(await services.payments.settlePending(0)).toBe(0);
    await postCallback(paymentId, IYZICO_3DS_CODE);
    expect(authCalls(paymentId)).toBe(1);
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'paid' });
    expect((await w.payments(id)).map((p) => p.status)).toEqual(['succeeded']);
  });

  it('pays the order when the bank posts again before any lookup: auth refuses a completed payment, its record says paid', async () => {
    const { id, paymentId } = await payAtBank(IYZICO_3DS_CODE, { loseAuth: true });
    expect(await lastAttempt(id)).toMatchObject({ status: 'pending' });
    // The shopper reloads the bank's last page: the same post again, and auth answers "already completed".
    const again = await postCallback(paymentId, IYZICO_3DS_CODE);
    expect(authCalls(paymentId)).toBe(2);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).not.toContain('hata=');
    expect(await lastAttempt(id)).toMatchObject({ status: 'succeeded', providerPaymentId: paymentId });
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'paid' });
    expect((await w.payments(id)).map((p) => p.status)).toEqual(['succeeded']);
  });

  it('keeps the attempt pending while iyzico cannot be asked, and settles it in the next round', async () => {
    const { id } = await payAtBank(IYZICO_3DS_CODE, { loseAuth: true });
    iyzico.behaviour.down = true;
    expect(await services.payments.settlePending(0)).toBe(0);
    expect(await lastAttempt(id)).toMatchObject({ status: 'pending', claimedUntil: null });
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'pending' });

    iyzico.behaviour.down = false;
    expect(await services.payments.settlePending(0)).toBeGreaterThanOrEqual(1);
    expect(await lastAttempt(id)).toMatchObject({ status: 'succeeded' });
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'paid' });
  });

  it('leaves a young attempt with no payment at iyzico pending, and fails it after iyzico’s time: payable again', async () => {
    // The shopper left the bank's page: no callback, nothing taken.
    const { id, orderNo, paymentId } = await payAtBank(null);
    await services.payments.settlePending(0);
    expect(await lastAttempt(id)).toMatchObject({ status: 'pending' });

    await ageAttempt(id, 20);
    await services.payments.settlePending(0);
    expect(await lastAttempt(id)).toMatchObject({ status: 'failed', failureCode: 'ODEME_SONUCU_ALINAMADI' });
    expect(await w.order(id)).toMatchObject({ status: 7 });
    const page = await session(orderNo);
    expect(page).toMatchObject({ payable: true, verifying: false });
    expect(page.lastFailure).toMatchObject({ code: 'ODEME_SONUCU_ALINAMADI' });
    expect(page.lastFailure!.message).toMatch(/tekrar deneyin/);

    // The bank's post arriving after that asks nothing and changes nothing.
    await postCallback(paymentId, IYZICO_3DS_CODE);
    expect(authCalls(paymentId)).toBe(0);
    expect(await w.order(id)).toMatchObject({ status: 7 });
  });
});

describe('PayTR: an attempt whose notification did not arrive, looked up with the status query', () => {
  /** Notifications PayTR sends while this is on get no answer (the shop unreachable). */
  let dropping = false;
  beforeAll(async () => {
    await services.settings.set('payment_provider', 'paytr');
    const deliver = notifyShop(app);
    paytr.setNotify(async (fields) => (dropping ? { status: 502, body: '' } : deliver(fields)));
  });
  beforeEach(() => {
    dropping = false;
    paytr.setDown(false);
  });

  async function begin(orderNo: string) {
    const step = await services.payments.payByCard({ order: orderNo, token: token(orderNo) }, null);
    if (step.kind !== 'iframe') throw new Error(`expected PayTR's iframe, got ${step.kind}`);
    return { token: paytr.tokenOf(step.url), oid: paytr.tokenRequests.at(-1)!.merchant_oid! };
  }

  it('finds the payment when the shopper is back; the notification arriving later changes nothing', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const started = await begin(orderNo);
    dropping = true;
    await paytr.settle(started.token, { card: PAYTR_CARDS.success });
    expect(await lastAttempt(id)).toMatchObject({ status: 'pending' });

    expect(await session(orderNo)).toMatchObject({ paymentStatus: 'paid', payable: false, verifying: false });
    expect(await lastAttempt(id)).toMatchObject({
      status: 'succeeded',
      providerPaymentId: started.oid,
      paidTotalMinor: (await w.order(id)).totalMinor,
    });
    dropping = false;
    expect(await paytr.resend(started.oid)).toMatchObject({ status: 200, body: 'OK' });
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'paid' });
    expect((await w.payments(id)).map((p) => p.status)).toEqual(['succeeded']);
  });

  it('keeps the attempt pending while PayTR is down, then settles it in the next round', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const started = await begin(orderNo);
    dropping = true;
    await paytr.settle(started.token, { card: PAYTR_CARDS.success });
    paytr.setDown(true);
    expect(await services.payments.settlePending(0)).toBe(0);
    expect(await lastAttempt(id)).toMatchObject({ status: 'pending', claimedUntil: null });
    // The payment page keeps waiting rather than offering to pay again.
    expect(await session(orderNo)).toMatchObject({ paymentStatus: 'pending', verifying: true });

    paytr.setDown(false);
    expect(await services.payments.settlePending(0)).toBeGreaterThanOrEqual(1);
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'paid' });
  });

  it('fails an attempt PayTR has no payment for once its form’s time is over: payable again, in Turkish', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    await begin(orderNo);
    // The shopper closed PayTR's form. Within its time the attempt is still waited for.
    await services.payments.settlePending(0);
    expect(await lastAttempt(id)).toMatchObject({ status: 'pending' });

    await ageAttempt(id, 40);
    await services.payments.settlePending(0);
    expect(await lastAttempt(id)).toMatchObject({ status: 'failed', failureCode: 'ODEME_SONUCU_ALINAMADI' });
    expect(await w.order(id)).toMatchObject({ status: 7 });
    const page = await session(orderNo);
    expect(page).toMatchObject({ payable: true, verifying: false });
    expect(page.lastFailure!.message).toMatch(/tekrar deneyin/);
  });

  it('gives back a payment PayTR reports after the attempt was failed for its time', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const started = await begin(orderNo);
    await ageAttempt(id, 40);
    await services.payments.settlePending(0);
    expect(await lastAttempt(id)).toMatchObject({ status: 'failed' });
    // Paid at the last moment: the notification comes after the attempt was failed.
    await paytr.settle(started.token, { card: PAYTR_CARDS.success });
    await services.payments.refundDue();
    expect(paytr.refunds.filter((r) => r.merchant_oid === started.oid)).toHaveLength(1);
    expect(await lastAttempt(id)).toMatchObject({ status: 'refunded' });
    expect(await w.order(id)).toMatchObject({ status: 7 });
  });
});
