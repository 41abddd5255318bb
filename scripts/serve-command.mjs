// How the shop's server is started: Node's own options of `npm run serve` (package.json), e.g.
// `--v8-pool-size=1`, read from that script, so the bench, the e2e server and the test clusters run what ships
// and the options are written in one place. Node reads them before any of our code runs (they cannot be set
// from the code), so they stay on the command line of the serve script.
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
