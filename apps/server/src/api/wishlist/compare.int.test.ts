import { COMPARE_COOKIE } from '@vitrin/shared/api/wishlist';
import { seedTestShop, type TestShop } from '@vitrin/testing/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, browser, createAccountTestApp } from '../../../test/accounts.ts';

let t: AccountTestApp;
let shop: TestShop;
beforeAll(async () => {
  t = await createAccountTestApp();
  shop = await seedTestShop(t.services.database.db);
});
afterAll(() => t.close());

type View = { items: Array<Record<string, unknown>>; productIds: number[]; count: number; max: number };

/** Every key of a JSON value, recursively. */
function keys(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) keys(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      keys(v, out);
    }
  return out;
}

describe('compare API', () => {
  it('adds products side by side in a cookie and answers the table data', async () => {
    const b = browser(t.app);
    const first = await b.post('/api/front/compare', { productId: shop.kupa });
    expect(first.statusCode).toBe(201);
    expect(b.jar.get(COMPARE_COOKIE)).toBe(String(shop.kupa));
    const second = (await b.post('/api/front/compare', { productId: shop.pestemal })).json() as View;
    expect(second.productIds).toEqual([shop.kupa, shop.pestemal]);
    expect(second.items[0]).toMatchObject({
      name: 'Sırlı Kupa',
      stockType: 1,
      vatRate: 20,
      price: { amountMinor: 25_000 },
    });
    expect(second.items[1]).toMatchObject({
      stockType: 2,
      optionGroups: [{ name: 'Renk', values: ['Mavi', 'Kırmızı', 'Yeşil'] }],
    });
    const removed = (await b.delete(`/api/front/compare/${shop.kupa}`)).json() as View;
    expect(removed.productIds).toEqual([shop.pestemal]);
    expect(((await b.get('/api/front/compare')).json() as View).productIds).toEqual([shop.pestemal]);
  });

  it('refuses a fifth product with 409 KARSILASTIRMA_LIMITI naming the limit', async () => {
    const b = browser(t.app);
    for (const productId of [shop.kupa, shop.pestemal, shop.isimliKupa, shop.defter]) {
      expect((await b.post('/api/front/compare', { productId })).statusCode).toBe(201);
    }
    const res = await b.post('/api/front/compare', { productId: shop.ekitap });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('KARSILASTIRMA_LIMITI');
    expect(res.json().error.message).toContain('En fazla 4 ürün karşılaştırabilirsiniz');
    expect(((await b.get('/api/front/compare')).json() as View).count).toBe(4);
  });

  it('never answers the purchase price', async () => {
    const b = browser(t.app);
    await b.post('/api/front/compare', { productId: shop.kupa });
    const body = (await b.get('/api/front/compare')).json();
    for (const key of keys(body)) expect(key).not.toMatch(/purchase|cost|alis|price_type/i);
    // The kupa's purchase price is 90 TL (9000): it appears nowhere.
    expect(JSON.stringify(body)).not.toMatch(/\b9000\b/);
  });

  it('answers 404 URUN_BULUNAMADI for an unknown or inactive product', async () => {
    for (const productId of [999_999, shop.eski]) {
      const res = await browser(t.app).post('/api/front/compare', { productId });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('URUN_BULUNAMADI');
    }
  });

  it.each([
    ['missing', {}],
    ['negative', { productId: -5 }],
    ['non-numeric', { productId: 'abc' }],
  ])('refuses a %s product id with 400 GECERSIZ_ISTEK', async (_name, body) => {
    const res = await browser(t.app).post('/api/front/compare', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
  });

  it.each([['abc'], ['1-2-3-4-5'], ['1-1'], ['0']])('ignores a tampered cookie %s', async (value) => {
    const res = await t.app.inject({
      url: '/api/front/compare',
      headers: { cookie: `${COMPARE_COOKIE}=${value}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(0);
  });

  it('refuses a write with the compare cookie from another site', async () => {
    const b = browser(t.app);
    await b.post('/api/front/compare', { productId: shop.kupa });
    const res = await b.request({
      method: 'DELETE',
      url: `/api/front/compare/${shop.kupa}`,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('KAYNAK_REDDEDILDI');
  });
});
