import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Result } from '@vitrin/shared/api/account-context';
import { COMPARE_COOKIE, WISHLIST_COOKIE } from '@vitrin/shared/api/wishlist';
import type { StorefrontContext } from '@vitrin/shared/storefront';
import { seedTestShop, type TestShop } from '@vitrin/testing/shop';
import type { Response } from 'light-my-request';
import { type ActionFunctionArgs, data } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestApp,
  type Browser,
  browser,
  createAccountTestApp,
  registeredBrowser,
} from '../../test/accounts.ts';
import { standInBuild } from '../../test/render-pool-build.mjs';
import { tempDir } from '../../test/server.ts';

/**
 * The wishlist part of the pages' load context, behind stand-in `/wishlist` and `/compare` pages whose actions
 * call it as the real ones do (a heart's or compare button's plain form post adds, the list page removes).
 */
type Lists = StorefrontContext['wishlist'];
type Change = (productId: string) => Promise<Result<{ productIds: number[] }>>;

function listRoute(id: 'wishlist' | 'compare', changes: (lists: Lists) => { add: Change; remove: Change }) {
  return {
    id,
    parentId: 'root',
    path: id,
    module: {
      default: () => null,
      action: async ({ request, context }: ActionFunctionArgs) => {
        const fields = Object.fromEntries(await request.formData()) as Record<string, string>;
        const { add, remove } = changes((context as StorefrontContext).wishlist);
        const result = await (fields.intent === 'add' ? add : remove)(fields.productId ?? '');
        const headers = new Headers();
        if (result.ok) for (const cookie of result.setCookie) headers.append('set-cookie', cookie);
        return data(result.ok ? { ids: result.value.productIds } : { error: result.error }, {
          status: result.ok ? 200 : result.status,
          headers,
        });
      },
    },
  };
}

const build = standInBuild({
  root: { id: 'root', path: '', module: { default: () => null } },
  wishlist: listRoute('wishlist', (lists) => lists),
  compare: listRoute('compare', (lists) => ({ add: lists.addToCompare, remove: lists.removeFromCompare })),
});

const dir = tempDir();
let t: AccountTestApp;
let shop: TestShop;
beforeAll(async () => {
  mkdirSync(path.join(dir.dir, 'web', 'client'), { recursive: true });
  t = await createAccountTestApp({
    webBuild: build as never,
    config: { webBuildDir: path.join(dir.dir, 'web'), dataDir: dir.dir },
  });
  shop = await seedTestShop(t.services.database.db);
});
afterAll(async () => {
  await t.close();
  dir.remove();
});

interface Answer {
  ids?: number[];
  error?: { code: string; message: string; fields?: Record<string, string> };
}
const answer = (res: Response) =>
  (JSON.parse(/<pre>(.*)<\/pre>/s.exec(res.body)![1]!).actionData as Record<string, Answer>) ?? {};

function post(b: Browser, page: 'wishlist' | 'compare', fields: Record<string, string>) {
  return b.request({
    method: 'POST',
    url: `/${page}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('the wishlist and compare pages’ form posts (without JavaScript)', () => {
  it('a guest’s heart adds to the cookie list (again: unchanged), the list page removes', async () => {
    const b = browser(t.app);
    const added = await post(b, 'wishlist', { intent: 'add', productId: String(shop.kupa) });
    expect(added.statusCode).toBe(200);
    expect(answer(added).wishlist).toEqual({ ids: [shop.kupa] });
    expect(b.jar.get(WISHLIST_COOKIE)).toBe(`${shop.kupa}.25000`);
    await post(b, 'wishlist', { intent: 'add', productId: String(shop.ekitap) });
    await post(b, 'wishlist', { intent: 'add', productId: String(shop.kupa) });
    expect((await b.get('/api/front/wishlist')).json().productIds).toEqual([shop.kupa, shop.ekitap]);

    const removed = await post(b, 'wishlist', { intent: 'remove', productId: String(shop.kupa) });
    expect(answer(removed).wishlist).toEqual({ ids: [shop.ekitap] });
    expect((await b.get('/api/front/wishlist')).json().productIds).toEqual([shop.ekitap]);
  });

  it('a logged-in customer’s heart adds to the stored list, not a cookie', async () => {
    const b = await registeredBrowser(t.app, 301);
    await post(b, 'wishlist', { intent: 'add', productId: String(shop.pestemal) });
    expect(b.jar.has(WISHLIST_COOKIE)).toBe(false);
    expect((await b.get('/api/front/wishlist')).json().productIds).toEqual([shop.pestemal]);
    await post(b, 'wishlist', { intent: 'remove', productId: String(shop.pestemal) });
    expect((await b.get('/api/front/wishlist')).json().count).toBe(0);
  });

  it('compare adds up to four; a fifth is refused with 409 KARSILASTIRMA_LIMITI in Turkish; removing frees a place', async () => {
    const b = browser(t.app);
    for (const id of [shop.kupa, shop.pestemal, shop.isimliKupa, shop.defter]) {
      expect((await post(b, 'compare', { intent: 'add', productId: String(id) })).statusCode).toBe(200);
    }
    expect(b.jar.get(COMPARE_COOKIE)).toBeTruthy();
    const fifth = await post(b, 'compare', { intent: 'add', productId: String(shop.ekitap) });
    expect(fifth.statusCode).toBe(409);
    expect(answer(fifth).compare?.error?.code).toBe('KARSILASTIRMA_LIMITI');
    expect(answer(fifth).compare?.error?.message).toContain('En fazla 4 ürün karşılaştırabilirsiniz');

    await post(b, 'compare', { intent: 'remove', productId: String(shop.kupa) });
    const again = await post(b, 'compare', { intent: 'add', productId: String(shop.ekitap) });
    expect(answer(again).compare).toEqual({
      ids: [shop.pestemal, shop.isimliKupa, shop.defter, shop.ekitap],
    });
  });

  it('refuses an inactive product (404 URUN_BULUNAMADI) and a product number that is no number (400)', async () => {
    const b = browser(t.app);
    for (const page of ['wishlist', 'compare'] as const) {
      const inactive = await post(b, page, { intent: 'add', productId: String(shop.eski) });
      expect(inactive.statusCode).toBe(404);
      expect(answer(inactive)[page]?.error?.code).toBe('URUN_BULUNAMADI');
      const bad = await post(b, page, { intent: 'add', productId: 'abc' });
      expect(bad.statusCode).toBe(400);
      expect(answer(bad)[page]?.error?.fields?.productId).toBe('Geçersiz ürün');
    }
    expect(b.jar.size).toBe(0);
  });

  it('refuses a post another site made (403 KAYNAK_REDDEDILDI) and changes no list', async () => {
    const b = browser(t.app);
    await post(b, 'wishlist', { intent: 'add', productId: String(shop.kupa) });
    await post(b, 'compare', { intent: 'add', productId: String(shop.kupa) });
    for (const page of ['wishlist', 'compare'] as const) {
      // A browser names the fetch's site; without an Origin React Router's own check does not apply.
      const foreign = await t.app.inject({
        method: 'POST',
        url: `/${page}`,
        headers: {
          host: 'localhost:3000',
          'sec-fetch-site': 'cross-site',
          'content-type': 'application/x-www-form-urlencoded',
          cookie: [...b.jar].map(([k, v]) => `${k}=${v}`).join('; '),
        },
        payload: new URLSearchParams({ intent: 'remove', productId: String(shop.kupa) }).toString(),
      });
      expect(foreign.statusCode).toBe(403);
      expect(answer(foreign)[page]?.error?.code).toBe('KAYNAK_REDDEDILDI');
    }
    expect((await b.get('/api/front/wishlist')).json().productIds).toEqual([shop.kupa]);
    expect((await b.get('/api/front/compare')).json().productIds).toEqual([shop.kupa]);
  });
});
