import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { open } from './support.ts';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
/** Kept out of the repository: looked at by hand. */
const SHOTS = process.env.SORT_SHOTS_DIR;

const cardNames = (page: Page) =>
  page.locator('section[aria-labelledby="results-title"] article h3').allTextContents();

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [size, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size}.png`) });
  }
}

test.describe('the category sort without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('choosing a sort and pressing "Sırala" sends it: the order changes', async ({ page, request }) => {
    await page.goto('/shop/seramik');
    const before = await cardNames(page);
    expect(before.length, 'several products in the demo category').toBeGreaterThan(2);
    const button = page.getByRole('button', { name: 'Sırala', exact: true });
    await expect(button).toBeVisible();
    await shoot(page, 'sort-nojs');
    await page.getByLabel('Sıralama').selectOption('name');
    await button.click();
    await expect(page).toHaveURL(/[?&]sort=name\b/);
    await expect(page.getByLabel('Sıralama')).toHaveValue('name');
    const byName = (await (await request.get('/api/front/categories/seramik/products?sort=name')).json()) as {
      listing: { items: Array<{ name: string }> };
    };
    const after = await cardNames(page);
    expect(after).toEqual(byName.listing.items.map((p) => p.name));
    expect(after).not.toEqual(before);
  });
});

test.describe('the category sort when the scripts do not load', () => {
  // Scripting is on but the app's code never arrives (a bad connection, a blocker): a <noscript> button would
  // not show, and checkers that run scripts (pa11y: H32.2) see a form that cannot be sent.
  test('the button is there and sends the choice', async ({ page }) => {
    await page.route('**/assets/**/*.js', (route) => route.abort());
    await page.goto('/shop/seramik');
    await page.getByLabel('Sıralama').selectOption('price_desc');
    await page.getByRole('button', { name: 'Sırala', exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=price_desc\b/);
    await expect(page.getByLabel('Sıralama')).toHaveValue('price_desc');
  });
});

test.describe('the category sort with JavaScript', () => {
  test('the button is hidden and a change of the select applies the sort', async ({ page }) => {
    await open(page, '/shop/seramik');
    await expect(page.getByTestId('sort-submit')).toBeHidden();
    await shoot(page, 'sort-js');
    await page.getByLabel('Sıralama').selectOption('price_asc');
    await expect(page).toHaveURL(/[?&]sort=price_asc\b/);
  });
});
