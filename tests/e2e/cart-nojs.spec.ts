import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, listedProducts, open, shots } from './support.ts';

const money = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'));

test.describe('the cart without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('add from the product page, change the quantity, remove, apply a coupon, go to checkout: plain form posts', async ({
    page,
    request,
  }) => {
    const products = await listedProducts(request);
    const [first, second] = products.filter((p) => p.stockType === 1 && p.inStock && p.price);
    expect(second, 'two simple products in stock in the demo data').toBeTruthy();

    // The empty cart is the server's answer, with no "loading" placeholder.
    const empty = await page.goto('/cart');
    expect(empty?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { name: 'Sepetiniz boş' })).toBeVisible();

    for (const product of [first!, second!]) {
      await page.goto(`/product/${product.slug}`);
      await page.getByTestId('add-to-cart').getByRole('button', { name: 'Sepete Ekle' }).click();
      await expect(page).toHaveURL(/\/cart$/);
    }
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(2);
    const line = lines.filter({ has: page.getByRole('link', { name: first!.name }) });
    await expect(line.getByRole('spinbutton')).toHaveValue('1');
    await expect(page.getByTestId('cart-total')).toBeVisible();

    const before = money(await page.getByTestId('cart-total').textContent());
    await line.getByRole('button', { name: `Bir artır: ${first!.name}` }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(line.getByRole('spinbutton')).toHaveValue('2');
    expect(money(await page.getByTestId('cart-total').textContent())).toBeGreaterThan(before);

    // A typed quantity is sent with Enter.
    await line.getByRole('spinbutton').fill('3');
    await line.getByRole('spinbutton').press('Enter');
    await expect(line.getByRole('spinbutton')).toHaveValue('3');

    await lines
      .filter({ has: page.getByRole('link', { name: second!.name }) })
      .getByRole('button', { name: `Sepetten kaldır: ${second!.name}` })
      .click();
    await expect(lines).toHaveCount(1);

    // Coupons: a refused code says why under the field (and stays typed), a good one applies and comes off.
    const code = page.getByLabel('Kupon Kodu');
    await code.fill('BOYLEBIRKODYOK');
    await page.getByRole('button', { name: 'Uygula' }).click();
    await expect(page.getByTestId('coupon-form').getByRole('alert')).toHaveText(
      'Bu kupon kodu geçerli değil. Kodu kontrol edip tekrar deneyin.',
    );
    await expect(page.getByLabel('Kupon Kodu')).toHaveValue('BOYLEBIRKODYOK');
    const beforeCoupon = money(await page.getByTestId('cart-total').textContent());
    await page.getByLabel('Kupon Kodu').fill('HOSGELDIN10');
    await page.getByRole('button', { name: 'Uygula' }).click();
    await expect(page.getByTestId('applied-coupon')).toContainText('HOSGELDIN10');
    expect(money(await page.getByTestId('cart-total').textContent())).toBeLessThan(beforeCoupon);
    await page.getByRole('button', { name: 'Kuponu kaldır' }).click();
    await expect(page.getByTestId('applied-coupon')).toHaveCount(0);
    await page.getByLabel('Kupon Kodu').fill('HOSGELDIN10');
    await page.getByRole('button', { name: 'Uygula' }).click();
    await expect(page.getByTestId('applied-coupon')).toContainText('HOSGELDIN10');
    await shots(page, 'cart-nojs');

    await page.getByRole('link', { name: 'Ödemeye Geç' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ödeme' })).toBeVisible();
  });

  test("a product card's Sepete Ekle adds one piece and shows the cart", async ({ page, request }) => {
    const single = (await listedProducts(request)).find(
      (p) => (p.stockType === 1 || p.stockType === 4) && p.inStock && p.price,
    )!;
    await page.goto(`/shop/${single.category}?pageSize=48`);
    const card = page.getByRole('article').filter({ hasText: single.name }).first();
    await card.getByRole('button', { name: 'Sepete Ekle' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line.getByRole('link', { name: single.name })).toBeVisible();
    await expect(line.getByRole('spinbutton')).toHaveValue('1');
  });

  test('a refused add says why in Turkish on the cart page', async ({ page, request }) => {
    const product = (await listedProducts(request)).find((p) => p.stockType === 1 && p.inStock && p.price)!;
    await page.goto(`/product/${product.slug}`);
    await page.getByTestId('add-to-cart').getByLabel('Adet').fill('0');
    await page.getByTestId('add-to-cart').getByRole('button', { name: 'Sepete Ekle' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByTestId('cart-line')).toHaveCount(0);
  });
});

test('the server-rendered cart with its line forms passes axe once the scripts run', async ({
  page,
  request,
}) => {
  const single = (await listedProducts(request)).find(
    (p) => (p.stockType === 1 || p.stockType === 4) && p.inStock && p.price,
  )!;
  await open(page, `/product/${single.slug}`);
  await page.getByTestId('add-to-cart').getByRole('button', { name: 'Sepete Ekle' }).click();
  await expect(page.getByText('Ürün sepete eklendi')).toBeVisible();
  await open(page, '/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expectNoAxeViolations(page);
});
