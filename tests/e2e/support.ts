import { execFileSync } from 'node:child_process';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './playwright.config.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run vitrin -- …` against the running e2e server's data directory (the control socket). */
export function vitrinCli(...args: string[]): string {
  return execFileSync('npx', ['tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
  });
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(root, 'test-results/screenshots', `${name}.png`), fullPage: true });
}
