import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/server.ts';

describe('robots.txt and sitemaps', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: 'https://magaza.example' } });
  });
  afterAll(() => t.close());

  // Crawlers and proxies keep these answers: their addresses are on PUBLIC_URL whatever Host a client sends.
  it('robots.txt keeps crawlers out of private pages and names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt', headers: { host: 'kotu-site.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /panel');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: https://magaza.example/sitemap.xml');
  });

  it('the sitemap index lists pages, categories and product files', async () => {
    const res = await t.app.inject({
      url: '/sitemap.xml',
      headers: { host: 'kotu-site.example', 'x-forwarded-host': 'kotu-site.example' },
    });
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<sitemapindex');
    expect(res.body).toContain('<loc>https://magaza.example/sitemaps/products-1.xml</loc>');
    expect(res.body).not.toContain('products-2.xml');
  });

  it('a product sitemap lists every active product with its last change', async () => {
    const res = await t.app.inject('/sitemaps/products-1.xml');
    expect(res.statusCode).toBe(200);
    const urls = res.body.match(/<url>/g) ?? [];
    const [row] = await t.services.database.query<{ n: string }>(
      'select count(*) as n from products where is_active',
    );
    expect(urls.length).toBe(Number(row!.n));
    expect(res.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
  });

  it('category and page sitemaps list their URLs', async () => {
    expect((await t.app.inject('/sitemaps/categories.xml')).body).toContain(
      '<loc>https://magaza.example/shop/seramik</loc>',
    );
    expect((await t.app.inject('/sitemaps/pages.xml')).body).toContain(
      '/content/kvkk-aydinlatma-metni</loc>',
    );
  });

  it.each(['/sitemaps/products-2.xml', '/sitemaps/products-0.xml', '/sitemaps/products-abc.xml'])(
    'answers 404 for %s',
    async (url) => {
      expect((await t.app.inject(url)).statusCode).toBe(404);
    },
  );
});
