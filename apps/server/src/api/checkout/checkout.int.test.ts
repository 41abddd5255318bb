import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE } from '@vitrin/shared/api/account-context';
import { guestCheckoutForm, seedTestShop, type TestShop } from '@vitrin/testing/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestApp,
  type Browser,
  browser,
  createAccountTestApp,
  homeAddress,
  registeredBrowser,
} from '../../../test/accounts.ts';

let t: AccountTestApp;
let shop: TestShop;
beforeAll(async () => {
  t = await createAccountTestApp();
  await t.services.settings.set('usd_rate', '41.25');
  shop = await seedTestShop(t.services.database.db);
});
afterAll(() => t.close());

const guestForm = (extra: Record<string, unknown> = {}) =>
  guestCheckoutForm({ paymentMethod: 'card', ...extra });
const checkout = (b: Browser, payload: object, key: string | null = randomUUID()) =>
  b.request({
    method: 'POST',
    url: '/api/front/checkout',
    payload,
    headers: key === null ? {} : { 'idempotency-key': key },
  });

async function guestWith(productId: number, quantity = 1) {
  const b = browser(t.app);
  const res = await b.post('/api/front/cart/items', { productId, quantity });
  if (res.statusCode !== 201) throw new Error(res.body);
  return b;
}

describe('checkout API', () => {
  it('places a guest card order: 201, pending payment, on to /secure-pay with a token', async () => {
    const b = await guestWith(shop.kupa);
    const res = await checkout(b, guestForm({ instalments: 1 }));
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const order = res.json();
    expect(order).toMatchObject({
      status: 0,
      paymentMethod: 'card',
      paymentStatus: 'pending',
      totalMinor: 25_000 + 4990,
    });
    expect(order.next).toMatch(/^\/secure-pay\?order=VT-[A-Z2-9]{8}&token=[\w-]{22}$/);
    expect((await b.get('/api/front/cart')).json().lines).toEqual([]);
  });

  it('requires an Idempotency-Key header', async () => {
    const b = await guestWith(shop.kupa);
    const res = await checkout(b, guestForm(), null);
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'IDEMPOTENCY_KEY_GECERSIZ']);
  });

  it('answers a repeated request with the same order, and the same key with another body with 409', async () => {
    const b = await guestWith(shop.kupa);
    const key = randomUUID();
    const first = await checkout(b, guestForm({ paymentMethod: 'transfer' }), key);
    const again = await checkout(b, guestForm({ paymentMethod: 'transfer' }), key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(first.json().next).toMatch(/^\/order-success\?order=/);
    const other = await checkout(b, guestForm({ paymentMethod: 'cod' }), key);
    expect([other.statusCode, other.json().error.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('gives one order when the same key arrives twice at once', async () => {
    const b = await guestWith(shop.kupa);
    const key = randomUUID();
    const [x, y] = await Promise.all([checkout(b, guestForm(), key), checkout(b, guestForm(), key)]);
    expect([x.statusCode, y.statusCode]).toEqual([201, 201]);
    expect(x.json().orderNo).toBe(y.json().orderNo);
  });

  it("places a customer's transfer order with their saved addresses", async () => {
    const b = await registeredBrowser(t.app, 301);
    const address = (await b.post('/api/front/addresses', homeAddress)).json().address;
    await b.post('/api/front/cart/items', { productId: shop.ekitap, quantity: 2 });
    await b.post('/api/front/cart/items', { productId: shop.kupa, quantity: 1 });
    const res = await checkout(b, {
      shippingAddressId: address.id,
      billingAddressId: address.id,
      paymentMethod: 'transfer',
      acceptTerms: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ paymentStatus: 'pending', totalMinor: 2 * 9900 + 25_000 + 4990 });
  });

  it('refuses cash on delivery for virtual products only, and an order without accepted terms', async () => {
    const b = await guestWith(shop.ekitap);
    const cod = await checkout(b, guestForm({ paymentMethod: 'cod' }));
    expect([cod.statusCode, cod.json().error.code]).toEqual([400, 'ODEME_YONTEMI_GECERSIZ']);
    const terms = await checkout(b, guestForm({ acceptTerms: false }));
    expect(terms.statusCode).toBe(400);
    expect(terms.json().error.fields.acceptTerms).toBeDefined();
  });

  it('ignores tampered prices and totals', async () => {
    const b = browser(t.app);
    await b.post('/api/front/cart/items', { productId: shop.kupa, quantity: 1, unitPriceMinor: 1, price: 1 });
    const res = await checkout(b, guestForm({ totalMinor: 1, discountMinor: 25_000 }));
    expect(res.json().totalMinor).toBe(25_000 + 4990);
  });

  it('opens an account for a guest who asks and logs them in', async () => {
    const b = await guestWith(shop.kupa);
    const res = await checkout(
      b,
      guestForm({ email: 'yenimusteri@example.com', createAccountPassword: 'gizli-şifre-1' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().account).toEqual({
      created: true,
      message: 'Hesabınız oluşturuldu ve giriş yaptınız.',
    });
    expect(b.jar.has(SESSION_COOKIE)).toBe(true);
    expect((await b.get('/api/front/auth/me')).json().customer.email).toBe('yenimusteri@example.com');
  });

  it('gives the browser of an account opened at checkout its device cookie, as a registration or login does', async () => {
    const b = await guestWith(shop.kupa);
    const email = 'cihazli-musteri@example.com';
    const res = await checkout(b, guestForm({ email, createAccountPassword: 'gizli-şifre-1' }));
    expect(res.statusCode).toBe(201);
    const device = (
      res.cookies as { name: string; value: string; httpOnly?: boolean; maxAge?: number }[]
    ).find((c) => c.name === 'vitrin_device');
    expect(device).toMatchObject({ httpOnly: true, maxAge: 180 * 24 * 60 * 60 });
    expect(device!.value).toMatch(/^\d+\.[\w-]{32}\.[\w-]{43}$/);
    // Strangers' wrong guesses hold other browsers back; this one still logs in.
    for (let i = 0; i < 6; i++)
      await browser(t.app).post('/api/front/auth/login', { email, password: `yanlış-${i}` });
    const right = { email, password: 'gizli-şifre-1' };
    expect((await browser(t.app).post('/api/front/auth/login', right)).statusCode).toBe(429);
    await b.post('/api/front/auth/logout', {});
    expect((await b.post('/api/front/auth/login', right)).statusCode).toBe(200);
  });

  it('quotes totals per payment method with instalment options and bank accounts', async () => {
    const b = await guestWith(shop.kupa);
    const quote = (
      await b.post('/api/front/checkout/quote', { paymentMethod: 'card', instalments: 6 })
    ).json();
    expect(quote.methods).toEqual(['card', 'transfer', 'cod']);
    expect(quote.totals).toMatchObject({ instalmentFeeMinor: 2500, totalMinor: 25_000 + 4990 + 2500 });
    expect(quote.instalments[0]).toEqual({ count: 1, totalMinor: 29_990, monthlyMinor: 29_990 });
    expect(quote.instalments.find((i: { count: number }) => i.count === 3)).toEqual({
      count: 3,
      totalMinor: 32_490,
      monthlyMinor: 10_830,
    });
    expect(quote.bankAccounts[0].iban).toMatch(/^TR\d{24}$/);
    const digital = await guestWith(shop.ekitap);
    expect(
      (await digital.post('/api/front/checkout/quote', { paymentMethod: 'transfer' })).json().methods,
    ).toEqual(['card', 'transfer']);
    const bad = await b.post('/api/front/checkout/quote', { paymentMethod: 'bitcoin' });
    expect(bad.statusCode).toBe(400);
  });
});
