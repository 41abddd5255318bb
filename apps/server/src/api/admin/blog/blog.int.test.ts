import { auditLog, blogCategories, blogPosts } from '@vitrin/core/db/schema';
import { eventually } from '@vitrin/testing/eventually';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let manager: Browser;
let support: Browser;
let categoryId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  manager = (await loggedInStaff(t.app, t.services, 'manager')).b;
  support = (await loggedInStaff(t.app, t.services, 'support')).b;
  const [category] = await t.services.database.db
    .insert(blogCategories)
    .values({ slug: 'atolye', name: 'Atölye' })
    .returning();
  categoryId = category!.id;
});
afterAll(() => t.close());

const POSTS = '/api/admin/blog/posts';
const words = (n: number) => Array.from({ length: n }, (_, i) => `kelime${i}`).join(' ');
const post = (extra: Record<string, unknown> = {}) => ({
  title: 'Çini Boyamanın İncelikleri',
  excerpt: 'Fırça seçimi ve sırlama.',
  body: `<h2>Giriş</h2><p>${words(450)}</p>`,
  author: 'Ayşe Usta',
  categoryId,
  tags: ['Çini', 'El İşi'],
  isPublished: true,
  ...extra,
});
const storefrontList = async () =>
  ((await t.app.inject('/api/front/blog')).json().items as Array<{ id: number }>).map((p) => p.id);
const feed = async () => (await t.app.inject('/blog/rss.xml')).body;
const sitemap = async () => (await t.app.inject('/sitemaps/blog.xml')).body;
const postCount = async () => (await t.services.database.db.select({ n: count() }).from(blogPosts))[0]!.n;

describe('blog posts in the panel', () => {
  it('stores a manager’s post sanitized, with its reading time, tags and an audit row, shown at once', async () => {
    expect(await storefrontList()).toEqual([]); // cached now
    const res = await manager.post(
      POSTS,
      post({
        body: `<p>${words(450)}</p><script>alert(1)</script><img src=x onerror=alert(1)><p onclick="alert(2)"><a href="JaVaScRiPt:alert(3)">bağ</a></p>`,
      }),
    );
    expect(res.statusCode).toBe(201);
    const saved = res.json().post;
    expect(saved).toMatchObject({
      slug: 'cini-boyamanin-incelikleri',
      status: 'published',
      readingMinutes: 2,
      tags: ['Çini', 'El İşi'],
      categoryName: 'Atölye',
    });
    expect(saved.body).toBe(`<p>${words(450)}</p><p><a>bağ</a></p>`);
    const [row] = await t.services.database.db.select().from(blogPosts).where(eq(blogPosts.id, saved.id));
    expect(row!.body).not.toMatch(/script|onerror|onclick|javascript/i);

    expect(await storefrontList()).toEqual([saved.id]);
    const front = (await t.app.inject(`/api/front/blog/${saved.id}`)).json();
    expect(front.post.body).not.toMatch(/script|onerror|javascript/i);
    expect(await feed()).toContain('Çini Boyamanın İncelikleri');

    const audits = await t.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'blogPost'), eq(auditLog.entityId, String(saved.id))));
    expect(audits.map((a) => a.action)).toEqual(['blogPost.create']);

    const edited = await manager.put(
      `${POSTS}/${saved.id}`,
      post({ title: 'Yeni Başlık', slug: '', tags: [] }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().post).toMatchObject({
      title: 'Yeni Başlık',
      slug: 'cini-boyamanin-incelikleri',
      tags: [],
    });
    expect((await t.app.inject(`/api/front/blog/${saved.id}`)).json().post.title).toBe('Yeni Başlık');

    expect((await manager.delete(`${POSTS}/${saved.id}`)).statusCode).toBe(204);
    expect(await storefrontList()).toEqual([]);
    expect((await manager.delete(`${POSTS}/${saved.id}`)).json().error.code).toBe('YAZI_BULUNAMADI');
  });

  it('keeps a draft out of the storefront, the feed and the sitemap', async () => {
    const res = await manager.post(POSTS, post({ title: 'Taslak Yazı', isPublished: false }));
    const draft = res.json().post;
    expect(draft.status).toBe('draft');
    expect(await storefrontList()).not.toContain(draft.id);
    expect((await t.app.inject(`/api/front/blog/${draft.id}`)).statusCode).toBe(404);
    expect(await feed()).not.toContain('Taslak Yazı');
    expect(await sitemap()).not.toContain(`/blog-details/${draft.id}<`);
    const drafts = (await manager.get(`${POSTS}?status=draft`)).json().items;
    expect(drafts.map((p: { id: number }) => p.id)).toContain(draft.id);
  });

  it('shows a scheduled post by itself when its time comes, a cached listing and feed included', async () => {
    expect(await storefrontList()).toBeDefined(); // cached before the post exists
    const at = new Date(Date.now() + 2500).toISOString();
    const res = await manager.post(POSTS, post({ title: 'Zamanlı Yazı', publishedAt: at }));
    const scheduled = res.json().post;
    expect(scheduled.status).toBe('scheduled');
    expect(await storefrontList()).not.toContain(scheduled.id);
    expect(await feed()).not.toContain('Zamanlı Yazı');
    expect(await sitemap()).not.toContain(`/blog-details/${scheduled.id}<`);
    expect((await t.app.inject(`/api/front/blog/${scheduled.id}`)).statusCode).toBe(404);
    // Nothing else changes meanwhile: the caches must let go of the listing at the post's time.
    expect(await eventually(async () => (await storefrontList()).includes(scheduled.id), 10_000)).toBe(true);
    expect(await feed()).toContain('Zamanlı Yazı');
    expect(await sitemap()).toContain(`/blog-details/${scheduled.id}<`);
  });

  it('refuses bad input with a Turkish message on its field, writing nothing', async () => {
    const before = await postCount();
    const refused = async (body: object, status: number, code: string, field: string) => {
      const res = await manager.post(POSTS, body);
      expect({ status: res.statusCode, code: res.json().error.code }).toEqual({ status, code });
      expect(res.json().error.fields?.[field]).toMatch(/[a-zçğıöşü]/i);
    };
    await refused(post({ title: '' }), 400, 'GECERSIZ_ISTEK', 'title');
    await refused(post({ author: undefined }), 400, 'GECERSIZ_ISTEK', 'author');
    await refused(post({ publishedAt: 'yarın' }), 400, 'GECERSIZ_ISTEK', 'publishedAt');
    await refused(post({ coverImage: '../../etc/passwd' }), 400, 'GECERSIZ_ISTEK', 'coverImage');
    await refused(post({ categoryId: 999_999 }), 400, 'GECERSIZ_ISTEK', 'categoryId');
    await refused(post({ body: '<script>alert(1)</script>' }), 400, 'GECERSIZ_ISTEK', 'body');
    await refused(post({ tags: ['!!!'] }), 400, 'GECERSIZ_ISTEK', 'tags');
    await refused(post({ slug: 'taslak-yazi' }), 409, 'SLUG_KAYITLI', 'slug');
    expect(await postCount()).toBe(before);
    expect((await manager.put(`${POSTS}/999999`, post())).statusCode).toBe(404);
  });

  it('lists posts a page at a time with the total; a bad page is refused (400)', async () => {
    const total = await postCount();
    const first = (await manager.get(`${POSTS}?perPage=10`)).json();
    expect(first).toMatchObject({ page: 1, total, pageCount: Math.max(1, Math.ceil(total / 10)) });
    expect(first.items).toHaveLength(Math.min(total, 10));
    const added = [];
    for (let i = 0; i < 11; i++) {
      added.push((await manager.post(POSTS, post({ title: `Sayfa Yazısı ${i}` }))).json().post.id);
    }
    const second = (await manager.get(`${POSTS}?perPage=10&page=2`)).json();
    expect(second).toMatchObject({ page: 2, total: total + 11 });
    expect(second.items.length).toBe(Math.min(10, total + 11 - 10));
    const again = (await manager.get(`${POSTS}?perPage=10`)).json();
    const ids = [...again.items, ...second.items].map((p: { id: number }) => p.id);
    expect(new Set(ids).size).toBe(total + 11);
    for (const q of ['page=0', 'perPage=500', 'page=x']) {
      const res = await manager.get(`${POSTS}?${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
    }
    for (const id of added) expect((await manager.delete(`${POSTS}/${id}`)).statusCode).toBeLessThan(300);
  });

  it('refuses a save over a change made since the form loaded the post (409 KAYIT_DEGISTI), changing nothing', async () => {
    const owner = (await loggedInStaff(t.app, t.services, 'owner')).b;
    const created = (await manager.post(POSTS, post({ title: 'Sırlama Üzerine' }))).json().post;
    const loaded = created.updatedAt as string;
    const first = await owner.put(
      `${POSTS}/${created.id}`,
      post({ title: 'Sırlama Üzerine', excerpt: 'Sahibin özeti', loadedUpdatedAt: loaded }),
    );
    expect(first.statusCode).toBe(200);
    const second = await manager.put(
      `${POSTS}/${created.id}`,
      post({ title: 'Sırlama Üzerine', excerpt: 'Müdürün özeti', tags: [], loadedUpdatedAt: loaded }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'KAYIT_DEGISTI',
      message: expect.stringContaining('siz düzenlerken başka biri tarafından değiştirildi'),
    });
    const stored = (await manager.get(`${POSTS}/${created.id}`)).json().post;
    expect(stored).toMatchObject({ excerpt: 'Sahibin özeti', tags: ['Çini', 'El İşi'] });
    const again = await manager.put(
      `${POSTS}/${created.id}`,
      post({ title: 'Sırlama Üzerine', excerpt: 'Müdürün özeti', loadedUpdatedAt: stored.updatedAt }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().post.excerpt).toBe('Müdürün özeti');
  });

  it('is not for support staff (403), who see no posts', async () => {
    expect((await support.get(POSTS)).statusCode).toBe(403);
    expect((await support.post(POSTS, post({ title: 'Destek Yazısı' }))).statusCode).toBe(403);
    expect(await storefrontList()).toBeDefined();
    const [{ n } = { n: 0 }] = await t.services.database.db
      .select({ n: count() })
      .from(blogPosts)
      .where(eq(blogPosts.title, 'Destek Yazısı'));
    expect(n).toBe(0);
  });
});
