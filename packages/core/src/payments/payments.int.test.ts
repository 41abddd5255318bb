import type { SignedPaymentResult } from '@vitrin/shared/api/orders';
import { type OrderWorld, openOrderWorld, rejection } from '@vitrin/testing/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_VERIFICATION_CODE } from './test-provider.ts';

let w: OrderWorld;
beforeAll(async () => {
  w = await openOrderWorld();
  await w.services.orders.ready();
});
afterAll(() => w.dispose());

const SUCCESS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const card = (orderNo: string, cardNumber: string) => w.cardForm(orderNo, cardNumber);
const pay = (orderNo: string, cardNumber: string, code?: string) => w.pay(orderNo, cardNumber, code);

/** A signed result without applying it: card and code through the provider only. */
async function signedResult(orderNo: string, cardNumber: string) {
  const step = await w.services.payments.payByCard(card(orderNo, cardNumber), null);
  if (step.kind !== 'challenge') throw new Error(`expected the code step, got ${step.kind}`);
  const bank = w.services.payments.providers.byName('test');
  return (await bank?.answerChallenge?.(step.challenge, TEST_VERIFICATION_CODE)) as SignedPaymentResult;
}

describe('card payment', () => {
  it('marks the order paid on a verified success; it stays in Sipariş Alındı', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const outcome = await pay(orderNo, SUCCESS);
    expect(outcome).toMatchObject({ outcome: 'paid', orderNo, state: { code: 0 }, failure: null });
    expect(outcome.next).toBe(
      `/order-success?order=${orderNo}&token=${w.services.orders.accessToken(orderNo)}`,
    );
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'paid', paymentDueAt: null });
    const detail = await w.services.orders.detail(orderNo, { token: w.services.orders.accessToken(orderNo) });
    expect(detail.lastPayment).toEqual({
      status: 'succeeded',
      failureCode: null,
      cardLast4: '4242',
      provider: 'test',
      mode: 'test',
      paidTotalMinor: detail.totalMinor,
    });
    expect(detail.canPay).toBe(false);
  });

  it('fails the order to Ödeme Başarısız on a declined card, releasing stock and coupon', async () => {
    const before = { stock: await w.stock(), coupon: await w.coupon() };
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card', withCoupon: true });
    const outcome = await pay(orderNo, DECLINED);
    expect(outcome).toMatchObject({
      outcome: 'failed',
      state: { code: 7, label: 'Ödeme Başarısız', badge: 'danger' },
      failure: { code: 'KART_REDDEDILDI' },
    });
    expect(outcome.next).toMatch(/^\/secure-pay\?order=/);
    expect(await w.order(id)).toMatchObject({ status: 7, paymentStatus: 'failed' });
    expect((await w.history(id)).at(-1)).toMatchObject({ from: 0, to: 7, actor: 'payment' });
    expect(await w.stock()).toEqual(before.stock);
    expect(await w.coupon()).toEqual(before.coupon);
  });

  it('fails with DOGRULAMA_BASARISIZ on a wrong verification code', async () => {
    const { orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const outcome = await pay(orderNo, SUCCESS, '111111');
    expect(outcome.failure?.code).toBe('DOGRULAMA_BASARISIZ');
  });

  it('takes a failed order back to Sipariş Alındı on a successful retry, taking stock and coupon again', async () => {
    const before = { stock: await w.stock(), coupon: await w.coupon() };
    const { id, orderNo } = await w.placeOrder({
      paymentMethod: 'card',
      withCoupon: true,
      lines: [
        { kind: 'single', quantity: 2 },
        { kind: 'variant', quantity: 1 },
      ],
    });
    await pay(orderNo, '4000 0000 0000 9995');
    expect(await w.stock()).toEqual(before.stock);
    const retry = await pay(orderNo, SUCCESS);
    expect(retry).toMatchObject({ outcome: 'paid', state: { code: 0 } });
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'paid' });
    expect(await w.stock()).toEqual({ single: before.stock.single! - 2, variant: before.stock.variant! - 1 });
    expect(await w.coupon()).toEqual({
      usedCount: before.coupon.usedCount + 1,
      uses: before.coupon.uses + 1,
    });
    expect((await w.history(id)).map((h) => [h.from, h.to, h.actor])).toEqual([
      [null, 0, 'customer'],
      [0, 7, 'payment'],
      [7, 0, 'payment'],
    ]);
  });

  it('refuses a retry whose stock is gone cleanly: the order stays failed, nothing oversold', async () => {
    const { id, orderNo } = await w.placeOrder({
      paymentMethod: 'card',
      lines: [{ kind: 'single', quantity: 3 }],
    });
    await pay(orderNo, DECLINED);
    const { single } = await w.stock();
    await w.setSingleStock(2);
    const retry = await pay(orderNo, SUCCESS);
    expect(retry).toMatchObject({
      outcome: 'failed',
      state: { code: 7 },
      failure: { code: 'STOK_YETERSIZ' },
    });
    expect((await w.stock()).single).toBe(2);
    expect(await w.order(id)).toMatchObject({ status: 7, paymentStatus: 'failed' });
    await w.setSingleStock(single!);
  });

  it('refuses a retry whose coupon uses ran out meanwhile', async () => {
    const { orderNo } = await w.placeOrder({ paymentMethod: 'card', withCoupon: true });
    await pay(orderNo, DECLINED);
    const { usedCount } = await w.coupon();
    await w.setCouponLimit(usedCount);
    const retry = await pay(orderNo, SUCCESS);
    expect(retry.failure?.code).toBe('KUPON_LIMITI_DOLDU');
    expect((await w.coupon()).usedCount).toBe(usedCount);
    await w.setCouponLimit(100);
  });

  it('refuses a forged result (ODEME_IMZASI_GECERSIZ) and changes nothing', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const failed = await signedResult(orderNo, DECLINED);
    const forged = { ...failed, status: 'succeeded', failureCode: null };
    const err = await rejection(w.services.payments.complete('test', forged));
    expect(err).toMatchObject({ code: 'ODEME_IMZASI_GECERSIZ', status: 400 });
    expect(
      (await rejection(w.services.payments.complete('test', { ...failed, signature: 'x'.repeat(43) }))).code,
    ).toBe('ODEME_IMZASI_GECERSIZ');
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'pending' });
  });

  it('refuses a replayed result (ODEME_SONUCU_KULLANILDI): a success counts once', async () => {
    const { orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const result = await signedResult(orderNo, SUCCESS);
    expect((await w.services.payments.complete('test', result)).outcome).toBe('paid');
    const err = await rejection(w.services.payments.complete('test', result));
    expect(err).toMatchObject({ code: 'ODEME_SONUCU_KULLANILDI', status: 409 });
  });

  it('does not let an old attempt’s success count once a new attempt began: its money goes back', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const old = await signedResult(orderNo, SUCCESS);
    await w.services.payments.payByCard(card(orderNo, SUCCESS), null);
    const outcome = await w.services.payments.complete('test', old);
    expect(outcome).toMatchObject({ outcome: 'failed', failure: { code: 'YERINE_YENISI_BASLADI' } });
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'pending' });
    await w.services.payments.refundDue();
    expect((await w.payments(id)).map((a) => [a.status, a.failureCode])).toEqual([
      ['refunded', 'YERINE_YENISI_BASLADI'],
      ['pending', null],
    ]);
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'pending' });
    // A repeat of the old result changes nothing more.
    expect((await rejection(w.services.payments.complete('test', old))).code).toBe('ODEME_SONUCU_KULLANILDI');
  });

  it('pays once when both an old tab and the new attempt succeed: the old payment is refunded', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const old = await signedResult(orderNo, SUCCESS);
    expect((await pay(orderNo, SUCCESS)).outcome).toBe('paid');
    const history = await w.history(id);
    const late = await w.services.payments.complete('test', old);
    expect(late).toMatchObject({ outcome: 'paid', failure: null });
    await w.services.payments.refundDue();
    const attempts = await w.payments(id);
    expect(attempts.map((a) => a.status)).toEqual(['refunded', 'succeeded']);
    expect(attempts[0]).toMatchObject({ paidTotalMinor: attempts[0]!.amountMinor, cardLast4: '4242' });
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'paid' });
    // The order only gains the refund's line: no status change, no second confirmation.
    expect(await w.history(id)).toEqual([
      ...history,
      { from: 0, to: 0, actor: 'payment', note: 'Kart ödemesi iade edildi.' },
    ]);
  });

  it('refuses to take a payment for a paid, cancelled or non-card order (ODEME_YAPILAMAZ)', async () => {
    const paid = await w.placeOrder({ paymentMethod: 'card' });
    await pay(paid.orderNo, SUCCESS);
    expect((await rejection(pay(paid.orderNo, SUCCESS))).code).toBe('ODEME_YAPILAMAZ');
    const transfer = await w.placeOrder({ paymentMethod: 'transfer' });
    expect((await rejection(pay(transfer.orderNo, SUCCESS))).code).toBe('ODEME_YAPILAMAZ');
    const cancelled = await w.placeOrder({ paymentMethod: 'card' });
    await w.services.orders.changeStatus(cancelled.id, 6, { actor: 'customer' });
    expect((await rejection(pay(cancelled.orderNo, SUCCESS))).code).toBe('ODEME_YAPILAMAZ');
  });

  it('needs the order’s token or its customer: another token finds no order', async () => {
    const { orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const other = await w.placeOrder({ paymentMethod: 'card' });
    const err = await rejection(
      w.services.payments.payByCard(
        { ...card(orderNo, SUCCESS), token: w.services.orders.accessToken(other.orderNo) },
        null,
      ),
    );
    expect(err.code).toBe('SIPARIS_BULUNAMADI');
  });

  it('checks the card form with Turkish field messages', async () => {
    const { orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const err = await rejection(
      w.services.payments.payByCard(
        { ...card(orderNo, '4242 4242 4242 4241'), cvc: '12', holder: '', expiryMonth: '13' },
        null,
      ),
    );
    expect(err.code).toBe('GECERSIZ_ISTEK');
    expect(err.fields).toEqual({
      cardNumber: 'Kart numarası geçersiz; lütfen kontrol edin',
      cvc: 'Güvenlik kodu (CVC) 3 rakam olmalı',
      holder: 'Kart üzerindeki ismi yazın',
      expiryMonth: 'Son kullanma ayı 1-12 arasında olmalı',
    });
    const expired = await rejection(
      w.services.payments.payByCard(
        { ...card(orderNo, SUCCESS), expiryMonth: '1', expiryYear: '2020' },
        null,
      ),
    );
    expect(expired.fields?.expiryYear).toBe('Son kullanma tarihi geçmiş');
  });

  it('treats an overdue unpaid order as a retry: expired first, then paid and back to 0', async () => {
    const before = await w.stock();
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card', dueInMinutes: -5 });
    const outcome = await pay(orderNo, SUCCESS);
    expect(outcome).toMatchObject({ outcome: 'paid', state: { code: 0 } });
    expect((await w.history(id)).map((h) => [h.to, h.actor])).toEqual([
      [0, 'customer'],
      [7, 'system'],
      [0, 'payment'],
    ]);
    expect((await w.stock()).single).toBe(before.single! - 2);
  });

  it('shows the payment session: amount, instalments, payable, the test cards', async () => {
    const { orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const token = w.services.orders.accessToken(orderNo);
    const session = await w.services.payments.session({ order: orderNo, token }, null);
    expect(session).toMatchObject({
      orderNo,
      amountMinor: 20_000,
      instalments: 1,
      itemCount: 2,
      payable: true,
      reason: null,
      test: { verificationCode: '123456' },
    });
    expect(session.test?.cards).toHaveLength(5);
    await pay(orderNo, SUCCESS);
    expect(await w.services.payments.session({ order: orderNo, token }, null)).toMatchObject({
      payable: false,
      reason: 'Bu siparişin ödemesi alındı.',
    });
  });
});

describe('refunds', () => {
  const token = (orderNo: string) => w.services.orders.accessToken(orderNo);
  const attempts = (orderId: number) => w.payments(orderId);
  /** The text of the last e-mail about this order whose subject names the state. */
  async function lastMail(orderNo: string, state: string) {
    await w.drain();
    const mail = w.sent.filter((m) => m.subject.includes(orderNo) && m.subject.includes(state)).at(-1);
    return mail?.text ?? '';
  }

  it('gives a cancelled paid card order’s money back through the provider; the e-mail says so', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    await pay(orderNo, SUCCESS);
    await w.services.orders.cancel(orderNo, { token: token(orderNo) });
    await w.services.payments.refundDue();
    expect(await w.order(id)).toMatchObject({ status: 6, paymentStatus: 'refunded' });
    expect(await attempts(id)).toEqual([
      expect.objectContaining({ status: 'refunded', refundedAt: expect.any(Date) }),
    ]);
    const detail = await w.services.orders.detail(orderNo, { token: token(orderNo) });
    expect(detail.paymentStatusLabel).toBe('İade edildi');
    expect(await lastMail(orderNo, 'İptal Edildi')).toContain('kartınıza iade ediliyor');
  });

  it('owes nothing for a cancelled unpaid card order, and its e-mail promises no refund', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    await w.services.orders.cancel(orderNo, { token: token(orderNo) });
    await w.services.payments.refundDue();
    expect(await w.order(id)).toMatchObject({ status: 6, paymentStatus: 'pending' });
    const text = await lastMail(orderNo, 'İptal Edildi');
    expect(text).toContain('Kartınızdan herhangi bir ödeme alınmadı.');
    expect(text).not.toContain('iade');
  });

  it('refunds a payment that lands after the order was cancelled (SIPARIS_IPTAL_EDILDI)', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const result = await signedResult(orderNo, SUCCESS);
    await w.services.orders.cancel(orderNo, { token: token(orderNo) });
    const outcome = await w.services.payments.complete('test', result);
    expect(outcome).toMatchObject({ outcome: 'failed', failure: { code: 'SIPARIS_IPTAL_EDILDI' } });
    await w.services.payments.refundDue();
    expect(await w.order(id)).toMatchObject({ status: 6, paymentStatus: 'refunded' });
    expect((await attempts(id)).map((a) => a.status)).toEqual(['refunded']);
  });

  it('refunds a retry that was paid after its stock ran out; the order stays failed', async () => {
    const { id, orderNo } = await w.placeOrder({
      paymentMethod: 'card',
      lines: [{ kind: 'single', quantity: 3 }],
    });
    await pay(orderNo, DECLINED);
    const { single } = await w.stock();
    await w.setSingleStock(2);
    expect((await pay(orderNo, SUCCESS)).failure?.code).toBe('STOK_YETERSIZ');
    await w.services.payments.refundDue();
    expect((await attempts(id)).map((a) => [a.status, a.failureCode])).toEqual([
      ['failed', 'KART_REDDEDILDI'],
      ['refunded', 'STOK_YETERSIZ'],
    ]);
    expect(await w.order(id)).toMatchObject({ status: 7, paymentStatus: 'failed' });
    await w.setSingleStock(single!);
  });

  it('leaves a cancelled paid transfer order owed until the operator records the refund', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'transfer' });
    await w.services.orders.changeStatus(id, 1, { actor: 'operator' }); // the transfer arrived
    await w.services.orders.changeStatus(id, 6, { actor: 'operator' });
    await w.services.payments.refundDue();
    expect(await w.order(id)).toMatchObject({ paymentStatus: 'refund_pending' });
    expect(await lastMail(orderNo, 'İptal Edildi')).toContain('iadesi için sizinle iletişime geçeceğiz');
    expect((await w.services.orders.markRefunded(orderNo)).paymentStatus).toBe('refunded');
    expect((await rejection(w.services.orders.markRefunded(orderNo))).code).toBe('IADE_BEKLEMIYOR');
    expect((await rejection(w.services.orders.markRefunded('VT-YOKBOYLE'))).code).toBe('SIPARIS_BULUNAMADI');
  });
});
