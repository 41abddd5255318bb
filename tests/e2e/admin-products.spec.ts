import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, shots } from './support.ts';

test.describe.configure({ timeout: 240_000 });

interface Row {
  id: number;
  sku: string;
  name: string;
  categoryName: string;
}

/** A product's row in the table, by its name's link (a SKU may be the start of another's). */
const rowOf = (page: Page, p: Row) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: p.name, exact: true }) });

/** The ids a storefront category listing shows (the catalogue index the shop pages read). */
async function listedIds(request: APIRequestContext, slug: string) {
  const answer = await request.get(`/api/front/categories/${slug}/products?pageSize=48`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()).listing.items as { id: number }[]).map((item) => item.id);
}

/** A leaf category of the demo shop with at least two products on sale, and two of them. */
async function twoProductsOfOneCategory(page: Page) {
  const categories = (await (await page.request.get('/api/admin/categories')).json()).items as {
    id: number;
    slug: string;
    name: string;
  }[];
  for (const category of categories) {
    const answer = await page.request.get(`/api/admin/products?categoryId=${category.id}&active=1`);
    const items = (await answer.json()).items as Row[];
    if (items.length >= 2 && items.length <= 20) return { category, products: items.slice(0, 2) };
  }
  throw new Error('no category with two products on sale in the demo shop');
}

const tick = (page: Page, p: Row) =>
  page.getByRole('checkbox', { name: `${p.name} (${p.sku}) ürününü seç` }).check();

/** Ticks the two products and runs one action on them, confirmed in the dialog. */
async function bulk(page: Page, products: Row[], action: string, question: RegExp, value?: string) {
  for (const p of products) await tick(page, p);
  const region = page.getByRole('region', { name: 'Toplu işlemler' });
  await expect(region).toContainText('2 ürün seçildi');
  await region.getByLabel('İşlem').selectOption({ label: action });
  if (action === 'Kategoriye taşı') await region.getByLabel('Yeni kategori').selectOption(value ?? '');
  if (action === 'Fiyatları yüzdeyle değiştir') await region.getByLabel('Yüzde').fill(value ?? '');
  await region.getByRole('button', { name: 'Seçilenlere uygula' }).click();
  const dialog = page.getByRole('dialog', { name: 'Toplu işlemi onaylayın' });
  await expect(dialog).toContainText(question);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toBeHidden();
  await expect(region.getByRole('status')).toHaveText('2 ürün değişti.');
}

test('a manager filters the products, takes two off sale at once (gone from the storefront) and puts them back', async ({
  page,
  context,
  request,
}) => {
  await logInStaff(context, createStaff('manager', 'Ürün Yöneticisi'));
  const { category, products } = await twoProductsOfOneCategory(page);
  const [first, second] = products as [Row, Row];
  expect(await listedIds(request, category.slug)).toEqual(expect.arrayContaining([first.id, second.id]));

  await page.goto('/admin/urunler');
  await expect(page.getByRole('heading', { level: 1, name: 'Ürünler' })).toBeVisible();
  await page.getByLabel('Kategori', { exact: true }).selectOption(String(category.id));
  await page.getByLabel('Satış durumu').selectOption({ label: 'Satışta' });
  await page.getByLabel('Sıralama').selectOption({ label: 'Ada göre (A-Z)' });
  await page.getByRole('button', { name: 'Süz' }).click();
  await expect(page).toHaveURL(new RegExp(`categoryId=${category.id}`));
  const row = rowOf(page, first);
  await expect(row).toContainText(first.sku);
  await expect(row).toContainText(first.categoryName);
  await expect(row.getByText('Satışta', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: first.name })).toHaveAttribute(
    'href',
    `/admin/urunler/${first.id}`,
  );

  // A reload (or a shared link) keeps the filters.
  await page.reload();
  await expect(page.getByLabel('Kategori', { exact: true })).toHaveValue(String(category.id));
  await expect(page.getByLabel('Satış durumu')).toHaveValue('1');
  await expect(rowOf(page, second)).toBeVisible();

  // On a phone the search shows and the other filters fold behind a button that counts those set.
  await shots(page, 'admin-products-filters');
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const fold = page.getByRole('button', { name: 'Filtreler (2 etkin)' });
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Ara', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Satış durumu')).toBeHidden();
  // The list begins on the first screen now.
  await expect(page.getByText(/^\d+ ürün$/)).toBeInViewport();
  await fold.click();
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Satış durumu')).toHaveValue('1');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'bench/out/shots/admin-products-filters-open-phone.png' });
  await fold.click();
  await expect(page.getByLabel('Satış durumu')).toBeHidden();
  await page.setViewportSize(desktop);
  await expect(page.getByRole('button', { name: /^Filtreler/ })).toBeHidden();
  await expect(page.getByLabel('Satış durumu')).toBeVisible();

  // A price range typed in lira: a bad amount is refused on its field, nothing asked of the API.
  await page.getByLabel('En düşük fiyat (TL)').fill('12,345');
  await page.getByRole('button', { name: 'Süz' }).click();
  await expect(page.getByText('Kuruş en çok iki basamak olabilir (ör. 150,50)')).toBeVisible();
  await expect(page).not.toHaveURL(/minPrice/);
  await page.getByLabel('En düşük fiyat (TL)').fill('');

  // A bad percent is told on its field before anything is sent.
  await tick(page, first);
  const region = page.getByRole('region', { name: 'Toplu işlemler' });
  await region.getByLabel('İşlem').selectOption({ label: 'Fiyatları yüzdeyle değiştir' });
  await region.getByLabel('Yüzde').fill('yüzde on');
  await region.getByRole('button', { name: 'Seçilenlere uygula' }).click();
  await expect(region.getByText('Yüzde bir sayı olmalı (ör. 10 ya da -15)')).toBeVisible();
  await region.getByLabel('Yüzde').fill('-95');
  await region.getByRole('button', { name: 'Seçilenlere uygula' }).click();
  await expect(region.getByText('Yüzde en az -90 olabilir')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('checkbox', { name: `${first.name} (${first.sku}) ürününü seç` }).uncheck();
  await shots(page, 'admin-products');
  await expectNoAxeViolations(page);

  // Two off sale at once: gone from the storefront's listing.
  await bulk(page, [first, second], 'Satıştan kaldır', /2 ürün satıştan kaldırılsın mı\?/);
  await shots(page, 'admin-products-done');
  await expect(rowOf(page, first)).toHaveCount(0);
  await expect
    .poll(async () => await listedIds(request, category.slug))
    .not.toEqual(expect.arrayContaining([first.id]));
  expect(await listedIds(request, category.slug)).not.toContain(second.id);

  // Found among those off sale, and put back.
  await page.getByLabel('Satış durumu').selectOption({ label: 'Satışta değil' });
  await page.getByRole('button', { name: 'Süz' }).click();
  await expect(rowOf(page, first)).toContainText('Satışta değil');
  await bulk(page, [first, second], 'Satışa aç', /2 ürün satışa açılsın mı\?/);
  await expect(rowOf(page, first)).toHaveCount(0);
  await expect
    .poll(async () => await listedIds(request, category.slug))
    .toEqual(expect.arrayContaining([first.id, second.id]));
  await expectNoAxeViolations(page);
});

const HEADER =
  'SKU;Ana Ürün SKU;Ürün Adı;Kategori;Satış Fiyatı;Piyasa Fiyatı;Para Birimi;KDV Oranı;Stok;Aktif';
const csv = (lines: string[]) => Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`, 'utf8');

test('a manager imports a CSV: the dry run names the bad line and column and changes nothing; fixed, imported, and again all unchanged; then priced up and moved at once', async ({
  page,
  context,
}) => {
  await logInStaff(context, createStaff('manager', 'İçe Aktaran'));
  const stamp = Date.now().toString(36).toUpperCase();
  const [a, b] = [`E2E-IMP-${stamp}-A`, `E2E-IMP-${stamp}-B`];
  // Off sale (Aktif 0), so the storefront of other specs does not change.
  const good = `${a};;Deneme Kupa ${stamp};Seramik > Kupalar ve Fincanlar;249,90;299,90;TRY;20;7;0`;
  const bad = `${b};;Deneme Tabak ${stamp};Seramik > Tabaklar;on iki lira;;TRY;20;3;0`;
  const fixed = `${b};;Deneme Tabak ${stamp};Seramik > Tabaklar;123,45;;TRY;20;3;0`;
  const stored = async () =>
    (await (await page.request.get(`/api/admin/products?q=${encodeURIComponent(`E2E-IMP-${stamp}`)}`)).json())
      .total as number;

  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Panel menüsü' })
    .getByRole('link', { name: 'İçe aktar / Dışa aktar' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'İçe aktar / Dışa aktar' })).toBeVisible();
  const importButton = page.getByRole('button', { name: 'İçe aktar', exact: true });
  await expect(importButton).toBeDisabled();

  const file = page.getByLabel('CSV ya da XLSX dosyası');
  // A file of another kind is refused before it is sent; one without a required column by the server.
  await file.setInputFiles({ name: 'liste.txt', mimeType: 'text/plain', buffer: Buffer.from('SKU\nA-1') });
  await expect(page.getByRole('alert')).toHaveText('Yalnızca .csv ya da .xlsx dosyası seçin.');
  await expect(page.getByRole('button', { name: 'Kontrol et' })).toBeDisabled();
  await file.setInputFiles({
    name: 'eksik.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('SKU;Ürün Adı\nA-1;Ad'),
  });
  await page.getByRole('button', { name: 'Kontrol et' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Başlık satırında şu sütunlar eksik: Kategori (category)',
  );
  await file.setInputFiles({ name: 'urunler.csv', mimeType: 'text/csv', buffer: csv([good, bad]) });
  // While it runs, its progress is asked for by the id the panel gave the run.
  const posted = page.waitForRequest((r) => r.url().includes('/api/admin/imports/products?'));
  const polled = page.waitForRequest((r) => /\/api\/admin\/imports\/[0-9a-f]{32}$/.test(r.url()));
  await page.getByRole('button', { name: 'Kontrol et' }).click();
  const runId = new URL((await posted).url()).searchParams;
  expect(runId.get('dryRun')).toBe('1');
  expect((await polled).url()).toMatch(new RegExp(`/imports/${runId.get('id')}$`));
  // The row as the spreadsheet numbers it (the header is row 1) and its SKU.
  const errors = page.getByRole('region', { name: 'Hatalı satırların listesi' });
  await expect(errors.getByRole('listitem')).toHaveText([new RegExp(`^Satır 3 \\(${b}\\): Satış Fiyatı`)]);
  await expect(page.getByRole('status').filter({ hasText: 'hatalı satır var' })).toBeVisible();
  const summary = page.locator('dl[aria-label="Özet"]').getByRole('definition');
  await expect(summary).toHaveText(['1', '0', '0', '1']);
  await expect(importButton).toBeDisabled();
  expect(await stored()).toBe(0);
  await shots(page, 'admin-import-errors');
  await expectNoAxeViolations(page);

  // Fixed: a clean dry run, then the import.
  await file.setInputFiles({ name: 'urunler.csv', mimeType: 'text/csv', buffer: csv([good, fixed]) });
  await expect(importButton).toBeDisabled();
  await page.getByRole('button', { name: 'Kontrol et' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dosya hatasız' })).toBeVisible();
  await expect(summary).toHaveText(['2', '0', '0', '0']);
  expect(await stored()).toBe(0);
  await importButton.click();
  await expect(page.getByRole('status').filter({ hasText: 'mağaza hemen güncellendi' })).toBeVisible();
  await expect(summary).toHaveText(['2', '0', '0', '0']);
  await expect(page.getByText('Eklenen', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Eklenen SKU’lar' })).toContainText(`${a}, ${b}`);
  expect(await stored()).toBe(2);
  // The file as it was sent, kept with the run's report.
  await expect(page.getByRole('link', { name: 'İçe aktarılan dosyayı indir' })).toHaveAttribute(
    'href',
    /^\/api\/admin\/imports\/[0-9a-f]{32}\/file$/,
  );
  await expect(importButton).toBeDisabled();

  // The same file again: all unchanged.
  await page.getByRole('button', { name: 'Kontrol et' }).click();
  await expect(summary).toHaveText(['0', '0', '2', '0']);
  await importButton.click();
  await expect(page.getByRole('status').filter({ hasText: 'hiçbir şey değişmedi' })).toBeVisible();
  await expect(summary).toHaveText(['0', '0', '2', '0']);
  expect(await stored()).toBe(2);
  await shots(page, 'admin-import-done');
  await expectNoAxeViolations(page);

  // A new price: the dry run tells it old → new, in Turkish, for that SKU only.
  await file.setInputFiles({
    name: 'urunler.csv',
    mimeType: 'text/csv',
    buffer: csv([good.replace(';249,90;', ';259,90;'), fixed]),
  });
  await page.getByRole('button', { name: 'Kontrol et' }).click();
  await expect(summary).toHaveText(['0', '1', '1', '0']);
  const changes = page.getByRole('region', { name: 'Değişecekler: alan alan' });
  await expect(changes.getByRole('listitem').filter({ hasText: a }).first()).toContainText(
    'Satış Fiyatı 249,90 → 259,90',
  );
  await expect(page.getByRole('region', { name: 'Güncellenecek SKU’lar' })).toContainText(a);
  await expectNoAxeViolations(page);
  expect(await stored()).toBe(2);

  // The imported products in the list, off sale, with their price in lira.
  await page.goto(`/admin/urunler?q=E2E-IMP-${stamp}`);
  const row = page.getByRole('row').filter({ hasText: a });
  await expect(row).toContainText('249,90');
  await expect(row).toContainText('Satışta değil');
  await expect(page.getByRole('status')).toHaveText('2 ürün');

  // Prices of both up by 10 % (kuruş rounded), then both moved to another category.
  const imported = (await (await page.request.get(`/api/admin/products?q=E2E-IMP-${stamp}`)).json())
    .items as Row[];
  await bulk(
    page,
    imported,
    'Fiyatları yüzdeyle değiştir',
    /2 ürünün satış, piyasa, taksitli ve toptan fiyatları %10 artırılsın mı\?/,
    '10',
  );
  await expect(row).toContainText('274,89');
  await expect(page.getByRole('row').filter({ hasText: b })).toContainText('135,80');
  const categories = (await (await page.request.get('/api/admin/categories')).json()).items as {
    id: number;
    slug: string;
  }[];
  const vases = categories.find((c) => c.slug === 'vazolar')!;
  await bulk(
    page,
    imported,
    'Kategoriye taşı',
    /2 ürün "Vazolar" kategorisine taşınsın mı\?/,
    String(vases.id),
  );
  await expect(row).toContainText('Vazolar');
  await expect(page.getByRole('row').filter({ hasText: b })).toContainText('Vazolar');

  // The export links download the catalogue with the imported rows.
  await page.goto('/admin/urun-aktarimi');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'CSV indir' }).click();
  const exported = await (await download).path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(exported, 'utf8')).toContain(`${a};`);
});

test('a support member sees the products read-only: no selection, no bulk actions, no import screen', async ({
  page,
  context,
}) => {
  await logInStaff(context, createStaff('support', 'Ürün Destek'));
  await page.goto('/admin/urunler');
  await expect(page.getByRole('heading', { level: 1, name: 'Ürünler' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /\d+ ürün/ })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Toplu işlemler' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ürün ekle' })).toHaveCount(0);
  const menu = page.getByRole('navigation', { name: 'Panel menüsü' });
  await expect(menu.getByRole('link', { name: 'Ürünler' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'İçe aktar / Dışa aktar' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.goto('/admin/urun-aktarimi');
  await expect(page.getByRole('heading', { level: 1, name: 'Yetkiniz yok' })).toBeVisible();
  await expect(page.getByLabel('CSV ya da XLSX dosyası')).toHaveCount(0);
});
