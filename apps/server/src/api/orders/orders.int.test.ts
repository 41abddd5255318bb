import { type OrderWorld, openOrderWorld } from '@vitrin/testing/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestApp,
  type Browser,
  browser,
  createAccountTestApp,
  registeredBrowser,
} from '../../../test/accounts.ts';

let t: AccountTestApp;
let w: OrderWorld;
let a: Browser;
let b: Browser;
let aId: number;
beforeAll(async () => {
  t = await createAccountTestApp();
  w = await openOrderWorld({ database: t.services.database });
  await t.services.orders.ready();
  a = await registeredBrowser(t.app, 1);
  b = await registeredBrowser(t.app, 2);
  aId = (await a.get('/api/front/auth/me')).json().customer.id;
});
afterAll(async () => {
  await w.dispose();
  await t.close();
});

const token = (orderNo: string) => t.services.orders.accessToken(orderNo);

describe('GET /api/front/orders', () => {
  it("lists the customer's own orders, newest first, paged, with state label and badge", async () => {
    const first = await w.placeOrder({ customerId: aId, email: 'musteri1@example.com' });
    const second = await w.placeOrder({
      customerId: aId,
      email: 'musteri1@example.com',
      lines: [
        { kind: 'single', quantity: 1 },
        { kind: 'variant', quantity: 3 },
      ],
    });
    await t.services.orders.changeStatus(second.id, 1, { actor: 'operator' });
    await w.placeOrder({ email: 'baskasi@example.com' });

    const res = await a.get('/api/front/orders?perPage=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body).toMatchObject({ page: 1, perPage: 1, total: 2, pageCount: 2 });
    expect(body.orders).toEqual([
      {
        orderNo: second.orderNo,
        createdAt: expect.any(String),
        state: { code: 1, label: 'Hazırlanıyor', badge: 'info' },
        totalMinor: 40_000,
        itemCount: 4,
        paymentMethod: 'transfer',
        paymentStatus: 'paid',
      },
    ]);
    const page2 = (await a.get('/api/front/orders?perPage=1&page=2')).json();
    expect(page2.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual([first.orderNo]);
    expect((await b.get('/api/front/orders')).json().orders).toEqual([]);
  });

  it('needs a session (401) and a sane page size (400)', async () => {
    const res = await browser(t.app).get('/api/front/orders');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('OTURUM_GECERSIZ');
    const bad = await a.get('/api/front/orders?perPage=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.perPage).toBe('Sayfa boyutu en fazla 50 olabilir');
  });
});

describe('GET /api/front/orders/{orderNo}', () => {
  it('shows the customer their order: lines, totals, VAT, addresses, payment, history', async () => {
    const { orderNo, id } = await w.placeOrder({
      customerId: aId,
      email: 'musteri1@example.com',
      withCoupon: true,
    });
    await t.services.orders.changeStatus(id, 1, { actor: 'operator' });
    await t.services.orders.changeStatus(id, 2, {
      actor: 'operator',
      cargoCompany: 'MNG Kargo',
      trackingNo: 'MNG42',
    });
    const res = await a.get(`/api/front/orders/${orderNo}`);
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({
      orderNo,
      state: { code: 2, label: 'Kargoya Verildi', badge: 'primary' },
      paymentMethodLabel: 'Havale / EFT',
      paymentStatusLabel: 'Ödendi',
      totals: {
        subtotalMinor: 20_000,
        discountMinor: 2_000,
        totalMinor: 18_000,
        vatLines: [{ rate: 20, vatMinor: 3_000 }],
      },
      couponCode: 'INDIRIM10',
      billingAddress: { firstName: 'Ayşe', province: 'İstanbul' },
      cargo: {
        company: 'MNG Kargo',
        trackingNo: 'MNG42',
        trackingUrl: 'https://service.mngkargo.com.tr/iactive/popup/kargotakip.asp?k=MNG42',
      },
      canCancel: false,
      canPay: false,
      payUrl: null,
    });
    expect(order.lines).toEqual([
      expect.objectContaining({
        name: 'Kupa',
        quantity: 2,
        slug: 'kupa',
        unitPriceMinor: 10_000,
        lineTotalMinor: 20_000,
      }),
    ]);
    expect(
      order.history.map((h: { state: { label: string }; actor: string }) => [h.state.label, h.actor]),
    ).toEqual([
      ['Sipariş Alındı', 'customer'],
      ['Hazırlanıyor', 'operator'],
      ['Kargoya Verildi', 'operator'],
    ]);
  });

  it('answers 404 to another customer, with or without a wrong token', async () => {
    const { orderNo } = await w.placeOrder({ customerId: aId, email: 'musteri1@example.com' });
    const other = await w.placeOrder({ customerId: aId, email: 'musteri1@example.com' });
    for (const url of [
      `/api/front/orders/${orderNo}`,
      `/api/front/orders/${orderNo}?token=${token(other.orderNo)}`,
    ]) {
      const res = await b.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'SIPARIS_BULUNAMADI', message: 'Sipariş bulunamadı.' });
    }
    expect((await b.get('/api/front/orders/YOKBOYLE1')).statusCode).toBe(404);
  });

  it('shows a guest their order with the token of the link, and nothing without it or with a wrong one', async () => {
    const { orderNo } = await w.placeOrder({ email: 'misafir@example.com', paymentMethod: 'card' });
    const guest = browser(t.app);
    const ok = await guest.get(`/api/front/orders/${orderNo}?token=${token(orderNo)}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(ok.json()).toMatchObject({
      orderNo,
      canPay: true,
      payUrl: `/secure-pay?order=${orderNo}&token=${token(orderNo)}`,
      paymentStatusLabel: 'Ödeme bekleniyor',
    });
    expect((await guest.get(`/api/front/orders/${orderNo}`)).statusCode).toBe(404);
    const wrong = `${token(orderNo).slice(0, -1)}${token(orderNo).endsWith('A') ? 'B' : 'A'}`;
    expect((await guest.get(`/api/front/orders/${orderNo}?token=${wrong}`)).statusCode).toBe(404);
    expect((await guest.get(`/api/front/orders/${orderNo}?token=x`)).statusCode).toBe(404);
  });

  it('masks the T.C. kimlik no on the order and its link (100******46), never sending it in clear', async () => {
    const { orderNo } = await w.placeOrder({ email: 'misafir@example.com' });
    const res = await browser(t.app).get(`/api/front/orders/${orderNo}?token=${token(orderNo)}`);
    expect(res.json().billingAddress.tcKimlikNo).toBe('100******46');
    expect(res.body).not.toContain('10000000146');
  });
});

describe('POST /api/front/orders/{orderNo}/cancel', () => {
  it('lets the customer cancel in Sipariş Alındı; stock and coupon come back', async () => {
    const before = { stock: await w.stock(), coupon: await w.coupon() };
    const { orderNo } = await w.placeOrder({
      customerId: aId,
      email: 'musteri1@example.com',
      withCoupon: true,
    });
    const res = await a.post(`/api/front/orders/${orderNo}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: { code: 6, label: 'İptal Edildi', badge: 'dark' },
      canCancel: false,
    });
    expect(res.json().history.at(-1)).toMatchObject({ actor: 'customer', fromCode: 0 });
    expect(await w.stock()).toEqual(before.stock);
    expect(await w.coupon()).toEqual(before.coupon);
  });

  it('lets a guest cancel with the token; refuses once shipped (409) and another customer (404)', async () => {
    const guestOrder = await w.placeOrder({ email: 'misafir@example.com' });
    const guest = browser(t.app);
    expect((await guest.post(`/api/front/orders/${guestOrder.orderNo}/cancel`)).statusCode).toBe(404);
    const ok = await guest.post(
      `/api/front/orders/${guestOrder.orderNo}/cancel?token=${token(guestOrder.orderNo)}`,
    );
    expect(ok.statusCode).toBe(200);

    const shipped = await w.placeOrder({ customerId: aId, email: 'musteri1@example.com' });
    await t.services.orders.changeStatus(shipped.id, 1, { actor: 'operator' });
    await t.services.orders.changeStatus(shipped.id, 2, {
      actor: 'operator',
      cargoCompany: 'PTT',
      trackingNo: '1',
    });
    expect((await b.post(`/api/front/orders/${shipped.orderNo}/cancel`)).statusCode).toBe(404);
    const late = await a.post(`/api/front/orders/${shipped.orderNo}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('GECERSIZ_DURUM_GECISI');
    expect(late.json().error.message).toContain('"Kargoya Verildi" durumundan "İptal Edildi" durumuna');
  });
});
