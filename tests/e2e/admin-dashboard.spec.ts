import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { placeTransferOrder } from './checkout-api.ts';
import { E2E_PORT } from './playwright.config.ts';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, shots } from './support.ts';

test.describe.configure({ timeout: 180_000 });

const placeOrder = (shopper: APIRequestContext, lastName: string) =>
  placeTransferOrder(shopper, { email: `panel.${Date.now()}@example.com`, firstName: 'Gülşen', lastName });

test('a manager sees storefront orders on the dashboard as they come, exports them and prints an order’s papers', async ({
  page,
  context,
  playwright,
}) => {
  // A manager, not an owner: another owner would let admin-panel.spec demote the one it calls the last.
  const manager = createStaff('manager', 'Panel Yöneticisi');
  await logInStaff(context, manager);
  // A shopper of their own: a cart cookie apart from the staff member's browser.
  const shopper = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const first = await placeOrder(shopper, 'Öztürk');

  await page.goto('/admin/');
  const recent = page.getByRole('region', { name: 'Son siparişler' });
  await expect(recent.getByText(first)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Bugün' })).toContainText('sipariş');
  await expect(page.getByRole('img', { name: /Son 30 günün günlük cirosu/ })).toBeVisible();
  await shots(page, 'admin-dashboard');
  await expectNoAxeViolations(page);

  // A new order shows without a reload.
  const second = await placeOrder(shopper, 'Çağlayan');
  await expect(recent.getByText(second)).toBeVisible({ timeout: 30_000 });
  await expect(recent.getByText('Gülşen Çağlayan').first()).toBeVisible();

  // A reversed range says why on its field and offers no file.
  const exports = page.getByRole('region', { name: 'Siparişleri dışa aktar' });
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  await exports.getByLabel('Başlangıç').fill('2030-01-02');
  await exports.getByLabel('Bitiş').fill('2030-01-01');
  await expect(exports.getByText('Bitiş tarihi başlangıç tarihinden önce olamaz')).toBeVisible();
  await expect(exports.getByRole('link', { name: 'CSV indir' })).toHaveCount(0);
  await exports.getByLabel('Başlangıç').fill(today);
  await exports.getByLabel('Bitiş').fill(today);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    exports.getByRole('link', { name: 'CSV indir' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`siparisler-${today}-${today}.csv`);
  const text = readFileSync((await csv.path())!, 'utf8');
  expect(text.startsWith('\uFEFFSipariş No;Tarih;Durum')).toBe(true);
  expect(text).toContain(`${first};`);
  expect(text).toContain(`${second};`);
  expect(text).toContain('Gülşen Çağlayan');

  // The packing slip: a page to print, no prices; the invoice PDF from it.
  await page.goto(`/admin/siparisler/${second}/paketleme-fisi`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sevk irsaliyesi / paketleme fişi' }),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Bostanlı Mah. Cemal Gürsel Cad. No: 10 D: 4');
  await expect(page.getByRole('main')).not.toContainText('₺');
  await shots(page, 'admin-packing-slip');
  await expectNoAxeViolations(page);
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Fatura PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`fatura-${second}.pdf`);
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await shopper.dispose();
});
