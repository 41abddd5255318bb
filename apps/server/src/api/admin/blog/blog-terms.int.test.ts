import { auditLog, blogCategories, blogPosts, blogTags } from '@vitrin/core/db/schema';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let manager: Browser;
let support: Browser;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  manager = (await loggedInStaff(t.app, t.services, 'manager')).b;
  support = (await loggedInStaff(t.app, t.services, 'support')).b;
});
afterAll(() => t.close());

const CATEGORIES = '/api/admin/blog/categories';
const TAGS = '/api/admin/blog/tags';
const names = async (url: string) =>
  ((await manager.get(url)).json().items as Array<{ name: string }>).map((c) => c.name);
const audits = async () => (await t.services.database.db.select({ n: count() }).from(auditLog))[0]!.n;
const post = (extra: Record<string, unknown>) =>
  manager.post('/api/admin/blog/posts', {
    title: `Yazı ${Math.random()}`,
    body: '<p>Kısa bir yazı.</p>',
    author: 'Ayşe Usta',
    isPublished: true,
    ...extra,
  });
const storefrontCategories = async () => JSON.stringify((await t.app.inject('/api/front/blog')).json());

describe('blog categories and tags in the panel', () => {
  it('adds, renames, reorders and removes categories, audited; posts keep no category', async () => {
    const before = await audits();
    const add = async (name: string) => {
      const res = await manager.post(CATEGORIES, { name });
      expect(res.statusCode).toBe(201);
      return res.json().term as { id: number; slug: string; postCount: number };
    };
    const atolye = await add('Atölye Notları');
    const haber = await add('Haberler');
    const ikinci = await add('Atölye notları');
    expect([atolye.slug, ikinci.slug]).toEqual(['atolye-notlari', 'atolye-notlari-2']);
    expect(await names(CATEGORIES)).toEqual(['Atölye Notları', 'Haberler', 'Atölye notları']);

    const moved = await manager.post(`${CATEGORIES}/${ikinci.id}/move`, { index: 0 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().items.map((c: { name: string }) => c.name)).toEqual([
      'Atölye notları',
      'Atölye Notları',
      'Haberler',
    ]);

    const renamed = await manager.put(`${CATEGORIES}/${haber.id}`, { name: 'Duyurular' });
    expect(renamed.json().term).toMatchObject({ name: 'Duyurular', slug: 'haberler' });

    const written = await post({ categoryId: haber.id });
    expect(written.statusCode).toBe(201);
    expect((await manager.get(`${CATEGORIES}/${haber.id}`)).json().term.postCount).toBe(1);
    expect(await storefrontCategories()).toContain('Duyurular'); // cached now
    await manager.put(`${CATEGORIES}/${haber.id}`, { name: 'Duyurular ve Haberler', slug: 'haberler' });
    expect(await storefrontCategories()).toContain('Duyurular ve Haberler');

    expect((await manager.delete(`${CATEGORIES}/${haber.id}`)).statusCode).toBe(204);
    const postId = written.json().post.id;
    const [kept] = await t.services.database.db.select().from(blogPosts).where(eq(blogPosts.id, postId));
    expect(kept?.categoryId).toBeNull();
    expect(await storefrontCategories()).not.toContain('Duyurular ve Haberler');
    expect(await audits()).toBe(before + 8); // 3 added, 1 moved, 2 renamed, 1 removed, and the post
  });

  it('adds, renames and removes tags; a removed tag leaves its posts', async () => {
    const res = await manager.post(TAGS, { name: 'Sırlama' });
    expect(res.statusCode).toBe(201);
    const tag = res.json().term;
    const written = (await post({ tags: ['Sırlama', 'Fırça'] })).json().post;
    expect(written.tags).toEqual(['Fırça', 'Sırlama']);
    expect((await manager.put(`${TAGS}/${tag.id}`, { name: 'Sırlar' })).json().term).toMatchObject({
      name: 'Sırlar',
      slug: 'sirlama',
      postCount: 1,
    });
    expect(await names(TAGS)).toEqual(['Fırça', 'Sırlar']);
    expect((await manager.delete(`${TAGS}/${tag.id}`)).statusCode).toBe(204);
    expect((await manager.get(`/api/admin/blog/posts/${written.id}`)).json().post.tags).toEqual(['Fırça']);
  });

  it('refuses bad input: empty name 400, a typed slug taken 409, an unknown id 404, writing nothing', async () => {
    const first = (await manager.post(CATEGORIES, { name: 'Rehber' })).json().term;
    const rows = await t.services.database.db.select().from(blogCategories);
    const tagRows = await t.services.database.db.select().from(blogTags);
    const before = await audits();
    for (const url of [CATEGORIES, TAGS]) {
      const empty = await manager.post(url, { name: ' ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.code).toBe('GECERSIZ_ISTEK');
      expect(empty.json().error.fields.name).toMatch(/[çğıöşü]/);
    }
    const clash = await manager.post(CATEGORIES, { name: 'Başka', slug: 'rehber' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('SLUG_KAYITLI');
    expect(clash.json().error.fields.slug).toContain('rehber-2');
    await manager.post(TAGS, { name: 'Rehber' });
    const tagClash = await manager.post(TAGS, { name: 'Başka', slug: 'Rehber' });
    expect(tagClash.statusCode).toBe(409);
    expect((await manager.put(`${CATEGORIES}/999999`, { name: 'Yok' })).json().error.code).toBe(
      'BLOG_KATEGORISI_BULUNAMADI',
    );
    expect((await manager.delete(`${TAGS}/999999`)).statusCode).toBe(404);
    expect((await manager.post(`${CATEGORIES}/999999/move`, { index: 0 })).statusCode).toBe(404);
    expect((await manager.post(`${CATEGORIES}/${first.id}/move`, { index: -1 })).statusCode).toBe(400);
    expect(await t.services.database.db.select().from(blogCategories)).toEqual(rows);
    expect((await t.services.database.db.select().from(blogTags)).length).toBe(tagRows.length + 1);
    expect(await audits()).toBe(before + 1); // only the tag added between
  });

  it('is not for support staff (403)', async () => {
    expect((await support.get(CATEGORIES)).statusCode).toBe(403);
    expect((await support.post(TAGS, { name: 'Destek' })).statusCode).toBe(403);
  });
});
