import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing (images and fonts are compressed formats already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this the encoding header costs about what it saves (the server's own threshold, page-answer.mjs). */
const MIN_BYTES = 1024;

/**
 * Writes a `.br` (brotli 11) and a `.gz` (gzip 9) beside every compressible file of the client build; the
 * server sends them as they are (`@fastify/static` with `preCompressed`).
 *
 * Those levels are too slow to use per request. Before, each first visit had its scripts compressed on the
 * fly at brotli 4: about 100 ms of server CPU per visitor for the product page's scripts, on the cores that
 * also render pages, and files a sixth larger (entry.client: 109.0 kB at brotli 4, 93.5 kB at brotli 11).
 */
export function precompress(): Plugin {
  return {
    name: 'vitrin:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle({ dir }) {
      if (!dir) return;
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(files.map(compressFile));
    },
  };
}

async function compressFile(file: string) {
  const body = await readFile(file);
  if (body.length < MIN_BYTES) return;
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gz(body, { level: 9 }),
  ]);
  // A file that does not shrink is sent as it is.
  if (br.length < body.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
}
