import { brotliDecompressSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { type Encoded, pickEncoding } from '../http/precompressed.ts';

/**
 * In-process cache of anonymous page answers (server HTML and route data of catalogue, blog and content
 * pages, which hold no per-visitor data). Bounded by size, entries expire after `ttlMs`, and every data
 * change drops it all (on PostgreSQL also on the other app nodes, through the cache bus).
 *
 * An entry keeps the CSP nonce it was rendered with, and that response's header carries it again: the
 * nonce stays unpredictable to anyone who could not already read the cached page itself.
 *
 * Only the compressed copies are kept (brotli for browsers, gzip for the rest): the plain page is four to
 * five times their size together, and the rare client that takes no encoding gets the brotli copy
 * decompressed (about 0.2 ms for a 95 kB product page). The size bound counts the bytes really held.
 */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  encoded: Pick<Encoded, 'br' | 'gzip'>;
  nonce: string;
  /** Every header of the answer per encoding, prepared when the page is stored (name, value, name, ...). */
  wire: Record<keyof Encoded, string[]>;
}

export interface PageCacheOptions {
  /** 0 turns the cache off: nothing is kept, every page is rendered (to measure rendering). */
  maxBytes?: number;
  ttlMs?: number;
  /** The headers every page answer carries (security headers, the CSP naming the page's nonce). */
  baseHeaders?: (nonce: string) => Record<string, string>;
}

export function createPageCache({
  maxBytes = 64 * 1024 * 1024,
  ttlMs = 60_000,
  baseHeaders = () => ({}),
}: PageCacheOptions = {}) {
  const lru = new LRUCache<string, CachedPage>({
    // lru-cache needs a positive bound; a disabled cache never stores anything anyway.
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (page) =>
      page.encoded.br.buffer.byteLength + page.encoded.gzip.buffer.byteLength + ENTRY_OVERHEAD_BYTES,
    ttl: ttlMs,
  });
  // Counts the clears: a page whose render began before a clear holds data from before the change.
  let generation = 0;
  return {
    enabled: maxBytes > 0,
    get: (key: string) => lru.get(key),
    /** Taken when a render begins and given back to `set`: which clears the page's data has seen. */
    get generation() {
      return generation;
    },
    /**
     * Stores a page rendered in every encoding; answers with what was stored. A page whose render began before
     * the last clear (`since` older than `generation`) is answered but not kept: it may show what the change
     * replaced, and would be served for the whole `ttlMs`.
     */
    set(key: string, page: Omit<CachedPage, 'wire' | 'encoded'> & { encoded: Encoded }, since = generation) {
      const { encoded } = page;
      const common = {
        ...baseHeaders(page.nonce),
        ...Object.fromEntries(page.headers),
        vary: 'accept-encoding',
      };
      const wire = (encoding: keyof Encoded) =>
        Object.entries({
          ...common,
          ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
          'content-length': String(encoded[encoding].length),
          'x-cache': 'hit',
        }).flat();
      const entry: CachedPage = {
        ...page,
        encoded: { br: exact(encoded.br), gzip: exact(encoded.gzip) },
        wire: { identity: wire('identity'), br: wire('br'), gzip: wire('gzip') },
      };
      if (since === generation) lru.set(key, entry);
      return entry;
    },
    clear: () => {
      generation += 1;
      lru.clear();
    },
    get size() {
      return lru.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** Keys, headers prepared per encoding and the LRU's own bookkeeping of one entry, roughly. */
const ENTRY_OVERHEAD_BYTES = 2048;

/**
 * The bytes as a buffer of their own: compressed output is often a view into a larger block (brotli's
 * 16 kB chunks, copied whole from a render thread), which the entry would otherwise keep alive.
 */
function exact(bytes: Buffer): Buffer {
  if (bytes.byteLength === bytes.buffer.byteLength) return bytes;
  // Not Buffer.from(bytes): small copies would land in Node's shared 8 kB pool.
  const copy = new Uint8Array(bytes);
  return Buffer.from(copy.buffer, 0, copy.byteLength);
}

/** The cached page's body in `encoding`; the plain page is made again from the brotli copy. */
export function cachedBody(page: CachedPage, encoding: keyof Encoded): Buffer {
  return encoding === 'identity' ? brotliDecompressSync(page.encoded.br) : page.encoded[encoding];
}

const UNCACHED_PREFIXES = ['/api/', '/uploads/', '/assets/', '/healthz', '/readyz'];

/** GET and HEAD of pages only; a query string is part of the key (filters, sort, page). */
export function isCacheablePageRequest(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return !UNCACHED_PREFIXES.some((p) => url.startsWith(p));
}

/**
 * Answers a request from the cache with the prepared headers, straight on the socket: a hit skips routing
 * hooks, serialisation and compression (onResponse hooks, and so the request log, still run).
 */
export function sendHit(request: FastifyRequest, reply: FastifyReply, page: CachedPage): void {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.hijack();
  // All headers in one writeHead list: Node then stores them in one pass (no setHeader before it).
  reply.raw.writeHead(page.status, [...page.wire[encoding], 'x-request-id', request.id]);
  reply.raw.end(request.method === 'HEAD' ? undefined : cachedBody(page, encoding));
}
