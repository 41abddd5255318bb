import { expect, test } from '@playwright/test';
import {
  categoryWith,
  expectNoAxeViolations,
  listedProducts,
  open,
  shots,
  submitRegistration,
} from './support.ts';

// Registering hashes the password in a low-priority process: seconds on a busy machine.
const HASHING = { timeout: 30_000 };

test.describe('wishlist and compare', () => {
  test.describe.configure({ timeout: 120_000 });

  test('empty lists: both pages say so and link to the shop', async ({ page }) => {
    const wishlist = await open(page, '/wishlist');
    expect(wishlist?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { name: 'Favori listeniz boş' })).toBeVisible();
    await expectNoAxeViolations(page);
    await open(page, '/compare');
    await expect(page.getByRole('heading', { name: 'Karşılaştırma listeniz boş' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ürünlere göz at' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);
    await shots(page, 'compare-empty');
  });

  test('two products side by side, only the differences, and the limit of four', async ({
    page,
    request,
  }) => {
    const products = await listedProducts(request);
    const [first, second] = [
      products.find((p) => p.stockType === 2 && p.inStock && p.price)!,
      products.find((p) => p.stockType === 1 && p.inStock && p.price)!,
    ];
    expect(first && second, 'a variant and a single product in the demo data').toBeTruthy();

    // The product's own buttons come first; the related products' cards carry theirs further down.
    await open(page, `/product/${first.slug}`);
    await page.getByRole('button', { name: 'Karşılaştırmaya Ekle' }).first().click();
    const remove = page.getByRole('button', { name: 'Karşılaştırmadan Çıkar' }).first();
    await expect(remove).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('link', { name: 'Karşılaştır, 1 ürün karşılaştırılıyor' })).toBeVisible();

    await open(page, `/product/${second.slug}`);
    await page.getByRole('button', { name: 'Karşılaştırmaya Ekle' }).first().click();
    await expect(page.getByRole('link', { name: 'Karşılaştır, 2 ürün karşılaştırılıyor' })).toBeVisible();
    await page.getByRole('link', { name: 'Karşılaştır, 2 ürün karşılaştırılıyor' }).click();

    await expect(page).toHaveURL(/\/compare$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ürün Karşılaştırma' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(page.getByTestId('compare-column')).toHaveCount(2);
    await expect(table.getByRole('link', { name: first.name })).toBeVisible();
    await expect(table.getByRole('link', { name: second.name })).toBeVisible();
    // Shoppers never see the shop's internal words for product types.
    await expect(page.getByText(/Varyantlı Ürün|Tekil Ürün|Ürün tipi/)).toHaveCount(0);
    // The variant product has options, the single one has none: a row that differs.
    const optionRow = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^Seçenekler: / }) })
      .first();
    await expect(optionRow).toContainText('—');
    await expect(table.getByRole('rowheader', { name: 'KDV %' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shots(page, 'compare-two');
    // Row by row: each product's buttons, and each attribute, sit on one line across the products.
    const widths = await page
      .getByTestId('compare-column')
      .evaluateAll((cols) => cols.map((c) => Math.round(c.getBoundingClientRect().width)));
    expect(Math.max(...widths) - Math.min(...widths)).toBeLessThanOrEqual(1);
    const actionTops = await page
      .getByTestId('compare-actions')
      .evaluateAll((cells) =>
        cells.map((c) => Math.round(c.querySelector('a, button')!.getBoundingClientRect().top)),
      );
    expect(actionTops).toHaveLength(2);
    expect(new Set(actionTops).size).toBe(1);
    const vatCells = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'KDV %' }) });
    const tops = await vatCells
      .getByRole('cell')
      .evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);

    // Only the differences: rows where both products agree go, on the client.
    const rowsBefore = await table.getByRole('rowheader').count();
    await page.getByLabel('Yalnızca farkları göster').check();
    await expect(page).toHaveURL(/fark=1/);
    await expect(optionRow).toBeVisible();
    expect(await table.getByRole('rowheader').count()).toBeLessThanOrEqual(rowsBefore);
    await page.getByLabel('Yalnızca farkları göster').uncheck();
    await expect(table.getByRole('rowheader')).toHaveCount(rowsBefore);

    // Three more from a category's cards: the fifth is refused with the limit named.
    const others = categoryWith(
      products.filter((p) => p.id !== first.id && p.id !== second.id),
      3,
    );
    await open(page, `/shop/${others[0]!.category}`);
    for (const [i, product] of others.entries()) {
      const card = page.locator('article').filter({ has: page.getByRole('heading', { name: product.name }) });
      await card.getByRole('button', { name: 'Karşılaştırmaya Ekle' }).click();
      if (i < 2) await expect(card.getByRole('button', { name: 'Karşılaştırmadan Çıkar' })).toBeVisible();
    }
    await expect(page.getByText('En fazla 4 ürün karşılaştırabilirsiniz')).toBeVisible();
    await shots(page, 'cards-compare');
    await expect(page.getByRole('link', { name: 'Karşılaştır, 4 ürün karşılaştırılıyor' })).toBeVisible();

    // Remove from the table.
    await open(page, '/compare');
    await expect(page.getByTestId('compare-column')).toHaveCount(4);
    await shots(page, 'compare-four');
    // On a phone the table scrolls inside its own box; the page itself does not get wider.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('button', { name: 'Karşılaştırmadan Çıkar' }).first().click();
    await expect(page.getByTestId('compare-column')).toHaveCount(3);
  });

  test('a guest adds to the wishlist, registers, and the wishlist is still there', async ({
    page,
    request,
  }) => {
    const products = await listedProducts(request);
    const product = products.find((p) => p.stockType === 1 && p.inStock && p.price)!;

    await open(page, `/product/${product.slug}`);
    const heart = page.getByRole('button', { name: 'Favorilere Ekle' }).first();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(page.getByRole('button', { name: 'Favorilerden Çıkar' }).first()).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('link', { name: 'Favorilerim, 1 favori ürün' })).toBeVisible();

    await page.getByRole('link', { name: 'Favorilerim, 1 favori ürün' }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    const item = page.getByTestId('wishlist-item');
    await expect(item).toHaveCount(1);
    await expect(item.getByRole('link', { name: product.name })).toBeVisible();
    await expect(item.getByTestId('wishlist-stock')).toHaveText('Stokta');
    await expect(item.getByRole('button', { name: 'Sepete Ekle' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shots(page, 'wishlist-guest');

    await open(page, '/register');
    await page.getByLabel('Ad', { exact: true }).fill('Deniz');
    await page.getByLabel('Soyad').fill('Kaya');
    await page.getByLabel('E-posta', { exact: true }).fill(`favori.${Date.now()}@example.com`);
    await page.getByLabel('Cep telefonu').fill('0532 111 22 33');
    await page.getByLabel('Şifre', { exact: true }).fill('Kedi-Mavi-Deniz-7');
    await page.getByLabel(/Aydınlatma Metni/).check();
    await submitRegistration(page);
    await expect(page).toHaveURL(/\/panel/, HASHING);

    await open(page, '/wishlist');
    await expect(page.getByTestId('wishlist-item')).toHaveCount(1);
    await expect(page.getByTestId('wishlist-item').getByRole('link', { name: product.name })).toBeVisible();
    await expect(page.getByText('Favorileriniz bu tarayıcıda saklanıyor')).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Removing it (a plain form post) empties the list.
    await page.getByTestId('wishlist-item').getByRole('button', { name: 'Favorilerden Çıkar' }).click();
    await expect(page.getByRole('heading', { name: 'Favori listeniz boş' })).toBeVisible();
    await shots(page, 'wishlist-empty');
  });
});
