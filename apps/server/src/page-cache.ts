import { LRUCache } from 'lru-cache';
import { type Encoded, encodeAll } from './precompressed.ts';

/**
 * In-process cache of anonymous page answers (server HTML and route data of catalogue, blog and content
 * pages, which hold no per-visitor data). Bounded by size, entries expire after `ttlMs`, and every data
 * change drops it all (on PostgreSQL also on the other app nodes, through the cache bus).
 *
 * An entry keeps the CSP nonce it was rendered with, and that response's header carries it again: the
 * nonce stays unpredictable to anyone who could not already read the cached page itself.
 */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  encoded: Encoded;
  nonce: string;
}

export interface PageCacheOptions {
  /** 0 turns the cache off: nothing is kept, every page is rendered (to measure rendering). */
  maxBytes?: number;
  ttlMs?: number;
}

export function createPageCache({ maxBytes = 64 * 1024 * 1024, ttlMs = 60_000 }: PageCacheOptions = {}) {
  const lru = new LRUCache<string, CachedPage>({
    // lru-cache needs a positive bound; a disabled cache never stores anything anyway.
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (page) =>
      page.encoded.identity.length + page.encoded.br.length + page.encoded.gzip.length + 512,
    ttl: ttlMs,
  });
  return {
    enabled: maxBytes > 0,
    get: (key: string) => lru.get(key),
    set(key: string, page: Omit<CachedPage, 'encoded'> & { body: Buffer }) {
      const { body, ...rest } = page;
      const entry = { ...rest, encoded: encodeAll(body) };
      lru.set(key, entry);
      return entry;
    },
    clear: () => lru.clear(),
    get size() {
      return lru.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

const UNCACHED_PREFIXES = ['/api/', '/uploads/', '/assets/', '/healthz', '/readyz'];

/** GET and HEAD of pages only; a query string is part of the key (filters, sort, page). */
export function isCacheablePageRequest(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return !UNCACHED_PREFIXES.some((p) => url.startsWith(p));
}
