import type { Services } from '@vitrin/core';
import { type BlogPostCard, blogListQuerySchema, blogPostIdSchema } from '@vitrin/shared/api/blog';
import { imageUrl } from '@vitrin/shared/media';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';
import { notFoundBody } from '../../http/errors.ts';
import { apiRoutes, errorAnswer } from '../route.ts';
import { listing, postPage } from './schemas.ts';

/** Blog answers are the same for every visitor: shared caches may keep them briefly. */
const CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
const FEED_CACHE = 'public, max-age=600, s-maxage=600';
const FEED_SIZE = 20;

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** RSS 2.0 of the newest posts, every link absolute from the shop's public address. */
export function rssFeed(
  base: string,
  shop: { name: string; description: string },
  posts: BlogPostCard[],
): string {
  const items = posts
    .map((p) => {
      const link = `${base}/blog-details/${p.id}`;
      return [
        '<item>',
        `<title>${escapeXml(p.title)}</title>`,
        `<link>${escapeXml(link)}</link>`,
        `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `<pubDate>${new Date(p.publishedAt).toUTCString()}</pubDate>`,
        `<dc:creator>${escapeXml(p.author)}</dc:creator>`,
        p.category ? `<category>${escapeXml(p.category.name)}</category>` : '',
        `<description>${escapeXml(p.excerpt)}</description>`,
        p.coverImage
          ? `<enclosure url="${escapeXml(base + imageUrl(p.coverImage))}" type="image/webp" length="0"/>`
          : '',
        '</item>',
      ].join('');
    })
    .join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${escapeXml(`${shop.name} Blog`)}</title>`,
    `<link>${escapeXml(`${base}/blog`)}</link>`,
    `<atom:link href="${escapeXml(`${base}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    `<description>${escapeXml(shop.description)}</description>`,
    '<language>tr-TR</language>',
    posts[0] ? `<lastBuildDate>${new Date(posts[0].publishedAt).toUTCString()}</lastBuildDate>` : '',
    items,
    '</channel></rss>',
  ].join('');
}

/**
 * The blog API (`GET /api/front/blog`, `GET /api/front/blog/:id`), its RSS feed and its sitemap file.
 * An unknown category or tag answers 404 (like catalogue categories), not an empty list: a link to a
 * category that does not exist is a broken link, and search engines should learn so.
 */
export function registerBlogRoutes(app: FastifyInstance, services: Services, options: { publicUrl: string }) {
  const { blog } = services;

  const route = apiRoutes(app);

  route({
    method: 'GET',
    url: '/api/front/blog',
    summary: 'Published blog posts, newest first, 6 a page; filtered by category and tag slugs',
    tag: 'Mağaza: blog',
    querystring: blogListQuerySchema,
    responses: {
      200: { description: 'A page of posts (a page past the last has no items)', schema: listing },
      400: errorAnswer('GECERSIZ_ISTEK: a bad page number or slug; `fields` names it'),
      404: errorAnswer('BULUNAMADI: no category or tag with this slug'),
    },
    handler: async (request, reply) => {
      const { query } = request;
      const found = await blog.list(query);
      if (!found) {
        return reply
          .status(404)
          .send(notFoundBody(query.category ? 'Blog kategorisi' : 'Blog etiketi', request.url));
      }
      return reply.header('cache-control', CACHE).send(found);
    },
  });

  route({
    method: 'GET',
    url: '/api/front/blog/:id',
    summary: 'A published post with related posts and its older and newer neighbours',
    tag: 'Mağaza: blog',
    // Anything but a post's number answers 404, as an unknown number does.
    params: { id: z.string().describe('The post number') },
    responses: {
      200: { description: 'Post', schema: postPage },
      404: errorAnswer('BULUNAMADI: no published post with this id (also for an id that is not a number)'),
    },
    handler: async (request, reply) => {
      const id = blogPostIdSchema.safeParse(request.params.id);
      const page = id.success ? await blog.post(id.data) : null;
      if (!page) return reply.status(404).send(notFoundBody('Blog yazısı', request.url));
      return reply.header('cache-control', CACHE).send(page);
    },
  });

  app.get('/blog/rss.xml', async (_request, reply) => {
    const [settings, posts] = await Promise.all([services.settings.public(), blog.recent(FEED_SIZE)]);
    const body = rssFeed(
      options.publicUrl,
      { name: settings.brand_name, description: `${settings.brand_name} atölyesinden yazılar` },
      posts,
    );
    return reply.type('application/rss+xml; charset=utf-8').header('cache-control', FEED_CACHE).send(body);
  });

  app.get('/sitemaps/blog.xml', async (_request, reply) => {
    const base = options.publicUrl;
    const posts = await blog.sitemap();
    const urls = [
      `<url><loc>${escapeXml(`${base}/blog`)}</loc></url>`,
      ...posts.map(
        (p) =>
          `<url><loc>${escapeXml(`${base}/blog-details/${p.id}`)}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>`,
      ),
    ].join('');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600, s-maxage=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
      );
  });
}
