import type { Services } from '@vitrin/core';
import { activeProductCount, SITEMAP_PAGE_SIZE, sitemapProducts } from '@vitrin/core/catalog/sitemap';
import type { CategoryNode } from '@vitrin/shared/api/catalog';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/errors.ts';

const XML = 'application/xml; charset=utf-8';
const CACHE = 'public, max-age=3600, s-maxage=3600';

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

function urlset(urls: Array<{ loc: string; lastmod?: Date }>) {
  const items = urls
    .map(
      (u) =>
        `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''}</url>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items}</urlset>`;
}

function flatten(nodes: CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/**
 * robots.txt and a sitemap index (pages, categories, products in files of 50,000 URLs). Every address is on
 * PUBLIC_URL: these answers are cached by proxies and crawlers, and the Host header is the client's choice.
 */
export function registerSeoRoutes(
  app: FastifyInstance,
  services: Services,
  { publicUrl: base }: { publicUrl: string },
) {
  const db = services.database.db;

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(
        [
          'User-agent: *',
          'Disallow: /api/',
          'Disallow: /admin',
          'Disallow: /panel',
          'Disallow: /cart',
          'Disallow: /checkout',
          'Disallow: /user-checkout',
          'Disallow: /secure-pay',
          'Disallow: /search',
          `Sitemap: ${base}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const productPages = Math.max(1, Math.ceil((await activeProductCount(db)) / SITEMAP_PAGE_SIZE));
    const files = [
      'sitemaps/pages.xml',
      'sitemaps/categories.xml',
      'sitemaps/blog.xml',
      ...Array.from({ length: productPages }, (_, i) => `sitemaps/products-${i + 1}.xml`),
    ];
    const body = `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${files
      .map((f) => `<sitemap><loc>${escapeXml(`${base}/${f}`)}</loc></sitemap>`)
      .join('')}</sitemapindex>`;
    return reply.type(XML).header('cache-control', CACHE).send(body);
  });

  app.get('/sitemaps/pages.xml', async (_request, reply) => {
    const links = await services.content.links();
    const urls = [
      { loc: `${base}/` },
      { loc: `${base}/about` },
      ...links.map((l) => ({ loc: `${base}/content/${l.slug}` })),
    ];
    return reply.type(XML).header('cache-control', CACHE).send(urlset(urls));
  });

  app.get('/sitemaps/categories.xml', async (_request, reply) => {
    const categories = flatten(await services.catalog.categoryTree());
    return reply
      .type(XML)
      .header('cache-control', CACHE)
      .send(urlset(categories.map((c) => ({ loc: `${base}/shop/${c.slug}` }))));
  });

  app.get('/sitemaps/products-:page.xml', async (request, reply) => {
    const { page } = request.params as { page: string };
    const n = /^[1-9]\d{0,4}$/.test(page) ? Number(page) : 0;
    const items = n ? await sitemapProducts(db, n) : [];
    if (!items.length) {
      return reply.status(404).send(errorBody('BULUNAMADI', `Site haritası bulunamadı: ${request.url}`));
    }
    return reply
      .type(XML)
      .header('cache-control', CACHE)
      .send(urlset(items.map((p) => ({ loc: `${base}/product/${p.slug}`, lastmod: p.updatedAt }))));
  });
}
