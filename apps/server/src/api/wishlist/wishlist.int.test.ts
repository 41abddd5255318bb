import { productPrices } from '@vitrin/core/db/schema';
import { MAX_WISHLIST_ITEMS, WISHLIST_COOKIE } from '@vitrin/shared/api/wishlist';
import { seedTestShop, type TestShop } from '@vitrin/testing/shop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestApp,
  browser,
  createAccountTestApp,
  PASSWORD,
  registeredBrowser,
  registration,
} from '../../../test/accounts.ts';

let t: AccountTestApp;
let shop: TestShop;
beforeAll(async () => {
  t = await createAccountTestApp();
  shop = await seedTestShop(t.services.database.db);
});
afterAll(() => t.close());

type View = {
  items: Array<{ product: { id: number }; priceDropMinor: number }>;
  productIds: number[];
  count: number;
};

describe('wishlist API: guests', () => {
  it('keeps a guest list in an httpOnly, SameSite=Lax cookie and answers the whole list, never cached', async () => {
    const b = browser(t.app);
    const added = await b.post('/api/front/wishlist', { productId: shop.kupa });
    expect(added.statusCode).toBe(201);
    expect(added.headers['cache-control']).toBe('private, no-store');
    const cookie = (
      added.cookies as { name: string; value: string; httpOnly?: boolean; sameSite?: string }[]
    ).find((c) => c.name === WISHLIST_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', value: `${shop.kupa}.25000` });
    await b.post('/api/front/wishlist', { productId: shop.ekitap });
    const list = (await b.get('/api/front/wishlist')).json() as View;
    expect(list.productIds).toEqual([shop.kupa, shop.ekitap]);
    const removed = await b.delete(`/api/front/wishlist/${shop.kupa}`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as View).productIds).toEqual([shop.ekitap]);
    await b.delete(`/api/front/wishlist/${shop.ekitap}`);
    expect(b.jar.has(WISHLIST_COOKIE)).toBe(false);
  });

  it.each([
    ['not our format', 'abc'],
    ['a bad separator', '1,2'],
    ['a repeated product', `${1}.100-${1}.100`],
    ['too many items', Array.from({ length: MAX_WISHLIST_ITEMS + 1 }, (_, i) => `${i + 1}.1`).join('-')],
  ])('ignores a tampered cookie (%s) instead of failing', async (_name, value) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/front/wishlist',
      headers: { cookie: `${WISHLIST_COOKIE}=${value}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], productIds: [], count: 0 });
  });

  it('answers 404 URUN_BULUNAMADI with a Turkish message for an unknown or inactive product', async () => {
    for (const productId of [999_999, shop.eski]) {
      const res = await browser(t.app).post('/api/front/wishlist', { productId });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({
        code: 'URUN_BULUNAMADI',
        message: 'Ürün bulunamadı ya da artık satılmıyor.',
      });
      expect(res.cookies).toEqual([]);
    }
  });

  it.each([
    ['missing', {}],
    ['negative', { productId: -1 }],
    ['zero', { productId: 0 }],
    ['non-numeric', { productId: 'kupa' }],
    ['too large', { productId: 99_999_999_999 }],
  ])('refuses a %s product id with 400 GECERSIZ_ISTEK', async (_name, body) => {
    const res = await browser(t.app).post('/api/front/wishlist', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'GECERSIZ_ISTEK',
      fields: { productId: 'Geçersiz ürün' },
    });
  });

  it('refuses a non-numeric id in the removal address with 400', async () => {
    const res = await browser(t.app).delete('/api/front/wishlist/abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
  });

  it('refuses a 101st favourite with 409 FAVORI_LISTESI_DOLU', async () => {
    const full = Array.from({ length: MAX_WISHLIST_ITEMS }, (_, i) => `${500_000 + i}.1`).join('-');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/wishlist',
      payload: { productId: shop.kupa },
      headers: { cookie: `${WISHLIST_COOKIE}=${full}`, origin: 'http://localhost:3000' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('FAVORI_LISTESI_DOLU');
  });

  it('refuses a write with the wishlist cookie from another site', async () => {
    const b = browser(t.app);
    await b.post('/api/front/wishlist', { productId: shop.kupa });
    const res = await b.request({
      method: 'POST',
      url: '/api/front/wishlist',
      payload: { productId: shop.ekitap },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('KAYNAK_REDDEDILDI');
  });
});

describe('wishlist API: customers', () => {
  it('merges the guest list at login without duplicates and drops the cookie', async () => {
    await registeredBrowser(t.app, 41);
    const customer = browser(t.app);
    await customer.post('/api/front/auth/login', { email: registration(41).email, password: PASSWORD });
    await customer.post('/api/front/wishlist', { productId: shop.kupa });
    expect(customer.jar.has(WISHLIST_COOKIE)).toBe(false);

    const b = browser(t.app);
    await b.post('/api/front/wishlist', { productId: shop.kupa });
    await b.post('/api/front/wishlist', { productId: shop.defter });
    const login = await b.post('/api/front/auth/login', {
      email: registration(41).email,
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(b.jar.has(WISHLIST_COOKIE)).toBe(false);
    const list = (await b.get('/api/front/wishlist')).json() as View;
    expect(list.productIds.sort()).toEqual([shop.kupa, shop.defter].sort());
  });

  it('merges the guest list at registration', async () => {
    const b = browser(t.app);
    await b.post('/api/front/wishlist', { productId: shop.ekitap });
    const res = await b.post('/api/front/auth/register', registration(42));
    expect(res.statusCode).toBe(201);
    expect(((await b.get('/api/front/wishlist')).json() as View).productIds).toEqual([shop.ekitap]);
  });

  it("never shows another customer's list, and their removal cannot touch it", async () => {
    const a = await registeredBrowser(t.app, 43);
    const other = await registeredBrowser(t.app, 44);
    await a.post('/api/front/wishlist', { productId: shop.isimliKupa });
    expect(((await other.get('/api/front/wishlist')).json() as View).count).toBe(0);
    await other.delete(`/api/front/wishlist/${shop.isimliKupa}`);
    expect(((await a.get('/api/front/wishlist')).json() as View).productIds).toEqual([shop.isimliKupa]);
  });

  it('computes the price drop since the product was added', async () => {
    const a = await registeredBrowser(t.app, 45);
    await a.post('/api/front/wishlist', { productId: shop.defter });
    const db = t.services.database.db;
    await db
      .update(productPrices)
      .set({ amountMinor: 11_000 })
      .where(eq(productPrices.productId, shop.defter));
    await t.services.cache.invalidateAll();
    try {
      const item = ((await a.get('/api/front/wishlist')).json() as View).items[0]!;
      expect(item.priceDropMinor).toBe(4000);
    } finally {
      await db
        .update(productPrices)
        .set({ amountMinor: 15_000 })
        .where(eq(productPrices.productId, shop.defter));
      await t.services.cache.invalidateAll();
    }
  });
});
