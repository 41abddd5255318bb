import { existsSync } from 'node:fs';
import path from 'node:path';
import { CART_COOKIE } from '@vitrin/shared/api/cart';
import { seedTestShop, type TestShop } from '@vitrin/testing/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestApp,
  browser,
  createAccountTestApp,
  PASSWORD,
  registeredBrowser,
} from '../../../test/accounts.ts';
import { tempDir } from '../../../test/server.ts';
import { multipart, PNG } from '../../../test/uploads.ts';

let t: AccountTestApp;
let shop: TestShop;
const data = tempDir('vitrin-cart-data-');
beforeAll(async () => {
  t = await createAccountTestApp({ config: { dataDir: data.dir } });
  await t.services.settings.set('usd_rate', '41.25');
  shop = await seedTestShop(t.services.database.db);
});
afterAll(async () => {
  await t.close();
  data.remove();
});

describe('cart API', () => {
  it("opens a guest's cart on the first write with an httpOnly, SameSite=Lax, 30-day cookie", async () => {
    const b = browser(t.app);
    const res = await b.post('/api/front/cart/items', { productId: shop.kupa, quantity: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const cookie = (
      res.cookies as { name: string; httpOnly?: boolean; sameSite?: string; maxAge?: number }[]
    ).find((c) => c.name === CART_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 30 * 24 * 60 * 60 });
    expect(res.json().lines[0]).toMatchObject({ quantity: 2, unitPriceMinor: 25_000 });
    const again = await b.get('/api/front/cart');
    expect(again.json().count).toBe(2);
    expect((await b.get('/api/front/cart/count')).json()).toEqual({ count: 2 });
  });

  it('sends the same cart cookie again with each later add, so the cart lives 30 days from it', async () => {
    const b = browser(t.app);
    type Cookie = { name: string; value: string; maxAge?: number };
    const cartCookieOf = (res: { cookies: unknown }) =>
      (res.cookies as Cookie[]).find((c) => c.name === CART_COOKIE);
    const first = cartCookieOf(await b.post('/api/front/cart/items', { productId: shop.kupa, quantity: 1 }));
    const later = await b.post('/api/front/cart/items', { productId: shop.ekitap, quantity: 1 });
    expect(later.statusCode).toBe(201);
    expect(cartCookieOf(later)).toMatchObject({ value: first!.value, maxAge: 30 * 24 * 60 * 60 });
    expect(later.json().count).toBe(2);
  });

  it('serves an API client by X-Cart-Token without cookies', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/front/cart/items',
      payload: { productId: shop.ekitap, quantity: 1 },
    });
    expect(first.statusCode).toBe(201);
    const token = first.headers['x-cart-token'] as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    const cart = await t.app.inject({
      method: 'GET',
      url: '/api/front/cart',
      headers: { 'x-cart-token': token },
    });
    expect(cart.json().lines).toHaveLength(1);
  });

  it('answers an empty cart to a new visitor without setting a cookie', async () => {
    const res = await browser(t.app).get('/api/front/cart');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lines: [], count: 0, canCheckout: false });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('changes and removes lines, and answers 404 for the line of another cart', async () => {
    const ayse = browser(t.app);
    const mehmet = browser(t.app);
    const line = (await ayse.post('/api/front/cart/items', { productId: shop.kupa, quantity: 1 })).json()
      .lines[0].id;
    await mehmet.post('/api/front/cart/items', { productId: shop.ekitap, quantity: 1 });
    expect((await mehmet.patch(`/api/front/cart/items/${line}`, { quantity: 3 })).statusCode).toBe(404);
    expect((await mehmet.delete(`/api/front/cart/items/${line}`)).json().error.code).toBe('SATIR_BULUNAMADI');
    expect(
      (await ayse.patch(`/api/front/cart/items/${line}`, { quantity: 3 })).json().lines[0].quantity,
    ).toBe(3);
    expect(
      (await ayse.patch(`/api/front/cart/items/${line}`, { quantity: 'abc' })).json().error,
    ).toMatchObject({
      code: 'GECERSIZ_ISTEK',
      fields: { quantity: 'Adet 1 ile 999 arasında bir tam sayı olmalı' },
    });
    expect((await ayse.delete(`/api/front/cart/items/${line}`)).json().lines).toEqual([]);
    expect((await ayse.delete('/api/front/cart/items/abc')).statusCode).toBe(404);
  });

  it("keeps one customer's cart from another customer", async () => {
    const ayse = await registeredBrowser(t.app, 101);
    const can = await registeredBrowser(t.app, 102);
    const line = (await ayse.post('/api/front/cart/items', { productId: shop.kupa, quantity: 1 })).json()
      .lines[0].id;
    expect((await can.get('/api/front/cart')).json().lines).toEqual([]);
    expect((await can.patch(`/api/front/cart/items/${line}`, { quantity: 2 })).statusCode).toBe(404);
    expect((await can.delete(`/api/front/cart/items/${line}`)).statusCode).toBe(404);
  });

  it('refuses bad input with 4xx and Turkish messages, never 5xx', async () => {
    const b = browser(t.app);
    const cases: Array<[object, number, string]> = [
      [{ productId: 999_999, quantity: 1 }, 404, 'URUN_BULUNAMADI'],
      [{ productId: shop.pestemal, quantity: 1 }, 400, 'SECENEK_GEREKLI'],
      [{ productId: shop.kupa, quantity: -1 }, 400, 'GECERSIZ_ISTEK'],
      [{ productId: shop.kupa, quantity: 1.5 }, 400, 'GECERSIZ_ISTEK'],
      [{ productId: 'abc', quantity: 1 }, 400, 'GECERSIZ_ISTEK'],
      [{ productId: shop.kupa, quantity: 99_999_999_999 }, 400, 'GECERSIZ_ISTEK'],
      [{ productId: 99_999_999_999, quantity: 1 }, 400, 'GECERSIZ_ISTEK'],
      [{ productId: shop.kupa, quantity: 11 }, 409, 'STOK_YETERSIZ'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await b.post('/api/front/cart/items', payload);
      expect([res.statusCode, res.json().error.code]).toEqual([status, code]);
    }
    // A refused first write opens no cart and sets no cookie.
    expect(b.jar.has(CART_COOKIE)).toBe(false);
  });

  it('refuses a write with the cart cookie from another site', async () => {
    const b = browser(t.app);
    await b.post('/api/front/cart/items', { productId: shop.kupa, quantity: 1 });
    const res = await b.request({
      method: 'POST',
      url: '/api/front/cart/items',
      payload: { productId: shop.kupa, quantity: 1 },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('KAYNAK_REDDEDILDI');
  });

  it('applies and removes a coupon, and lists the public ones', async () => {
    await t.app.inject({ method: 'GET', url: '/api/front/coupons' });
    const b = browser(t.app);
    await b.post('/api/front/cart/items', { productId: shop.kupa, quantity: 1 });
    const unknown = await b.post('/api/front/cart/coupon', { code: 'YOK' });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'KUPON_BULUNAMADI']);
    await t.services.database.query(
      `insert into coupons (code, kind, value, is_public) values ('HTTP10', 'percent', 10, true)`,
    );
    const applied = await b.post('/api/front/cart/coupon', { code: 'http10' });
    expect(applied.json().totals.discountMinor).toBe(2500);
    expect((await b.delete('/api/front/cart/coupon')).json().coupon).toBeNull();
    const list = await t.app.inject({ method: 'GET', url: '/api/front/coupons' });
    expect(list.json().map((c: { code: string }) => c.code)).toContain('HTTP10');
  });
});

describe('cart merge at login', () => {
  it('moves the guest cart into the customer cart at the REST login, capped by stock, and drops the cart cookie', async () => {
    const b = await registeredBrowser(t.app, 201);
    await b.post('/api/front/cart/items', {
      productId: shop.isimliKupa,
      quantity: 15,
      personalization: { fields: { isim: 'Ayşe' } },
    });
    await b.post('/api/front/auth/logout');
    await b.post('/api/front/cart/items', {
      productId: shop.isimliKupa,
      quantity: 10,
      personalization: { fields: { isim: 'Ayşe' } },
    });
    await b.post('/api/front/cart/items', { productId: shop.ekitap, quantity: 1 });
    expect(b.jar.has(CART_COOKIE)).toBe(true);
    const login = await b.post('/api/front/auth/login', {
      email: 'musteri201@example.com',
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(b.jar.has(CART_COOKIE)).toBe(false);
    const cart = (await b.get('/api/front/cart')).json();
    expect(cart.lines.map((l: { productId: number; quantity: number }) => [l.productId, l.quantity])).toEqual(
      [
        [shop.isimliKupa, 20],
        [shop.ekitap, 1],
      ],
    );
  });

  it('merges the X-Cart-Token cart of an API client at a Bearer login', async () => {
    await registeredBrowser(t.app, 202);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/front/cart/items',
      payload: { productId: shop.ekitap, quantity: 2 },
    });
    const token = first.headers['x-cart-token'] as string;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/front/auth/login',
      headers: { 'x-cart-token': token },
      payload: { email: 'musteri202@example.com', password: PASSWORD, bearer: true },
    });
    const bearer = login.json().token as string;
    const cart = await t.app.inject({
      method: 'GET',
      url: '/api/front/cart',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(cart.json().count).toBe(2);
  });
});

describe('personalization image upload', () => {
  it('stores a PNG under a random name and the cart accepts its path', async () => {
    const b = browser(t.app);
    const res = await b.request({ method: 'POST', url: '/api/front/cart/uploads', ...multipart(PNG) });
    expect(res.statusCode).toBe(201);
    const { path: stored } = res.json() as { path: string };
    expect(stored).toMatch(/^personalization\/[\w-]{22}\.png$/);
    expect(existsSync(path.join(data.dir, 'uploads', stored))).toBe(true);
    const add = await b.post('/api/front/cart/items', {
      productId: shop.isimliKupa,
      quantity: 1,
      personalization: { fields: { isim: 'Can' }, image: stored },
    });
    expect(add.statusCode).toBe(201);
  });

  it('refuses a well-formed path that the upload endpoint never stored', async () => {
    const res = await browser(t.app).post('/api/front/cart/items', {
      productId: shop.isimliKupa,
      quantity: 1,
      personalization: { fields: { isim: 'Can' }, image: 'personalization/AbCdEfGhIjKlMnOpQrStUv.png' },
    });
    expect([res.statusCode, res.json().error.code]).toEqual([400, 'KISISELLESTIRME_GECERSIZ']);
  });

  it('refuses a file that is not an image by its content with 415, whatever its name', async () => {
    const res = await browser(t.app).request({
      method: 'POST',
      url: '/api/front/cart/uploads',
      ...multipart(Buffer.from('<svg onload="alert(1)"></svg>'), 'foto.png', 'image/png'),
    });
    expect([res.statusCode, res.json().error.code]).toEqual([415, 'GORSEL_TURU_GECERSIZ']);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 0)]);
    const res = await browser(t.app).request({
      method: 'POST',
      url: '/api/front/cart/uploads',
      ...multipart(big),
    });
    expect([res.statusCode, res.json().error.code]).toEqual([413, 'DOSYA_COK_BUYUK']);
  });

  it('refuses a request without a file', async () => {
    const res = await browser(t.app).post('/api/front/cart/uploads', { file: 'x' });
    expect(res.statusCode).toBe(400);
  });
});
