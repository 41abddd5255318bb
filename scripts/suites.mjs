// Shared by the test runners: run a command, collect pass/fail/skip counts per suite, print one summary.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const resultsDir = path.join(root, 'test-results');

export function run(command, args, { env = {}, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: quiet ? 'ignore' : 'inherit',
    });
    child.on('close', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

/** Counts of a Vitest JSON report; a missing report counts as one failure. */
export function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + (r.success ? 0 : r.numFailedTests === 0 ? 1 : 0),
    skipped: r.numPendingTests + r.numTodoTests,
  };
}

/** Counts of a Playwright JSON report. */
export function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected + (stats.expected + stats.unexpected + stats.flaky === 0 ? 1 : 0),
    skipped: stats.skipped,
  };
}

export function saveSummary(name, suites) {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, `summary-${name}.json`), JSON.stringify(suites, null, 2));
}

export function printSummary(suites) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  console.log('\nSuites:');
  for (const [name, c] of Object.entries(suites)) {
    console.log(`  ${name.padEnd(22)} ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
    total.passed += c.passed;
    total.failed += c.failed;
    total.skipped += c.skipped;
  }
  console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return total;
}

/** A check without individual tests (lint, typecheck) counts as one test. */
export const check = (code) => ({ passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 });
