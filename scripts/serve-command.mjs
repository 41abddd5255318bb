// How the shop's server is started: Node's own options of `npm run serve` (package.json), e.g.
// `--v8-pool-size=1`, and the environment it sets for the C library (`MALLOC_MMAP_THRESHOLD_`), read from that
// script, so the bench, the e2e server and the test clusters run what ships and the options are written in
// one place. Node and glibc read them before any of our code runs (they cannot be set from the code), so they
// stay on the command line of the serve script.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** The compiled server that `npm run serve` starts, relative to the repository root. */
export const SERVER_ENTRY = 'apps/server/build/main.mjs';

/** Node's options in `npm run serve`, in their order (empty when it has none). */
export function serveNodeArgs() {
  const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const args = scripts.serve.match(/\bnode\s+(.*?)\s*apps\/server\/build\/main\.mjs/)?.[1] ?? '';
  return args.split(/\s+/).filter(Boolean);
}

/**
 * The variables `npm run serve` sets before `node` but NODE_ENV (each launcher sets its own), e.g.
 * `{ MALLOC_MMAP_THRESHOLD_: '131072' }`.
 */
export function serveEnv() {
  const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const before = scripts.serve.match(/^(.*?)\bnode\s/)?.[1] ?? '';
  return Object.fromEntries(
    before
      .split(/\s+/)
      .filter((pair) => /^\w+=/.test(pair) && !pair.startsWith('NODE_ENV='))
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}
