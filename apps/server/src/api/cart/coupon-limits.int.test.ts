import { CART_TOKEN_HEADER } from '@vitrin/shared/api/cart';
import { seedTestShop, type TestShop } from '@vitrin/testing/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, browser, createAccountTestApp, newIp } from '../../../test/accounts.ts';
import { COUPON_LIMITS } from '../../storefront/coupon-limits.ts';

let t: AccountTestApp;
let shop: TestShop;
beforeAll(async () => {
  t = await createAccountTestApp();
  shop = await seedTestShop(t.services.database.db);
});
afterAll(() => t.close());

/** A coupon attempt of an API client: its own address, and the cart token it holds, if any. */
const tryCode = (ip: string, code: string, cartToken?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/front/cart/coupon',
    remoteAddress: ip,
    payload: { code },
    headers: cartToken ? { [CART_TOKEN_HEADER]: cartToken } : {},
  });

function expectTooMany(res: Awaited<ReturnType<typeof tryCode>>) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json().error).toMatchObject({
    code: 'COK_FAZLA_ISTEK',
    message: expect.stringMatching(/^Kısa sürede çok fazla kupon kodu denendi\. Lütfen \d+ dakika sonra/),
  });
}

describe('coupon attempts', () => {
  it(`allows ${COUPON_LIMITS.perCart} codes per cart, then 429 whichever address the next comes from`, async () => {
    const b = browser(t.app);
    const added = await b.post('/api/front/cart/items', { productId: shop.kupa, quantity: 1 });
    const cartToken = added.headers[CART_TOKEN_HEADER] as string;
    for (let i = 0; i < COUPON_LIMITS.perCart; i++) {
      expect((await tryCode(newIp(), `TAHMIN${i}`, cartToken)).statusCode).toBe(404);
    }
    expectTooMany(await tryCode(newIp(), 'TAHMIN-SON', cartToken));
    // Another cart is not affected.
    const other = browser(t.app);
    await other.post('/api/front/cart/items', { productId: shop.kupa, quantity: 1 });
    expect((await other.post('/api/front/cart/coupon', { code: 'BASKA' })).statusCode).toBe(404);
  });

  it(`allows ${COUPON_LIMITS.perClient} codes per address, even with a new cart for each, then 429`, async () => {
    const ip = newIp();
    for (let i = 0; i < COUPON_LIMITS.perClient; i++) {
      expect((await tryCode(ip, `TAHMIN${i}`)).statusCode).not.toBe(429);
    }
    expectTooMany(await tryCode(ip, 'TAHMIN-SON'));
    expect((await tryCode(newIp(), 'TAHMIN-SON')).statusCode).not.toBe(429);
  });
});
