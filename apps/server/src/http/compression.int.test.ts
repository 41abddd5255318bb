import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/server.ts';
import { MIN_COMPRESSED_BYTES } from '../pages/page-answer.mjs';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });

describe('compression of API answers', () => {
  // Measured: brotli takes 15-30 µs of CPU even for a small body; under 1 KB it saves a few hundred bytes at
  // most, less than one TCP segment, so small answers go as they are.
  it('sends small JSON answers uncompressed, even to a client that takes brotli', async () => {
    for (const url of [
      '/api/front/cart/count',
      '/api/front/cart',
      '/api/front/auth/me',
      '/api/front/nothing',
    ]) {
      const res = await get(url);
      expect(res.rawPayload.length).toBeLessThan(MIN_COMPRESSED_BYTES);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(() => JSON.parse(res.body)).not.toThrow();
    }
  });

  it('compresses a JSON answer of 1 KB and more with brotli', async () => {
    const res = await get('/api/front/categories/seramik/products');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(res.rawPayload);
    expect(body.length).toBeGreaterThanOrEqual(MIN_COMPRESSED_BYTES);
    expect(res.rawPayload.length).toBeLessThan(body.length);
  });

  it('sends a listing of 10-20 KB compressed in one piece, with its length', async () => {
    const res = await get('/api/front/categories/seramik/products?pageSize=48');
    expect(res.statusCode).toBe(200);
    const body = brotliDecompressSync(res.rawPayload);
    expect(body.length).toBeGreaterThan(8 * 1024);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(JSON.parse(body.toString()).listing.items.length).toBeGreaterThan(0);
  });
});
