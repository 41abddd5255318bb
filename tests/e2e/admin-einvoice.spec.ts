import { expect, test } from '@playwright/test';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { type ParasutContractServer, startParasutServer } from '@vitrin/testing/parasut-server';
import { placeOrder } from './checkout-api.ts';
import { E2E_PORT, PARASUT_PORT } from './playwright.config.ts';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, shots, vitrinCli } from './support.ts';

test.describe.configure({ timeout: 240_000 });

const SAME_ORIGIN = { origin: `http://localhost:${E2E_PORT}` };

/** The shop's legal details this file changes: the specs after it see the demo shop's again. */
const LEGAL = ['unvan', 'tax_id', 'tax_office', 'contact_address'] as const;
let legal: [string, string][] = [];

/** Paraşüt's contract server for this file; e-invoicing goes back off afterwards. */
let parasut: ParasutContractServer | undefined;
test.beforeAll(async () => {
  legal = LEGAL.map((key) => [key, vitrinCli('settings', 'get', key).replace(/\n$/, '')]);
  parasut = await startParasutServer({ port: PARASUT_PORT, jobReads: 1 });
});
test.afterAll(async () => {
  vitrinCli('settings', 'set', 'einvoice_provider', 'none');
  for (const [key, value] of legal) vitrinCli('settings', 'set', key, value);
  await parasut?.close();
});

test('an owner turns e-invoicing on, issues a paid order’s e-Arşiv on its page and opens the PDF; the shopper downloads it', async ({
  page,
  context,
  browser,
}) => {
  await logInStaff(context, createStaff('owner', 'Fatura Sahibi'));

  vitrinCli('settings', 'set', 'tax_office', '');
  // Off: the settings say so; turned on while the legal details are missing, the panel says what is missing.
  await page.goto('/admin/ayarlar#efatura');
  const section = page.getByRole('region', { name: 'e-Arşiv ve e-Fatura (Paraşüt)' });
  const health = page.getByRole('region', { name: 'Paraşüt bağlantısı' });
  await expect(health.getByText('Kapalı', { exact: true }).first()).toBeVisible();
  await expect(health).toContainText('Tanımlı');
  const choice = section.getByLabel('E-fatura');
  await expect(choice).toHaveValue('none');
  await choice.selectOption('parasut');
  await section.getByRole('button', { name: /Kaydet/ }).click();
  await expect(section.getByRole('alert').filter({ hasText: 'E-fatura (Paraşüt) açılamadı' })).toContainText(
    'vergi dairesi',
  );

  vitrinCli('settings', 'set', 'unvan', 'Atölye Seramik Ltd. Şti.');
  vitrinCli('settings', 'set', 'tax_id', '1234567890');
  vitrinCli('settings', 'set', 'tax_office', 'Kadıköy');
  vitrinCli('settings', 'set', 'contact_address', 'Caferağa Mah. Moda Cad. No: 1 Kadıköy İstanbul');
  await page.reload();
  await expect(section).not.toContainText('yasal bilgileri eksik');
  await section.getByLabel('E-fatura').selectOption('parasut');
  await section.getByRole('button', { name: /Kaydet/ }).click();
  await expect(section.getByRole('status')).toHaveText('Kaydedildi.');
  await expect(health.getByText('Paraşüt', { exact: true })).toBeVisible();
  await page.reload();
  await expect(section.getByLabel('E-fatura')).toHaveValue('parasut');
  await shots(page, 'admin-einvoice-settings');
  await expectNoAxeViolations(page);

  // A shopper's transfer order, paid: the owner issues its invoice by hand.
  const shopperContext = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const shopperPage = await shopperContext.newPage();
  const { orderNo, next } = await placeOrder(
    shopperContext.request,
    { email: `fatura.${Date.now()}@example.com`, firstName: 'Deniz', lastName: 'Kaya' },
    'transfer',
  );
  const paid = await page.request.post(`/api/admin/orders/${orderNo}/payment`, {
    headers: SAME_ORIGIN,
    data: { status: 'paid' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  await page.goto(`/admin/siparisler/${orderNo}`);
  const box = page.getByRole('region', { name: 'e-Fatura / e-Arşiv' });
  await expect(box).toContainText('henüz fatura kesilmedi');
  await box.getByRole('button', { name: 'Faturayı kes' }).click();
  await expect(box.getByRole('button', { name: /Faturayı kes|Fatura kesiliyor/ })).toHaveCount(0);
  // Issued now or by the next round (Paraşüt's job is done on its next read).
  await expect(async () => {
    await page.reload();
    await expect(box.getByText('Kesildi', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 120_000 });
  await expect(box).toContainText('e-Arşiv fatura');
  await expect(box).toContainText('Fatura no:');
  const pdfLink = box.getByRole('link', { name: /Faturayı indir \(PDF\)/ });
  const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await shots(page, 'admin-einvoice-order');
  await expectNoAxeViolations(page);

  // The shopper's order page offers the same PDF.
  await shopperPage.goto(next);
  const download = shopperPage.getByRole('link', { name: /Faturanızı indirin \(PDF\)/ });
  await expect(download).toBeVisible();
  const shopperPdf = await shopperContext.request.get((await download.getAttribute('href'))!);
  expect(shopperPdf.status()).toBe(200);
  expect(shopperPdf.headers()['content-type']).toContain('application/pdf');
  await shots(shopperPage, 'shop-einvoice-order');
  await shopperContext.close();

  // Cancelled the day it was issued: the round cancels the e-Arşiv at Paraşüt; the box says so.
  const cancelled = await page.request.post(`/api/admin/orders/${orderNo}/status`, {
    headers: SAME_ORIGIN,
    data: { status: ORDER_STATE.Cancelled },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  await expect(async () => {
    await page.reload();
    await expect(box.getByText('İptal edildi', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 120_000 });
  await expect(box).toContainText("kesildiği gün Paraşüt'te iptal edildi");
  expect(parasut!.cancels()).toHaveLength(1);
  await shots(page, 'admin-einvoice-cancelled');
  await expectNoAxeViolations(page);
});
