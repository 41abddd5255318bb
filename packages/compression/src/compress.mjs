// Compressing a body, shared by the server's request thread (precompressed.ts), its render threads
// (render-worker.mjs) and the build of the storefront and the panel (precompress.ts), so the built files are
// what the server would send itself. Node only (zlib). Plain JavaScript: a worker thread starts without the
// TypeScript loader.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Smaller bodies are sent as they are: compressing them gains a few bytes for a call. */
export const MIN_COMPRESSED_BYTES = 1024;

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

/**
 * The compress plugin's settings for answers made per request (listings, search, the cart: 1-20 kB of JSON).
 * Brotli at ONCE_QUALITY: on the 100 000-product listings and searches (10-11 kB) quality 1 takes ~46 µs an
 * answer and 4 (the plugin's default) ~105 µs, for a body of 20.8 instead of 18.7 % of the JSON. Compressed
 * synchronously up to 256 kB: on two cores the plugin's own limit is 8 kB, and above it each answer got a
 * brotli stream (an encoder with its 4 MB window, work handed to the thread pool and back) that costs more
 * CPU and memory than compressing 20 kB at once (bench/RESULTS.md, 2026-11-26).
 */
export const PER_ANSWER_COMPRESSION = {
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: ONCE_QUALITY } },
  syncThreshold: 256 * 1024,
};
