import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, createAccountTestApp } from '../../test/accounts.ts';
import { testWebBuild } from '../../test/web-build.ts';

let t: AccountTestApp;
beforeAll(async () => {
  t = await createAccountTestApp({ demo: false, webBuild: testWebBuild });
});
afterAll(() => t.close());

const options = (url: string) => t.app.inject({ method: 'OPTIONS', url });

describe('OPTIONS', () => {
  it.each([
    ['/', 'GET, HEAD, OPTIONS'],
    ['/login', 'GET, HEAD, POST, OPTIONS'],
    ['/login.data', 'GET, HEAD, POST, OPTIONS'],
    ['/product/kupa', 'GET, HEAD, OPTIONS'],
    ['/api/front/wishlist', 'GET, HEAD, POST, OPTIONS'],
    ['/api/front/cart/items/5', 'PATCH, DELETE, OPTIONS'],
    ['/healthz', 'GET, HEAD, OPTIONS'],
    ['/admin/siparisler', 'GET, HEAD, OPTIONS'],
  ])('names for %s only the methods it takes: %s', async (url, allow) => {
    const res = await options(url);
    expect([res.statusCode, res.headers.allow]).toEqual([204, allow]);
  });

  it('lists no method that then answers 405', async () => {
    for (const url of ['/', '/login', '/api/front/wishlist']) {
      const allow = String((await options(url)).headers.allow).split(', ');
      for (const method of allow.filter((m) => m !== 'OPTIONS')) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          payload: method === 'GET' || method === 'HEAD' ? undefined : {},
        });
        expect([url, method, res.statusCode]).not.toEqual([url, method, 405]);
      }
    }
  });

  it('answers a method a page does not take with 405, in Turkish, and the same Allow', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/' });
      expect([method, res.statusCode, res.headers.allow]).toEqual([method, 405, 'GET, HEAD, OPTIONS']);
      expect(res.json().error).toEqual({
        code: 'YONTEM_DESTEKLENMIYOR',
        message: `Bu sayfa ${method} isteğini desteklemez.`,
      });
    }
  });

  it('leaves an address the API does not have a 404', async () => {
    const res = await options('/api/front/yok');
    expect(res.statusCode).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });
});
