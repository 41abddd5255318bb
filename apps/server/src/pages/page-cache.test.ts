import { describe, expect, it } from 'vitest';
import { encodeAll } from '../http/precompressed.ts';
import { cachedBody, createPageCache } from './page-cache.ts';

const page = (text: string) => {
  const encoded = encodeAll(Buffer.from(`<html><body>${text}</body></html>`));
  // As a render thread's answer arrives: the compressed bytes a view into a larger block.
  const inBlock = (bytes: Buffer) => {
    const block = Buffer.alloc(16_384);
    bytes.copy(block);
    return block.subarray(0, bytes.length);
  };
  return {
    status: 200,
    headers: [['content-type', 'text/html; charset=utf-8']] as Array<[string, string]>,
    encoded: { identity: encoded.identity, br: inBlock(encoded.br), gzip: inBlock(encoded.gzip) },
    nonce: 'n',
  };
};

describe('page cache', () => {
  it('keeps the compressed copies in buffers of their own size and gives the plain page back from brotli', () => {
    const cache = createPageCache();
    const stored = page('Çini tabak '.repeat(200));
    cache.set('/product/cini-tabak', stored);
    const hit = cache.get('/product/cini-tabak')!;
    expect(Object.keys(hit.encoded).sort()).toEqual(['br', 'gzip']);
    expect(hit.encoded.br.buffer.byteLength).toBe(hit.encoded.br.length);
    expect(hit.encoded.gzip.buffer.byteLength).toBe(hit.encoded.gzip.length);
    expect(cachedBody(hit, 'identity').equals(stored.encoded.identity)).toBe(true);
    expect(cachedBody(hit, 'br').equals(stored.encoded.br)).toBe(true);
    // The plain answer still says its own length.
    const wire = hit.wire.identity;
    expect(wire[wire.indexOf('content-length') + 1]).toBe(String(stored.encoded.identity.length));
  });

  it('holds no more pages than its size bound allows, counting the bytes it keeps', () => {
    const cache = createPageCache({ maxBytes: 12_000 });
    for (let i = 0; i < 20; i++) cache.set(`/product/p-${i}`, page(`ürün ${i} `.repeat(300)));
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThan(20);
    expect(cache.get('/product/p-19')).toBeDefined();
    expect(cache.get('/product/p-0')).toBeUndefined();
  });

  it('answers but does not keep a page whose render began before a change dropped the cache', () => {
    const cache = createPageCache();
    const since = cache.generation;
    // The product changes while its page is being rendered with the old data.
    cache.clear();
    const answered = cache.set('/product/kupa', page('eski görsel'), since);
    expect(cachedBody(answered, 'identity').toString()).toContain('eski görsel');
    expect(cache.get('/product/kupa')).toBeUndefined();
    // A render that began after the change is kept.
    cache.set('/product/kupa', page('yeni görsel'), cache.generation);
    expect(cachedBody(cache.get('/product/kupa')!, 'identity').toString()).toContain('yeni görsel');
  });
});
