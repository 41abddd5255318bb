// Compressing a body, shared by the request thread (precompressed.ts) and the render threads
// (render-worker.mjs). Plain JavaScript: a worker thread starts without the TypeScript loader.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * One body in one encoding. `quality` is brotli's 0-11 (gzip takes level 9 from quality 9 up, else 6);
 * the size hint lets brotli size its window for the body at hand.
 */
export function compress(body, encoding, quality) {
  if (encoding === 'gzip') return gzipSync(body, { level: quality >= 9 ? 9 : 6 });
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/**
 * `quality` is brotli's 0-11: 11 for bodies made rarely (the home JSON), the default 5 for pages, which are
 * compressed on every cache fill (quality 11 costs tens of milliseconds on a 20 kB page).
 */
export function encodeAll(body, quality = 5) {
  const identity = typeof body === 'string' ? Buffer.from(body) : body;
  return { identity, br: compress(identity, 'br', quality), gzip: compress(identity, 'gzip', quality) };
}

/**
 * For a page made for one answer. On the 95 kB product page brotli 1 takes ~0.35 ms for 21.6 kB, brotli 3
 * ~0.9 ms for 19.6 kB: a tenth more bytes for a third of the time, on the path that renders every page.
 */
export const ONCE_QUALITY = 1;
