import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startTrendyolServer, type TrendyolContractServer } from '@vitrin/testing/trendyol-server';
import { E2E_PORT, TRENDYOL_PORT } from './playwright.config.ts';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, shots, vitrinCli } from './support.ts';

test.describe.configure({ timeout: 240_000 });

const SAME_ORIGIN = { origin: `http://localhost:${E2E_PORT}` };
const SHOTS = path.resolve(import.meta.dirname, '../../bench/out/shots');

/** The settings this file changes: the specs after it see them as they were. */
const SETTINGS = ['trendyol_sync', 'trendyol_price_rule', 'trendyol_price_adjust'] as const;
let saved: [string, string][] = [];

/** Trendyol's contract server for this file; the sync goes back off afterwards. */
let trendyol: TrendyolContractServer | undefined;
test.beforeAll(async () => {
  saved = SETTINGS.map((key) => [key, vitrinCli('settings', 'get', key).replace(/\n$/, '')]);
  trendyol = await startTrendyolServer({ port: TRENDYOL_PORT, batchReads: 0 });
});
test.afterAll(async () => {
  for (const [key, value] of saved) vitrinCli('settings', 'set', key, value);
  await trendyol?.close();
});

/** The quantity of the last accepted stock and price item the stand-in got for a barcode. */
const lastQuantity = (barcode: string) =>
  trendyol!
    .stockPriceBodies()
    .flatMap((body) => body.items)
    .filter((item) => item.barcode === barcode)
    .at(-1)?.quantity;

test('an owner turns Trendyol on, syncs, keeps stock back from a listing, and handles a Trendyol order with its invoice number', async ({
  page,
  context,
}) => {
  const ty = trendyol!;
  await logInStaff(context, createStaff('owner', 'Trendyol Sahibi'));
  const stamp = Date.now();
  const barcode = `8690000${String(stamp).slice(-6)}`;

  // A product of the shop with ten pieces, its barcode on the seller's Trendyol account.
  const categories = (
    (await (await context.request.get('/api/admin/categories')).json()) as {
      items: { id: number; isActive: boolean }[];
    }
  ).items;
  const created = await context.request.post('/api/admin/products', {
    headers: SAME_ORIGIN,
    data: {
      name: `Trendyol Kupası ${stamp}`,
      sku: `TY-${stamp}`,
      barcode,
      stockType: 1,
      categoryId: categories.find((c) => c.isActive)!.id,
      vatRate: 20,
      prices: [{ priceType: 2, price: '199,90' }],
      stock: 10,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  ty.seedListings([
    { barcode, title: 'Seramik Kupa (Trendyol)', quantity: 0, salePrice: 150, listPrice: 150 },
  ]);

  // Settings: a price rule's amount that is no number is refused at its field; then the sync is turned on.
  await page.goto('/admin/ayarlar#trendyol');
  const section = page.getByRole('region', { name: 'Trendyol', exact: true });
  await expect(section.getByLabel('Trendyol eşitlemesi')).toHaveValue('off');
  await section.getByLabel('Trendyol fiyat kuralı').selectOption('percent');
  await section.getByLabel('Fiyat farkı (%)').fill('on');
  await section.getByRole('button', { name: /Kaydet/ }).click();
  await expect(section.getByText('Fiyat kuralının miktarı -90 ile 10000 arasında')).toBeVisible();
  await section.getByLabel('Trendyol fiyat kuralı').selectOption('none');
  await section.getByLabel('Fiyat farkı').fill('0');
  await section.getByLabel('Trendyol eşitlemesi').selectOption('on');
  await section.getByRole('button', { name: /Kaydet/ }).click();
  await expect(section.getByRole('status')).toHaveText('Kaydedildi.');
  await page.reload();
  await expect(section.getByLabel('Trendyol eşitlemesi')).toHaveValue('on');
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: path.join(SHOTS, 'admin-trendyol-settings-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await section.screenshot({ path: path.join(SHOTS, 'admin-trendyol-settings-phone.png') });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The Trendyol screen, from the settings' link: one round now links the listing and sends its stock.
  await section.getByRole('link', { name: 'Trendyol ekranında' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trendyol' })).toBeVisible();
  const health = page.getByRole('region', { name: 'Trendyol bağlantısı' });
  await expect(health).toContainText('Eşitleme açık');
  await page.getByRole('button', { name: 'Şimdi eşitle' }).click();
  const result = page.getByRole('region', { name: 'Eşitlemenin sonucu' });
  await expect(result).toContainText('ürün okundu');
  await expect.poll(() => lastQuantity(barcode), { timeout: 60_000 }).toBe(10);

  const listings = page.getByRole('region', { name: 'Trendyol ürünleri' });
  const row = listings.getByRole('row').filter({ hasText: barcode });
  await expect(row).toContainText(`Trendyol Kupası ${stamp}`);
  await expect(row).toContainText('Seramik Kupa (Trendyol)');
  await expect(row.getByRole('link', { name: `Trendyol Kupası ${stamp}` })).toHaveAttribute(
    'href',
    /\/admin\/urunler\/\d+$/,
  );

  // Three pieces kept back: a negative number is refused at the field; the next round sends seven.
  await row.getByRole('button', { name: /Değiştir/ }).click();
  const dialog = page.getByRole('dialog', { name: /Ayrılan stok/ });
  const buffer = dialog.getByLabel('Ayrılan stok (adet)');
  await buffer.fill('-1');
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(dialog.getByText('Ayrılan stok 0 ile 20000 arasında bir tam sayı olmalı')).toBeVisible();
  await buffer.fill('3');
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell').filter({ hasText: /^3/ })).toHaveCount(1);
  await page.getByRole('button', { name: 'Şimdi eşitle' }).click();
  await expect(result).toContainText('ürün okundu');
  await expect.poll(() => lastQuantity(barcode), { timeout: 60_000 }).toBe(7);

  await page.getByRole('link', { name: 'Yalnız Trendyol’da' }).click();
  await expect(page).toHaveURL(/durum=channel_only/);
  await page.getByRole('link', { name: 'Eşleşen' }).click();
  await expect(row).toBeVisible();
  await shots(page, 'admin-trendyol');
  await expectNoAxeViolations(page);

  // A Trendyol order: pulled by the next round, listed with its badge, its detail has the Trendyol box.
  const pkg = ty.addPackage({
    lines: [{ barcode, quantity: 1, price: 199.9 }],
    customer: { firstName: 'Ayşe', lastName: 'Trendyol', email: `ayse.${stamp}@trendyol.example` },
  });
  const channelOrderNumber = String(pkg.orderNumber);
  const packageId = String(pkg.id);
  await page.getByRole('button', { name: 'Şimdi eşitle' }).click();
  await expect(page.getByRole('button', { name: 'Şimdi eşitle' })).toBeEnabled();

  const orderRow = page.getByRole('row').filter({ hasText: channelOrderNumber });
  await expect(async () => {
    await page.goto('/admin/siparisler?channel=trendyol');
    await expect(orderRow).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expect(page.getByLabel('Kanal')).toHaveValue('trendyol');
  await shots(page, 'admin-trendyol-orders');
  await expect(orderRow.getByText('Trendyol', { exact: true })).toBeVisible();
  await expect(orderRow).toContainText('Pazaryeri (Trendyol)');
  await orderRow.getByRole('link').first().click();

  const box = page.getByRole('region', { name: 'Trendyol', exact: true });
  await expect(box).toContainText(channelOrderNumber);
  await expect(box).toContainText(packageId);
  await expect(box).toContainText('Oluşturuldu');
  await expect(box).toContainText('Sipariş “Hazırlanıyor” olunca bildirilir');

  // Prepared: Picking goes; the typed invoice number is checked at its field, then saved and sent.
  await page.getByRole('button', { name: 'Durumu değiştir' }).click();
  const status = page.getByRole('dialog', { name: 'Durumu değiştir' });
  await status.getByLabel('Yeni durum').selectOption({ label: 'Hazırlanıyor' });
  await status.getByRole('button', { name: 'Kaydet' }).click();
  await expect(status).toBeHidden();
  const invoice = box.getByLabel('Fatura numarası');
  await invoice.fill('VTR 2026');
  await box.getByRole('button', { name: 'Fatura numarasını kaydet' }).click();
  await expect(box.getByText('Fatura numarası yalnızca harf, rakam, "-" ve "/" içerebilir')).toBeVisible();
  await shots(page, 'admin-trendyol-order-invoice');
  await expectNoAxeViolations(page);
  await invoice.fill('VTR2026000001');
  await box.getByRole('button', { name: 'Fatura numarasını kaydet' }).click();
  await expect(box.getByRole('status')).toContainText('Kaydedildi');

  await expect(async () => {
    const round = await page.request.post('/api/admin/marketplace/trendyol/sync', { headers: SAME_ORIGIN });
    expect(round.ok(), await round.text()).toBe(true);
    expect(ty.package(packageId)?.status).toBe('Invoiced');
  }).toPass({ timeout: 90_000 });
  await page.reload();
  await expect(box).toContainText('Bildirildi: VTR2026000001');
  await expect(box.getByLabel('Fatura numarası')).toHaveCount(0);
  await shots(page, 'admin-trendyol-order');
  await expectNoAxeViolations(page);

  // The product goes off sale again (its order keeps it), so the specs after this one find the shop as it was.
  const productId = ((await created.json()) as { product: { id: number } }).product.id;
  const removed = await context.request.delete(`/api/admin/products/${productId}`, { headers: SAME_ORIGIN });
  expect(removed.ok(), await removed.text()).toBe(true);
});
