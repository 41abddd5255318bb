// The build plugin of the storefront and the panel (their `vite.config.ts`, Node, build time only). Plain
// JavaScript: Vite loads a config's package imports with Node itself, which runs no TypeScript.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { constants } from 'node:zlib';
// The server's own compression and threshold, so the build's files are what it would send itself.
import { compress, MIN_COMPRESSED_BYTES } from './compress.mjs';

/** Text files worth compressing (images and fonts are compressed formats already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes a `.br` (brotli 11) and a `.gz` (gzip 9) beside every compressible file of the client build; the
 * server sends them as they are (`@fastify/static` with `preCompressed`).
 *
 * Those levels are too slow to use per request. Before, each first visit had its scripts compressed on the
 * fly at brotli 4: about 100 ms of server CPU per visitor for the product page's scripts, on the cores that
 * also render pages, and files a sixth larger (entry.client: 109.0 kB at brotli 4, 93.5 kB at brotli 11).
 */
export function precompress() {
  return {
    name: 'vitrin:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle({ dir }) {
      if (!dir) return;
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const body = await readFile(file);
        if (body.length < MIN_COMPRESSED_BYTES) continue;
        for (const encoding of ['br', 'gzip']) {
          const packed = compress(body, encoding, constants.BROTLI_MAX_QUALITY);
          // A file that does not shrink is sent as it is.
          if (packed.length < body.length)
            await writeFile(file + (encoding === 'br' ? '.br' : '.gz'), packed);
        }
      }
    },
  };
}
