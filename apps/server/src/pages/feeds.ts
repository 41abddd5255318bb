import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Services } from '@vitrin/core';
import { createFeeds, type FeedName, type RebuildTiming } from '@vitrin/core/feeds/feeds';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Feed readers fetch a few times a day: an hour in caches between them, then the ETag for a 304. */
const CACHE = 'public, max-age=3600, s-maxage=3600';

/** Whether the client takes gzip (a `q=0` refuses it). */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name = '', ...params] = part.split(';');
    return name.trim().toLowerCase() === 'gzip' && !params.some((p) => /^\s*q=0(\.0*)?\s*$/i.test(p));
  });
}

/** If-None-Match compares weakly (RFC 9110): the feeds' tags are weak, a client may send either form. */
function notModified(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const match = request.headers['if-none-match'];
  if (match !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return match
      .split(',')
      .map(opaque)
      .some((tag) => tag === opaque(etag) || tag === '*');
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && lastModified.getTime() <= since;
}

/**
 * The product feeds for Google Merchant Center (`/feeds/google.xml`) and Turkish price-comparison sites
 * (`/feeds/products.xml`), addresses on PUBLIC_URL. Like the sitemaps they are for bots and are served
 * during maintenance too: a feed that disappears for an hour can get a shop's products disapproved. Kept
 * gzip-compressed only (`@vitrin/core/feeds`); a client without gzip gets it decompressed as it is sent.
 *
 * Only the very first request waits for a build (at 100 000 products about a minute): Google's fetcher
 * reads a 503's Retry-After poorly and would report the feed as failed, so it rather waits once. After a
 * change the feed kept is served at once while it is rebuilt in the background. Returns the feeds (tests
 * watch their rebuilds).
 */
export function registerFeedRoutes(
  app: FastifyInstance,
  services: Services,
  { publicUrl, timing }: { publicUrl: string; timing?: Partial<RebuildTiming> },
) {
  const feeds = createFeeds(services.database.db, services.cache, services.settings, publicUrl, {
    ...(timing ? { timing } : {}),
    onBuilt: (r) =>
      app.log.info({ feeds: r.feeds, items: r.items, ms: r.ms }, 'Ürün beslemeleri oluşturuldu'),
    onError: (err) => app.log.error({ err }, 'Ürün beslemeleri yeniden oluşturulamadı'),
  });
  app.addHook('onClose', () => feeds.close());

  const answer = (name: FeedName) => async (request: FastifyRequest, reply: FastifyReply) => {
    const feed = await feeds.get(name);
    reply
      .header('cache-control', CACHE)
      .header('etag', feed.etag)
      .header('last-modified', feed.lastModified.toUTCString())
      .header('vary', 'accept-encoding');
    if (notModified(request, feed.etag, feed.lastModified)) return reply.status(304).send();
    reply.type('application/xml; charset=utf-8');
    if (acceptsGzip(request.headers['accept-encoding'])) {
      reply.header('content-encoding', 'gzip').header('content-length', feed.gzipBytes);
      return reply.send(Readable.from(feed.gzip, { objectMode: false }));
    }
    return reply.send(Readable.from(feed.gzip, { objectMode: false }).pipe(createGunzip()));
  };

  app.get('/feeds/google.xml', answer('google'));
  app.get('/feeds/products.xml', answer('products'));
  return feeds;
}
