import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/server.ts';

describe('blog API, feed and sitemap', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: 'https://magaza.example' } });
  });
  afterAll(() => t.close());

  it('lists published posts newest first, six a page, and pages past the end are empty', async () => {
    const first = await t.app.inject('/api/front/blog');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toContain('public');
    const body = first.json();
    expect(body.items).toHaveLength(6);
    expect(body.total).toBe(12);
    const dates = body.items.map((p: { publishedAt: string }) => p.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await t.app.inject('/api/front/blog?page=3')).json().items).toEqual([]);
  });

  it('filters by category and tag slugs', async () => {
    const deri = (await t.app.inject('/api/front/blog?category=deri')).json();
    expect(deri.category).toEqual({ slug: 'deri', name: 'Deri' });
    expect(deri.items.every((p: { category: { slug: string } }) => p.category.slug === 'deri')).toBe(true);
    const tag = (await t.app.inject('/api/front/blog?tag=kisiye-ozel')).json();
    expect(tag.tag.name).toBe('Kişiye özel');
    expect(tag.items.length).toBeGreaterThan(0);
  });

  it.each(['0', '-1', 'abc', '1.5', '100000'])('answers 400 GECERSIZ_ISTEK for page=%s', async (page) => {
    const res = await t.app.inject(`/api/front/blog?page=${page}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
    expect(res.json().error.fields.page).toMatch(/Sayfa numarası/);
  });

  it('answers 400 for a category or tag that is not a slug', async () => {
    const res = await t.app.inject('/api/front/blog?category=%C3%87ay%20Bah%C3%A7esi');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.category).toBeDefined();
  });

  it('answers 404 BULUNAMADI for an unknown category or tag', async () => {
    for (const url of ['/api/front/blog?category=yok-boyle', '/api/front/blog?tag=yok-boyle']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('BULUNAMADI');
    }
  });

  it('gives a post with related posts and neighbours', async () => {
    const [newest] = (await t.app.inject('/api/front/blog')).json().items;
    const res = await t.app.inject(`/api/front/blog/${newest.id}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.post.title).toBe(newest.title);
    expect(page.post.body).toContain('<h2>');
    expect(page.next).toBeNull();
    expect(page.previous).not.toBeNull();
    expect(page.related.length).toBeGreaterThan(0);
  });

  it.each(['abc', '0', '1e3', '99999', '99999999999'])(
    'answers 404 BULUNAMADI for post id %s',
    async (id) => {
      const res = await t.app.inject(`/api/front/blog/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({
        code: 'BULUNAMADI',
        message: expect.stringContaining('Blog yazısı'),
      });
    },
  );

  it('hides an unpublished post from the list and the API', async () => {
    const [newest] = (await t.app.inject('/api/front/blog')).json().items;
    await t.services.database.query(
      `update blog_posts set is_published = false where id = ${Number(newest.id)}`,
    );
    await t.services.cache.invalidateAll();
    expect((await t.app.inject(`/api/front/blog/${newest.id}`)).statusCode).toBe(404);
    expect((await t.app.inject('/api/front/blog')).json().total).toBe(11);
    await t.services.database.query(
      `update blog_posts set is_published = true where id = ${Number(newest.id)}`,
    );
    await t.services.cache.invalidateAll();
  });

  it('serves an RSS 2.0 feed with absolute links from PUBLIC_URL and escaped text', async () => {
    const res = await t.app.inject('/blog/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><rss version="2.0"/);
    expect(res.body.match(/<item>/g)).toHaveLength(12);
    expect(res.body).toMatch(/<link>https:\/\/magaza\.example\/blog-details\/\d+<\/link>/);
    expect(res.body).toContain('Çamurdan kupaya: bir kupanın yolculuğu');
    // "Kadıköy’deki" and other text appear only escaped: no raw & outside entities.
    expect(res.body).not.toMatch(/&(?!(lt|gt|amp|apos|quot);)/);
  });

  it('adds the blog to the sitemap index, with every post in its file', async () => {
    const index = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'kotu-site.example' } });
    expect(index.body).toContain('<loc>https://magaza.example/sitemaps/blog.xml</loc>');
    const file = await t.app.inject({ url: '/sitemaps/blog.xml', headers: { host: 'kotu-site.example' } });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('<loc>https://magaza.example/blog</loc>');
    expect(file.body.match(/\/blog-details\/\d+<\/loc>/g)).toHaveLength(12);
    expect(file.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
  });

  it('documents the blog routes in OpenAPI', async () => {
    const doc = (await t.app.inject('/api/docs')).json();
    expect(doc.paths['/api/front/blog']).toBeDefined();
    expect(doc.paths['/api/front/blog/{id}']).toBeDefined();
  });
});
