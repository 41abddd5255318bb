import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Services } from '@vitrin/core';
import { createFeeds, type FeedName } from '@vitrin/core/feeds/feeds';
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

function notModified(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const match = request.headers['if-none-match'];
  if (match !== undefined) {
    return match
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === etag || tag === '*');
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && lastModified.getTime() <= since;
}

/**
 * The product feeds for Google Merchant Center (`/feeds/google.xml`) and Turkish price-comparison sites
 * (`/feeds/products.xml`), addresses on PUBLIC_URL. Like the sitemaps they are for bots and are served
 * during maintenance too: a feed that disappears for an hour can get a shop's products disapproved. Kept
 * gzip-compressed only (`@vitrin/core/feeds`); a client without gzip gets it decompressed as it is sent.
 */
export function registerFeedRoutes(
  app: FastifyInstance,
  services: Services,
  { publicUrl }: { publicUrl: string },
) {
  const feeds = createFeeds(services.database.db, services.cache, services.settings, publicUrl);

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
}
