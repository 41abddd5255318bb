import { mailQueue, orderHistory, orders, payments } from '@vitrin/core/db/schema';
import { notifyHash, paytrOrderId } from '@vitrin/core/payments/paytr/signing';
import { PAYTR_CARDS } from '@vitrin/testing/paytr-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyShop, openCardWorld } from '../../../test/card-contracts.ts';
import { loggedInStaff } from '../../../test/staff.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const world = await openCardWorld();
afterAll(() => world.close());
const { paytr, services, app, w, logLines } = world;
paytr.setNotify(notifyShop(app));
beforeAll(() => services.settings.set('payment_provider', 'paytr'));

const token = (orderNo: string) => services.orders.accessToken(orderNo);
/** The e-mails queued about an order (the shop's own queue: what shoppers are sent). */
const mailsAbout = async (orderNo: string) =>
  (await services.database.db.select().from(mailQueue).orderBy(mailQueue.id))
    .filter((m) => m.subject.includes(orderNo))
    .map(({ id, kind, toAddress, subject }) => ({ id, kind, toAddress, subject }));

/** The shopper presses "pay" on /secure-pay: only the order and its link's token go to the shop. */
async function begin(orderNo: string) {
  const step = await services.payments.payByCard({ order: orderNo, token: token(orderNo) }, null, {
    ip: '203.0.113.9',
  });
  if (step.kind !== 'iframe') throw new Error(`expected PayTR's iframe, got ${step.kind}`);
  return { url: step.url, token: paytr.tokenOf(step.url), oid: paytr.tokenRequests.at(-1)!.merchant_oid! };
}

const notifyRaw = (payload: string, headers: Record<string, string> = FORM) =>
  app.inject({ method: 'POST', url: '/api/payments/paytr/notify', headers, payload });

describe('PayTR card payment through the hosted form and the notification', () => {
  it('marks the order paid once PayTR’s signed notification arrives, answering OK', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const started = await begin(orderNo);
    expect(started.url).toMatch(new RegExp(`^${paytr.url}/odeme/guvenli/[0-9a-f]+$`));
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'pending' });

    const settled = await paytr.settle(started.token, { card: PAYTR_CARDS.success });
    expect(settled!.notified).toMatchObject({ status: 200, body: 'OK' });
    expect(settled!.redirect).toContain(`/secure-pay?order=${orderNo}`);
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'paid', paymentDueAt: null });
    expect(await w.payments(id)).toEqual([
      expect.objectContaining({
        provider: 'paytr',
        status: 'succeeded',
        amountMinor: 20_000,
        paidTotalMinor: 20_000,
        providerPaymentId: started.oid,
      }),
    ]);
  });

  it('fails the order to Ödeme Başarısız (0 → 7) on a declined card, releasing its stock', async () => {
    const before = await w.stock();
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const started = await begin(orderNo);
    const settled = await paytr.settle(started.token, { card: PAYTR_CARDS.declined });
    expect(settled!.notified).toMatchObject({ status: 200, body: 'OK' });
    expect(await w.order(id)).toMatchObject({ status: 7, paymentStatus: 'failed' });
    expect((await w.history(id)).at(-1)).toMatchObject({ from: 0, to: 7, actor: 'payment' });
    expect((await w.payments(id))[0]).toMatchObject({ status: 'failed', failureCode: 'KART_REDDEDILDI' });
    expect(await w.stock()).toEqual(before);
  });

  it('answers OK to a repeated notification and changes nothing: paid once, one confirmation', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const started = await begin(orderNo);
    await paytr.settle(started.token, { card: PAYTR_CARDS.success });
    const history = await w.history(id);
    const mails = await mailsAbout(orderNo);
    expect(mails.length).toBeGreaterThan(0);
    const again = await paytr.resend(started.oid);
    expect(again).toMatchObject({ status: 200, body: 'OK' });
    expect(await paytr.resend(started.oid)).toMatchObject({ status: 200, body: 'OK' });
    expect(await w.history(id)).toEqual(history);
    expect(await w.payments(id)).toHaveLength(1);
    expect(await mailsAbout(orderNo)).toEqual(mails);
  });

  it('takes a failed order back to Sipariş Alındı when the shopper pays again', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    await paytr.settle((await begin(orderNo)).token, { card: PAYTR_CARDS.authFailed });
    expect(await w.order(id)).toMatchObject({ status: 7 });
    await paytr.settle((await begin(orderNo)).token, { card: PAYTR_CARDS.success });
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'paid' });
  });
});

describe('a notification that is not PayTR’s', () => {
  async function pendingAttempt() {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const started = await begin(orderNo);
    return { id, started, before: { order: await w.order(id), history: await w.history(id) } };
  }

  it('refuses a forged hash with 400 ODEME_IMZASI_GECERSIZ in Turkish, logs it, and leaves the order', async () => {
    const { id, started, before } = await pendingAttempt();
    const res = await paytr.sendNotification({
      merchant_oid: started.oid,
      status: 'success',
      total_amount: '20000',
      hash: Buffer.from('sahte imza').toString('base64'),
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      error: {
        code: 'ODEME_IMZASI_GECERSIZ',
        message: 'Ödeme sonucu doğrulanamadı; hiçbir işlem yapılmadı.',
      },
    });
    expect(await w.order(id)).toEqual(before.order);
    expect(await w.history(id)).toEqual(before.history);
    expect(logLines.some((l) => l.includes('PayTR notification refused'))).toBe(true);
  });

  it('refuses a signed success for less than the order’s amount the same way, changing nothing', async () => {
    const { id, started, before } = await pendingAttempt();
    const res = await paytr.sendNotification({
      merchant_oid: started.oid,
      status: 'success',
      total_amount: '100',
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error.code).toBe('ODEME_IMZASI_GECERSIZ');
    expect(await w.order(id)).toEqual(before.order);
    expect((await w.payments(id))[0]).toMatchObject({ status: 'pending' });
  });

  it('answers an unknown order exactly as a forged one: nobody learns whether an order exists', async () => {
    const unknown = paytrOrderId('hic-olmayan-deneme', 20_000);
    const signed = await paytr.sendNotification({
      merchant_oid: unknown,
      status: 'success',
      total_amount: '20000',
    });
    const forged = await paytr.sendNotification({
      merchant_oid: unknown,
      status: 'success',
      total_amount: '20000',
      hash: notifyHash(
        { ...paytr.credentials, merchantKey: 'baska' },
        {
          merchant_oid: unknown,
          status: 'success',
          total_amount: '20000',
        },
      ),
    });
    expect([signed.status, signed.body]).toEqual([forged.status, forged.body]);
    expect(signed.status).toBe(400);
  });

  it('refuses a notification without its hash: 400 GECERSIZ_ISTEK naming the field', async () => {
    const res = await notifyRaw('merchant_oid=abcX1&status=success&total_amount=1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'GECERSIZ_ISTEK',
        message: 'PayTR bildirimi eksik ya da hatalı.',
        fields: { hash: 'hash gerekli' },
      },
    });
  });

  it('refuses a status other than success or failed', async () => {
    const res = await notifyRaw('merchant_oid=abcX1&status=paid&total_amount=1&hash=x');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ status: "status 'success' ya da 'failed' olmalı" });
  });

  it('refuses a total that is not kuruş digits', async () => {
    const res = await notifyRaw('merchant_oid=abcX1&status=success&total_amount=200.00&hash=x');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ total_amount: 'Geçersiz total_amount' });
  });

  it('refuses a merchant_oid that is not letters and digits', async () => {
    const res = await notifyRaw('merchant_oid=abc-1&status=success&total_amount=1&hash=x');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ merchant_oid: 'Geçersiz merchant_oid' });
  });

  it('limits calls per address: the public route is no oracle to hammer (429 COK_FAZLA_ISTEK)', async () => {
    const from = (n: number) =>
      Promise.all(
        Array.from({ length: n }, () =>
          app.inject({
            method: 'POST',
            url: '/api/payments/paytr/notify',
            headers: FORM,
            payload: 'status=x',
            remoteAddress: '198.51.100.23',
          }),
        ),
      );
    const first = await from(300);
    expect(new Set(first.map((r) => r.statusCode))).toEqual(new Set([400]));
    const [over] = await from(1);
    expect(over!.statusCode).toBe(429);
    expect(over!.json().error.code).toBe('COK_FAZLA_ISTEK');
  });

  it('refuses an empty body that is not a form, without a 5xx', async () => {
    const res = await notifyRaw('', { 'content-type': 'text/plain' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
  });
});

describe('PayTR down, the tab closed, the money given back', () => {
  it('says in Turkish that PayTR cannot be reached and keeps the order payable, with no attempt', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    paytr.setDown(true);
    try {
      await expect(
        services.payments.payByCard({ order: orderNo, token: token(orderNo) }, null, { ip: '203.0.113.9' }),
      ).rejects.toMatchObject({
        code: 'ODEME_SAGLAYICISI_HATASI',
        status: 502,
        message: expect.stringContaining('PayTR'),
      });
    } finally {
      paytr.setDown(false);
    }
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'pending' });
    expect(await w.payments(id)).toEqual([]);
    const session = await services.payments.session({ order: orderNo, token: token(orderNo) }, null);
    expect(session.payable).toBe(true);
    await paytr.settle((await begin(orderNo)).token, { card: PAYTR_CARDS.success });
    expect(await w.order(id)).toMatchObject({ paymentStatus: 'paid' });
  });

  it('tells the payment page to wait while PayTR’s answer is on its way, then that the order is paid', async () => {
    const { orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const session = () => services.payments.session({ order: orderNo, token: token(orderNo) }, null);
    expect(await session()).toMatchObject({ payable: true, verifying: false });
    const started = await begin(orderNo);
    // Back on /secure-pay before the notification: wait, do not offer to pay again.
    expect(await session()).toMatchObject({ payable: true, verifying: true, lastFailure: null });
    await paytr.settle(started.token, { card: PAYTR_CARDS.success });
    expect(await session()).toMatchObject({ payable: false, verifying: false, paymentStatus: 'paid' });
  });

  it('lets the payment page offer a new try after PayTR declined, without waiting', async () => {
    const { orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    await paytr.settle((await begin(orderNo)).token, { card: PAYTR_CARDS.authFailed });
    const session = await services.payments.session({ order: orderNo, token: token(orderNo) }, null);
    expect(session).toMatchObject({
      payable: true,
      verifying: false,
      lastFailure: { code: expect.any(String) },
    });
  });

  it('lets a shopper who closed the tab pay again; the late payment of the first attempt is given back', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const first = await begin(orderNo);
    // The tab is closed on PayTR's form; the shopper comes back later and presses pay again.
    const second = await begin(orderNo);
    expect(second.oid).not.toBe(first.oid);
    await paytr.settle(second.token, { card: PAYTR_CARDS.success });
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'paid' });
    const history = await w.history(id);

    const late = await paytr.settle(first.token, { card: PAYTR_CARDS.success });
    expect(late!.notified).toMatchObject({ status: 200, body: 'OK' });
    // PayTR repeats its notification: answered OK, nothing more is queued or given back.
    expect(await paytr.resend(first.oid)).toMatchObject({ status: 200, body: 'OK' });
    await services.payments.refundDue();
    expect(paytr.refunds.filter((r) => r.merchant_oid === first.oid)).toEqual([
      expect.objectContaining({ return_amount: '200.00' }),
    ]);
    expect(paytr.refunds.filter((r) => r.merchant_oid === second.oid)).toEqual([]);
    const attempts = await w.payments(id);
    expect(attempts.map((a) => a.status)).toEqual(['refunded', 'succeeded']);
    expect(attempts[0]).toMatchObject({ failureCode: 'YERINE_YENISI_BASLADI' });
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'paid' });
    expect(await w.history(id)).toEqual([
      ...history,
      expect.objectContaining({ from: 0, to: 0, actor: 'payment' }),
    ]);
  });

  it('gives the money back through PayTR when staff cancel a paid order in the panel', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const started = await begin(orderNo);
    await paytr.settle(started.token, { card: PAYTR_CARDS.success });
    const { b } = await loggedInStaff(app, services, 'manager');
    const res = await b.post(`/api/admin/orders/${orderNo}/status`, { status: 6 });
    expect(res.statusCode).toBe(200);
    await services.payments.refundDue();
    expect(paytr.refunds.at(-1)).toMatchObject({ merchant_oid: started.oid, return_amount: '200.00' });
    expect(await w.order(id)).toMatchObject({ status: 6, paymentStatus: 'refunded' });
    // Our refund's own reference went with it (reference_no), and names it in the history.
    expect((await w.payments(id))[0]).toMatchObject({
      status: 'refunded',
      refundRef: paytr.refunds.at(-1)!.reference_no,
    });
    expect((await w.history(id)).at(-1)!.note).toContain('iade');
  });

  it('gives back through PayTR a payment that lands after the shopper cancelled the order', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const started = await begin(orderNo);
    await services.orders.cancel(orderNo, { token: token(orderNo) });
    const settled = await paytr.settle(started.token, { card: PAYTR_CARDS.success });
    expect(settled!.notified).toMatchObject({ status: 200, body: 'OK' });
    await services.payments.refundDue();
    expect(await w.order(id)).toMatchObject({ status: 6, paymentStatus: 'refunded' });
    expect(paytr.refunds.at(-1)).toMatchObject({ merchant_oid: started.oid, return_amount: '200.00' });
  });

  it('shows the instalment table of the card the shopper types, from PayTR’s rates', async () => {
    const options = await services.payments.instalmentOptions({ bin: '54066754', amountMinor: 20_000 });
    expect(options.map((o) => [o.count, o.family ?? null])).toEqual([
      [1, null],
      [2, 'Bonus'],
      [3, 'Bonus'],
      [6, 'Bonus'],
    ]);
    expect(options[2]).toMatchObject({ totalMinor: 20_900, monthlyMinor: 6_966 });
  });

  it('never has the card number: not in the database, the logs or the outbox', async () => {
    const { orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    await paytr.settle((await begin(orderNo)).token, { card: PAYTR_CARDS.success });
    const { db } = services.database;
    const dump = JSON.stringify(
      await Promise.all([orders, payments, orderHistory, mailQueue].map((table) => db.select().from(table))),
    );
    expect(dump).toContain(orderNo);
    for (const card of Object.values(PAYTR_CARDS)) {
      expect(dump).not.toContain(card);
      expect(logLines.join('\n')).not.toContain(card);
    }
    for (const sent of paytr.tokenRequests) {
      expect(Object.keys(sent).filter((k) => /card|cc_|cvv|cvc|expiry/i.test(k))).toEqual([]);
    }
  });
});
