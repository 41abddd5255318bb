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

/** A failure message's lines without colour codes, blank lines and stack frames. */
const messageLines = (message = '') =>
  message
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are what is removed
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() && !/^\s*at /.test(line));

/**
 * A failure for the summary: the message's first line, then (indented) where it failed and up to 8 more lines
 * (the expected and received values, the locator waited for), enough to tell a flaky wait from a real fault
 * when only the end of a long log is kept.
 */
const brief = (message = '', location, stack = '') => {
  const [first = '', ...rest] = messageLines(message);
  const where = location ? [`at ${path.relative(root, location.file)}:${location.line}`] : [];
  // A failure inside a shared helper: the test's own line that called it, too.
  const caller = stack.match(/\(?([^\s()]+\.spec\.ts:\d+):\d+\)?/)?.[1];
  if (caller && !where[0]?.endsWith(path.relative(root, caller)))
    where.push(`in ${path.relative(root, caller)}`);
  const more = [...where, ...rest.slice(0, 8)].map((line) => `      ${line.slice(0, 300)}`);
  return [first.trim().slice(0, 300), ...more].join('\n');
};

/**
 * Counts of a Vitest JSON report; a missing report counts as one failure. `failures` names each failed test
 * (file, title, the message in brief) so that the summary at the end of a long log says which one.
 */
export function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const failures = [];
  for (const result of r.testResults ?? []) {
    const name = path.relative(root, result.name);
    const failed = (result.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) failures.push(`${name} › ${a.fullName}: ${brief(a.failureMessages?.[0])}`);
    if (!failed.length && result.status === 'failed') failures.push(`${name}: ${brief(result.message)}`);
  }
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + (r.success ? 0 : r.numFailedTests === 0 ? 1 : 0),
    skipped: r.numPendingTests + r.numTodoTests,
    ...(failures.length ? { failures } : {}),
  };
}

/** The failed tests of a Playwright report's suites (nested by file and describe). */
function playwrightFailures(suites, into = []) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error;
        into.push(`${spec.file} › ${spec.title}: ${brief(error?.message, error?.location, error?.stack)}`);
      }
    }
    playwrightFailures(suite.suites, into);
  }
  return into;
}

/** Counts of a Playwright JSON report. */
export function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { stats } = report;
  const failures = playwrightFailures(report.suites);
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected + (stats.expected + stats.unexpected + stats.flaky === 0 ? 1 : 0),
    skipped: stats.skipped,
    ...(failures.length ? { failures } : {}),
  };
}

export function saveSummary(name, suites) {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, `summary-${name}.json`), JSON.stringify(suites, null, 2));
}

export function printSummary(suites) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const failures = Object.entries(suites).flatMap(([name, c]) =>
    (c.failures ?? []).map((f) => `  ${name}: ${f}`),
  );
  if (failures.length) console.log(`\nFailed:\n${failures.join('\n')}`);
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
