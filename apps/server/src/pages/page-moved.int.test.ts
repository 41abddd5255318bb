import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { StorefrontContext } from '@vitrin/shared/storefront';
import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, type Browser, createAccountTestApp } from '../../test/accounts.ts';
import { standInBuild } from '../../test/render-pool-build.mjs';
import { tempDir } from '../../test/server.ts';
import { loggedInStaff } from '../../test/staff.ts';

/**
 * The old address of a content page whose slug changed in the panel, through the pages' load context: a
 * stand-in `/content/:slug` page whose loader does what the storefront's does (the page, else a 301 to where
 * it moved, else 404).
 */
const build = standInBuild({
  root: { id: 'root', path: '', module: { default: () => null } },
  content: {
    id: 'content',
    parentId: 'root',
    path: 'content/:slug',
    module: {
      default: () => null,
      loader: async ({ params, context }: LoaderFunctionArgs) => {
        const store = context as unknown as StorefrontContext;
        const page = await store.page(params.slug!);
        if (page) return { page };
        const movedTo = await store.pageMovedTo(params.slug!);
        if (movedTo) throw redirect(`/content/${movedTo}`, 301);
        throw data(null, { status: 404 });
      },
    },
  },
});

const dir = tempDir();
let t: AccountTestApp;
let owner: Browser;
beforeAll(async () => {
  mkdirSync(path.join(dir.dir, 'web', 'client'), { recursive: true });
  t = await createAccountTestApp({
    webBuild: build as never,
    config: { webBuildDir: path.join(dir.dir, 'web'), dataDir: dir.dir },
  });
  owner = (await loggedInStaff(t.app, t.services, 'owner')).b;
});
afterAll(async () => {
  await t.close();
  dir.remove();
});

const PAGES = '/api/admin/pages';
const page = (title: string, slug: string) => ({
  type: 1,
  title,
  slug,
  body: `<p>${title} hakkında.</p>`,
  isPublished: true,
});
const get = (slug: string) => t.app.inject({ method: 'GET', url: `/content/${slug}` });
const shownTitle = (body: string) =>
  JSON.parse(/<pre>(.*)<\/pre>/s.exec(body)![1]!).loaderData.content.page.title;

describe('the old address of a content page whose slug changed', () => {
  it('answers 301 to the new one; a slug taken again by another page is that page’s; unknown is 404', async () => {
    const created = (await owner.post(PAGES, page('Hakkımızda', 'hakkimizda'))).json().page;
    expect((await get('hakkimizda')).statusCode).toBe(200);

    const moved = await owner.put(`${PAGES}/${created.id}`, page('Hakkımızda', 'biz-kimiz'));
    expect(moved.statusCode).toBe(200);
    const old = await get('hakkimizda');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/content/biz-kimiz');
    const now = await get('biz-kimiz');
    expect(now.statusCode).toBe(200);
    expect(shownTitle(now.body)).toBe('Hakkımızda');

    // Moved twice: the first address goes straight to the last one.
    await owner.put(`${PAGES}/${created.id}`, page('Hakkımızda', 'atolyemiz'));
    expect((await get('hakkimizda')).headers.location).toBe('/content/atolyemiz');
    expect((await get('biz-kimiz')).headers.location).toBe('/content/atolyemiz');

    // Another page takes the old slug: the address is that page's, not a redirect.
    expect((await owner.post(PAGES, page('Basın', 'hakkimizda'))).statusCode).toBe(201);
    const reused = await get('hakkimizda');
    expect(reused.statusCode).toBe(200);
    expect(shownTitle(reused.body)).toBe('Basın');

    // A page removed takes its old addresses with it.
    expect((await owner.delete(`${PAGES}/${created.id}`)).statusCode).toBe(204);
    expect((await get('biz-kimiz')).statusCode).toBe(404);
    expect((await get('hic-olmamis-bir-sayfa')).statusCode).toBe(404);
  });

  it('answers 404 at the old address of a moved page taken off the site, not a 301 to a 404; back on, 301 again', async () => {
    const created = (await owner.post(PAGES, page('Kargo Bilgisi', 'kargo-bilgisi'))).json().page;
    await owner.put(`${PAGES}/${created.id}`, page('Kargo Bilgisi', 'kargo-ve-teslimat'));
    expect((await get('kargo-bilgisi')).statusCode).toBe(301);

    const hidden = await owner.put(`${PAGES}/${created.id}`, {
      ...page('Kargo Bilgisi', 'kargo-ve-teslimat'),
      isPublished: false,
    });
    expect(hidden.statusCode).toBe(200);
    expect((await get('kargo-ve-teslimat')).statusCode).toBe(404);
    const old = await get('kargo-bilgisi');
    expect(old.statusCode).toBe(404);
    expect(old.headers.location).toBeUndefined();

    await owner.put(`${PAGES}/${created.id}`, page('Kargo Bilgisi', 'kargo-ve-teslimat'));
    const back = await get('kargo-bilgisi');
    expect(back.statusCode).toBe(301);
    expect(back.headers.location).toBe('/content/kargo-ve-teslimat');
  });
});
