import { expect, type Page, test } from '@playwright/test';
import {
  startTrendyolServer,
  TRENDYOL_TEST_BRAND_NAMES,
  TRENDYOL_TEST_BRANDS,
  TRENDYOL_TEST_CATEGORIES,
  type TrendyolContractServer,
} from '@vitrin/testing/trendyol-server';
import { E2E_PORT, TRENDYOL_PORT } from './playwright.config.ts';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, shots } from './support.ts';

test.describe.configure({ timeout: 240_000 });

const SAME_ORIGIN = { origin: `http://localhost:${E2E_PORT}` };
const MAPPINGS = '/api/admin/marketplace/trendyol/mappings';

/** Trendyol's contract server for this file: a batch is done at its first read. */
let trendyol: TrendyolContractServer | undefined;
test.beforeAll(async () => {
  trendyol = await startTrendyolServer({ port: TRENDYOL_PORT, batchReads: 0 });
});
test.afterAll(async () => {
  await trendyol?.close();
});

interface MappingRow {
  kind: 'category' | 'brand';
  local: string;
  remote: number;
  remoteName: string;
}

/** The listing row of a barcode on the tab shown. */
const rowOf = (page: Page, barcode: string) =>
  page.getByRole('region', { name: 'Trendyol ürünleri' }).getByRole('row').filter({ hasText: barcode });

test('an owner maps a category and a brand to Trendyol, puts an unlisted product there with its required attributes, a round later sees it linked, and sees why Trendyol refused another', async ({
  page,
  context,
  browser,
}) => {
  const [mug] = TRENDYOL_TEST_CATEGORIES.filter((id) => id === 1081);
  const [brandId] = TRENDYOL_TEST_BRANDS;
  const trendyolBrand = TRENDYOL_TEST_BRAND_NAMES[brandId];
  expect(mug).toBe(1081);
  await logInStaff(context, createStaff('owner', 'Trendyol Gönderen'));
  const stamp = Date.now();
  const barcode = `8691${String(stamp).slice(-9)}`;
  const brand = `Atölye ${stamp}`;

  // An active category (its mapping is put back afterwards) and a product there with a brand of its own.
  const category = (
    (await (await context.request.get('/api/admin/categories')).json()) as {
      items: { id: number; name: string; isActive: boolean }[];
    }
  ).items.find((c) => c.isActive)!;
  const before = (
    (await (await context.request.get(MAPPINGS)).json()) as { mappings: MappingRow[] }
  ).mappings.find((m) => m.kind === 'category' && m.local === String(category.id));
  if (before) await context.request.delete(`${MAPPINGS}/category/${category.id}`, { headers: SAME_ORIGIN });
  const name = `Trendyol Bardağı ${stamp}`;
  /** The products made here, deleted at the end so the specs after this one find the shop as it was. */
  const made: number[] = [];
  /** A product of the shop in that category, with an image, a price of 149,90 and five pieces. */
  const addProduct = async (product: { name: string; sku: string; barcode: string; brand: string }) => {
    const created = await context.request.post('/api/admin/products', {
      headers: SAME_ORIGIN,
      data: {
        ...product,
        stockType: 1,
        categoryId: category.id,
        vatRate: 20,
        prices: [{ priceType: 2, price: '149,90' }],
        stock: 5,
        images: ['products/trendyol-bardak.jpg'],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { product: { id: number } }).product.id;
    made.push(id);
    return id;
  };
  await addProduct({ name, sku: `TYP-${stamp}`, barcode, brand });

  try {
    // Unmapped, the send is refused with what is missing, in Turkish, and the way to the mappings.
    await page.goto('/admin/trendyol?durum=unlisted');
    await rowOf(page, barcode)
      .getByRole('button', { name: /Trendyol’a gönder/ })
      .click();
    let dialog = page.getByRole('dialog', { name: `Trendyol’a gönder: ${name}` });
    await expect(dialog).toContainText('Eşlenmemiş');
    await dialog.getByRole('button', { name: 'Trendyol’a gönder' }).click();
    const missing = dialog.getByRole('alert');
    await expect(missing).toContainText('Ürün Trendyol’a gönderilemez; eksikler:');
    await expect(missing).toContainText(
      `"${category.name}" kategorisi bir Trendyol kategorisiyle eşlenmemiş.`,
    );
    await expect(missing).toContainText(`"${brand}" markası bir Trendyol markasıyla eşlenmemiş.`);
    await missing.getByRole('link', { name: 'Eşleştirmeler sekmesinde eşleyin' }).first().click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/durum=eslestirmeler/);

    // The category: Trendyol's leaves found by a word, one chosen; its path shows.
    const categories = page.getByRole('region', { name: 'Kategoriler' });
    await categories.getByRole('button', { name: `Eşle (${category.name})` }).click();
    await categories.getByLabel(`Trendyol kategorisi ara (${category.name})`).fill('kupa');
    await categories.getByRole('button', { name: 'Ara' }).click();
    await categories
      .getByRole('list', { name: 'Bulunan Trendyol kategorileri' })
      .getByRole('button', { name: /Kupa & Bardak/ })
      .click();
    await expect(categories.getByRole('button', { name: `Kaldır (${category.name})` })).toBeVisible();
    await expect(categories).toContainText('Ev & Mobilya');

    // The brand: its name as products carry it, Trendyol's found by its exact name.
    const brands = page.getByRole('region', { name: 'Markalar' });
    await brands.getByLabel('Mağazadaki marka').fill(brand);
    await brands.getByLabel('Trendyol’daki adı').fill('Yok Böyle Marka');
    await brands.getByRole('button', { name: 'Trendyol markası ara' }).click();
    await expect(brands).toContainText('Trendyol’da bu adla bir marka yok');
    await brands.getByLabel('Trendyol’daki adı').fill(trendyolBrand);
    await brands.getByRole('button', { name: 'Trendyol markası ara' }).click();
    await brands.getByRole('button', { name: `${trendyolBrand} markasıyla eşle` }).click();
    await expect(brands.getByRole('button', { name: `Kaldır (${brand})` })).toBeVisible();
    await shots(page, 'admin-trendyol-mappings');
    await expectNoAxeViolations(page);

    // The send: the required attributes are asked; left empty, each is named at its field.
    await page.getByRole('link', { name: 'Trendyol’da olmayan' }).click();
    await rowOf(page, barcode)
      .getByRole('button', { name: /Trendyol’a gönder/ })
      .click();
    dialog = page.getByRole('dialog', { name: `Trendyol’a gönder: ${name}` });
    await expect(dialog).toContainText('Kupa & Bardak');
    await expect(dialog).toContainText(trendyolBrand);
    await dialog.getByRole('button', { name: 'Trendyol’a gönder' }).click();
    await expect(dialog.getByText('Renk için bir değer yazın')).toBeVisible();
    await expect(dialog.getByText('Menşei için bir değer seçin')).toBeVisible();
    await shots(page, 'admin-trendyol-publish');
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Renk (zorunlu)').fill('Beyaz');
    await dialog.getByLabel('Menşei (zorunlu)').selectOption({ label: 'TR' });
    await dialog.getByLabel('Desi').fill('1,5');
    await dialog.getByRole('button', { name: 'Trendyol’a gönder' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Gönderildi, Trendyol’un onayı bekleniyor.');
    await dialog.getByRole('button', { name: 'Kapat' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, barcode)).toHaveCount(0);

    // Waiting on the Eşleşen tab; rounds later Trendyol lists it (not approved yet), linked, its stock sent.
    await page.getByRole('link', { name: 'Eşleşen' }).click();
    await expect(rowOf(page, barcode)).toContainText('Trendyol onayı bekleniyor');
    await expect(async () => {
      await page.getByRole('button', { name: 'Şimdi eşitle' }).click();
      await expect(page.getByRole('button', { name: 'Şimdi eşitle' })).toBeEnabled();
      await expect(rowOf(page, barcode)).toContainText('Onaysız', { timeout: 2_000 });
      // Linked, its stock and price go by the same round and are taken by Trendyol at the next.
      await expect(rowOf(page, barcode).getByText('Gönderildi', { exact: true })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 90_000 });
    await expect(rowOf(page, barcode)).toContainText(name);
    await expect(rowOf(page, barcode)).not.toContainText('Trendyol onayı bekleniyor');

    // A brand mapped to a brand Trendyol does not have: Trendyol refuses the product, its reason shows in the
    // table with the send again.
    const oldBrand = `Eski Marka ${stamp}`;
    const mapped = await context.request.put(MAPPINGS, {
      headers: SAME_ORIGIN,
      data: { kind: 'brand', local: oldBrand, remote: 999_999, remoteName: 'Eski Marka' },
    });
    expect(mapped.ok(), await mapped.text()).toBe(true);
    const refused = `Trendyol Tabağı ${stamp}`;
    const refusedBarcode = `8692${String(stamp).slice(-9)}`;
    const secondId = await addProduct({
      name: refused,
      sku: `TYP2-${stamp}`,
      barcode: refusedBarcode,
      brand: oldBrand,
    });
    const sent = await context.request.post(`/api/admin/marketplace/trendyol/products/${secondId}/publish`, {
      headers: SAME_ORIGIN,
      data: {
        attributes: [
          { attributeId: 47, customValue: 'Beyaz' },
          { attributeId: 1192, valueId: 10_617_344 },
        ],
      },
    });
    expect(sent.status(), await sent.text()).toBe(202);
    await expect(async () => {
      await page.getByRole('button', { name: 'Şimdi eşitle' }).click();
      await expect(page.getByRole('button', { name: 'Şimdi eşitle' })).toBeEnabled();
      await expect(rowOf(page, refusedBarcode)).toContainText('Gönderilemedi', { timeout: 2_000 });
    }).toPass({ timeout: 90_000 });
    await expect(rowOf(page, refusedBarcode)).toContainText('Trendyol reddetti: Marka bulunamadı: 999999');
    await rowOf(page, refusedBarcode)
      .getByRole('button', { name: /Yeniden gönder/ })
      .click();
    const again = page.getByRole('dialog', { name: `Trendyol’a gönder: ${refused}` });
    await expect(again).toContainText('Kupa & Bardak');
    await again.getByRole('button', { name: 'Vazgeç' }).click();
    await expect(again).toBeHidden();

    // Support staff read the mappings and listings but change nothing.
    const other = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
    await logInStaff(other, createStaff('support', 'Trendyol Okuyan'));
    const reader = await other.newPage();
    await reader.goto('/admin/trendyol?durum=eslestirmeler');
    const readBrands = reader.getByRole('region', { name: 'Markalar' });
    await expect(readBrands).toContainText(brand);
    await expect(readBrands.getByRole('button')).toHaveCount(0);
    await expect(reader.getByRole('button', { name: 'Şimdi eşitle' })).toHaveCount(0);
    await other.close();
  } finally {
    for (const id of made)
      await context.request.delete(`/api/admin/products/${id}`, { headers: SAME_ORIGIN });
    // The mappings go back as they were for the specs after this one.
    for (const name of [brand, `Eski Marka ${stamp}`])
      await context.request.delete(`${MAPPINGS}/brand/${encodeURIComponent(name)}`, { headers: SAME_ORIGIN });
    await context.request.delete(`${MAPPINGS}/category/${category.id}`, { headers: SAME_ORIGIN });
    if (before)
      await context.request.put(MAPPINGS, {
        headers: SAME_ORIGIN,
        data: { kind: 'category', local: before.local, remote: before.remote },
      });
  }
});
