import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY, serveEnv, serveNodeArgs } from '../../../../scripts/serve-command.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const serveScript: string = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts
  .serve;

/**
 * MB of resident memory a Node process keeps after it freed 300 buffers of 1 MB (with small allocations
 * between them, as a catalogue snapshot's load leaves them), started with `env`.
 */
function keptAfterFreeing(env: Record<string, string>): number {
  const code = `
    const rss = () => process.memoryUsage().rss / 1048576;
    let big = Buffer.allocUnsafeSlow(8 << 20); big.fill(1); big = null; gc();
    const before = rss();
    let held = []; const pins = [];
    for (let i = 0; i < 300; i++) {
      const b = Buffer.allocUnsafeSlow(1 << 20); b.fill(2); held.push(b);
      const p = Buffer.allocUnsafeSlow(64); p.fill(3); pins.push(p);
    }
    held = null; gc(); gc();
    console.log(Math.round(rss() - before));`;
  const { MALLOC_MMAP_THRESHOLD_: _, ...rest } = process.env;
  return Number(
    execFileSync(process.execPath, ['--expose-gc', '-e', code], {
      encoding: 'utf8',
      env: { ...rest, ...env },
    }).trim(),
  );
}

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
    expect(serveScript).toMatch(/\bnode --v8-pool-size=1 /);
  });

  it("caps each thread's young generation at two 4 MB halves", () => {
    // Set at run time, the growth factor (ops/heap-growth.ts) still let a thread's young generation reach
    // two 16 MB halves while the catalogue index loads (V8 grows it before the first quiet moment): at a
    // million products the highest RSS went from 585-619 to 560-561 MB with the cap, for the same CPU per
    // search and listing and 0.3 s less CPU over the index's load (bench/RESULTS.md, 2026-11-29). V8 reads the
    // flag only when a thread's heap is set up: on the command line.
    expect(serveScript).toMatch(/ --max-semi-space-size=4 apps\/server\/build\/main\.mjs$/);
  });

  it('is how the bench, the e2e server and the test clusters start it (one place knows its options)', async () => {
    expect(serveNodeArgs()).toEqual(['--v8-pool-size=1', '--max-semi-space-size=4']);
    const { default: e2e } = await import('../../../../tests/e2e/playwright.config.ts');
    const webServer = Array.isArray(e2e.webServer) ? e2e.webServer[0] : e2e.webServer;
    expect(webServer?.command).toMatch(
      new RegExp(`&& node --v8-pool-size=1 --max-semi-space-size=4 ${SERVER_ENTRY}$`),
    );
  });

  it('starts three threads fewer than Node by default (Linux)', () => {
    expect(threadsWith(['--v8-pool-size=1'])).toBe(threadsWith([]) - 3);
  });

  it('gives memory freed by large buffers back to the system (glibc: a fixed mmap threshold)', () => {
    // glibc raises its mmap threshold to the size of each large block freed (up to 32 MB), after which such
    // blocks come from the heap and, freed among small ones, stay resident: after a catalogue snapshot's
    // load at a million products 400-600 MB of RSS (bench/RESULTS.md, 2026-11-29).
    expect(serveScript).toMatch(/^NODE_ENV=production MALLOC_MMAP_THRESHOLD_=131072 node /);
    expect(serveEnv()).toEqual({ MALLOC_MMAP_THRESHOLD_: '131072' });
    expect(keptAfterFreeing({})).toBeGreaterThan(100);
    expect(keptAfterFreeing(serveEnv())).toBeLessThan(20);
  });
});
