import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from './playwright.config.ts';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, shots } from './support.ts';

// The server looks at the nightly backup once a minute: the test waits for up to two rounds.
test.describe.configure({ timeout: 240_000 });

const root = path.resolve(import.meta.dirname, '../..');
/** The compiled CLI (`npm run vitrin`), as an owner runs it beside the compiled server. */
const builtCli = (...args: string[]) =>
  execFileSync(process.execPath, ['apps/server/build/cli.mjs', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '' },
    encoding: 'utf8',
  });

/** SS:DD on Turkey's clock, `minutes` from now. */
const turkeyTime = (minutes: number) =>
  new Date(Date.now() + 3 * 3_600_000 + minutes * 60_000).toISOString().slice(11, 16);

test('an owner sets the nightly backup in the panel and sees its result on the dashboard; the CLI backs up the running shop', async ({
  page,
  context,
}) => {
  const owner = createStaff('owner', 'Yedek Sahibi');
  await logInStaff(context, owner);

  // The compiled CLI backs up the running compiled shop.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-e2e-yedek-'));
  try {
    const printed = builtCli('backup', path.join(dir, 'elle.tar.gz'));
    expect(printed).toContain('Yedek yazıldı');
    expect(existsSync(path.join(dir, 'elle.tar.gz'))).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // The nightly time a minute ahead: the server makes it within its next rounds.
  await page.goto('/admin/ayarlar');
  const section = page.getByRole('region', { name: 'Gece yedeği' });
  await section.getByLabel('Saat (Türkiye saati)').fill('25:00');
  await section.getByRole('button', { name: /Kaydet/ }).click();
  await expect(section.getByText('Saat SS:DD biçiminde olmalı')).toBeVisible();
  await section.getByLabel('Saat (Türkiye saati)').fill(turkeyTime(1));
  await section.getByLabel('Saklanacak yedek sayısı').fill('3');
  await section.getByRole('button', { name: /Kaydet/ }).click();
  await expect(section.getByRole('status')).toHaveText('Kaydedildi.');
  await shots(page, 'admin-settings-backup');

  await page.goto('/admin/');
  const card = page.getByRole('region', { name: 'Gece yedeği' });
  await expect(card).toContainText('son 3 yedek saklanır');
  await expect(card.getByText('Başarılı')).toBeVisible({ timeout: 200_000 });
  await expect(card).toContainText(/vitrin-yedek-\d{8}T\d{6}Z\.tar\.gz/);
  await shots(page, 'admin-dashboard-backup');
  await expectNoAxeViolations(page);

  // Back as the other specs found it.
  await page.goto('/admin/ayarlar');
  await section.getByLabel('Saat (Türkiye saati)').fill('03:30');
  await section.getByLabel('Saklanacak yedek sayısı').fill('7');
  await section.getByRole('button', { name: /Kaydet/ }).click();
  await expect(section.getByRole('status')).toHaveText('Kaydedildi.');
});
