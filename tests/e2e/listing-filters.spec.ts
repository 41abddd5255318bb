import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, open, shots } from './support.ts';

const PHONE = { width: 390, height: 844 };
const count = (text: string | null) => Number(text!.split(' ')[0]);

test.describe('category filters', () => {
  test('the form shows exactly the active filters after a sort change and after going back', async ({
    page,
  }) => {
    await open(page, '/shop/tekstil');
    const stock = page.getByLabel('Yalnızca stoktakiler');
    await stock.check();
    await expect(page).toHaveURL(/stock=1/);
    await page.getByLabel('Sıralama').selectOption('price_desc');
    await expect(page).toHaveURL(/sort=price_desc/);
    // The sort keeps the filter, and the box shows it.
    await expect(page).toHaveURL(/stock=1/);
    await expect(stock).toBeChecked();
    await stock.uncheck();
    await expect(page).not.toHaveURL(/stock=1/);
    await expect(page).toHaveURL(/sort=price_desc/);
    await page.goBack();
    await expect(page).toHaveURL(/stock=1/);
    await expect(stock).toBeChecked();
    await expect(page.getByLabel('Sıralama')).toHaveValue('price_desc');
    await page.goBack();
    await expect(page).not.toHaveURL(/sort=/);
    await expect(page.getByLabel('Sıralama')).toHaveValue('newest');
    await expect(stock).toBeChecked();
    await page.goBack();
    await expect(stock).not.toBeChecked();
  });

  test('a price range applies when the field is left, keeping the search text on /search', async ({
    page,
  }) => {
    await open(page, '/search?q=kupa');
    const total = count(await page.getByText(/^\d+ ürün$/).textContent());
    await page.getByLabel('En yüksek').fill('300');
    await page.getByLabel('En yüksek').press('Enter');
    await expect(page).toHaveURL(/max=300/);
    await expect(page).toHaveURL(/q=kupa/);
    await expect(page.getByText(/^\d+ ürün$/)).not.toHaveText(`${total} ürün`);
  });

  test('without JavaScript the filters still apply through their button', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/shop/tekstil', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Yalnızca stoktakiler').check();
    await page.getByRole('button', { name: 'Filtrele' }).click();
    await expect(page).toHaveURL(/stock=1/);
    await expect(page.getByLabel('Yalnızca stoktakiler')).toBeChecked();
    await context.close();
  });
});

test.describe('category page on a phone', () => {
  test.use({ viewport: PHONE });

  test('shows products first and the filters in a drawer that names the active count', async ({ page }) => {
    await open(page, '/shop/tekstil');
    const firstCard = page.getByRole('article').first();
    const box = (await firstCard.boundingBox())!;
    expect(box.y).toBeLessThan(PHONE.height);
    await expect(page.getByLabel('Yalnızca stoktakiler')).toBeHidden();

    const opener = page.getByTestId('open-filters');
    await opener.click();
    const stock = page.getByLabel('Yalnızca stoktakiler');
    await expect(stock).toBeVisible();
    await expectNoAxeViolations(page);
    await stock.check();
    await expect(page).toHaveURL(/stock=1/);
    // The drawer stays open for the next choice; closing it shows the list with the count on the button.
    await expect(stock).toBeChecked();
    await page.getByRole('button', { name: /ürünü göster$/ }).click();
    await expect(stock).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(opener).toContainText('1');
    await expect(opener).toHaveAccessibleName(/1 etkin filtre/);
    await shots(page, 'category-phone');
  });

  test('without JavaScript the filter link leads to the filters below the products', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/shop/tekstil', { waitUntil: 'domcontentloaded' });
    const card = (await page.getByRole('article').first().boundingBox())!;
    expect(card.y).toBeLessThan(PHONE.height);
    const filters = (await page.locator('#listing-filters').boundingBox())!;
    expect(filters.y).toBeGreaterThan(card.y);
    await page.getByTestId('open-filters').click();
    await expect(page).toHaveURL(/#listing-filters-panel$/);
    await expect(page.getByLabel('Yalnızca stoktakiler')).toBeInViewport();
    await context.close();
  });
});
