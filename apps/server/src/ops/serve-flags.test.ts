import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY, serveNodeArgs } from '../../../../scripts/serve-command.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const serveScript: string = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts
  .serve;

/** The threads of a Node process started with `flags` (Linux: /proc/self/task). */
function threadsWith(flags: string[]): number {
  const code = "setTimeout(() => console.log(require('node:fs').readdirSync('/proc/self/task').length), 300)";
  return Number(execFileSync(process.execPath, [...flags, '-e', code], { encoding: 'utf8' }).trim());
}

describe('npm run serve', () => {
  it('runs the compiled server with one V8 background thread', () => {
    // Each of V8's background threads keeps the memory of its optimizing compiles and parallel collections in
    // a malloc arena of its own: one thread instead of four, 25-45 MB less RSS at the peak on the demo shop and
    // 33-53 MB at 100 000 products, for the same CPU per request (bench/RESULTS.md, 2026-11-27).
    expect(serveScript).toMatch(/\bnode --v8-pool-size=1 apps\/server\/build\/main\.mjs$/);
  });

  it('is how the bench, the e2e server and the test clusters start it (one place knows its options)', async () => {
    expect(serveNodeArgs()).toEqual(['--v8-pool-size=1']);
    const { default: e2e } = await import('../../../../tests/e2e/playwright.config.ts');
    const webServer = Array.isArray(e2e.webServer) ? e2e.webServer[0] : e2e.webServer;
    expect(webServer?.command).toMatch(new RegExp(`&& node --v8-pool-size=1 ${SERVER_ENTRY}$`));
  });

  it('starts three threads fewer than Node by default (Linux)', () => {
    expect(threadsWith(['--v8-pool-size=1'])).toBe(threadsWith([]) - 3);
  });
});
