import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, listedProducts, open, shots } from './support.ts';

const money = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'));

test.describe('cart and coupons', () => {
  test('empty cart: "Sepetiniz boş" from the server with a way back to the shop', async ({ page }) => {
    const response = await page.goto('/cart');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { level: 1, name: 'Sepetim' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sepetiniz boş' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Alışverişe başla' })).toHaveAttribute('href', '/');
    await shots(page, 'cart-empty');
    await expectNoAxeViolations(page);
  });

  test('variant product → badge → /cart → quantity → coupon → totals → remove', async ({ page, request }) => {
    const products = await listedProducts(request);
    const variantProduct = products.find((p) => p.stockType === 2 && p.inStock && p.price)!;
    expect(variantProduct, 'a variant product in stock in the demo data').toBeTruthy();

    await open(page, `/product/${variantProduct.slug}`);
    const cartLink = page.getByRole('link', { name: /^Sepetim/ });
    await expect(cartLink).toHaveAccessibleName('Sepetim');
    const form = page.getByTestId('add-to-cart');
    await form.getByRole('button', { name: 'Sepete Ekle' }).click();
    await expect(page.getByText('Ürün sepete eklendi')).toBeVisible();
    await expect(cartLink).toHaveAccessibleName('Sepetim, 1 ürün');
    await shots(page, 'product-added');

    // A reload keeps the count (server HTML is the same for everyone; the count is filled in afterwards).
    await open(page, `/product/${variantProduct.slug}`);
    await expect(cartLink).toHaveAccessibleName('Sepetim, 1 ürün');

    await page.getByRole('link', { name: 'Sepetim, 1 ürün' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line.getByRole('link', { name: variantProduct.name })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Ücretsiz kargoya ilerleme' })).toBeVisible();
    await shots(page, 'cart-one-line');

    // Quantity: one more, the line total and the badge follow.
    const before = money(await page.getByTestId('cart-total').textContent());
    await line.getByRole('button', { name: `Bir artır: ${variantProduct.name}` }).click();
    await expect(line.getByRole('spinbutton')).toHaveValue('2');
    await expect(cartLink).toHaveAccessibleName('Sepetim, 2 ürün');
    await expect
      .poll(async () => money(await page.getByTestId('cart-total').textContent()))
      .toBeGreaterThan(before);

    // Coupons: an unknown and an expired code say why, a public one applies.
    const code = page.getByLabel('Kupon Kodu');
    await code.fill('BOYLEBIRKODYOK');
    await page.getByRole('button', { name: 'Uygula' }).click();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    const couponError = page.getByTestId('coupon-form').getByRole('alert');
    await expect(couponError).toHaveText('Bu kupon kodu geçerli değil. Kodu kontrol edip tekrar deneyin.');
    await code.fill('YAZ2025');
    await page.getByRole('button', { name: 'Uygula' }).click();
    await expect(couponError).toHaveText(
      /^Bu kuponun süresi \d{1,2} \p{L}+ \d{4} \d{2}:\d{2} itibarıyla doldu; artık kullanılamıyor\.$/u,
    );
    await shots(page, 'cart-coupon-error');

    const beforeCoupon = money(await page.getByTestId('cart-total').textContent());
    await code.fill('HOSGELDIN10');
    await page.getByRole('button', { name: 'Uygula' }).click();
    await expect(page.getByTestId('applied-coupon')).toContainText('HOSGELDIN10');
    await expect(page.getByTestId('cart-discount')).toBeVisible();
    await expect
      .poll(async () => money(await page.getByTestId('cart-total').textContent()))
      .toBeLessThan(beforeCoupon);
    await expect(page.getByText('KDV Dahil')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ödemeye Geç' })).toHaveAttribute('href', '/checkout');
    await shots(page, 'cart-filled');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Kuponu kaldır' }).click();
    await expect(page.getByTestId('cart-discount')).toHaveCount(0);
    await expect(code).toBeFocused();

    // Remove: the last line goes, focus lands on the heading, the empty state shows.
    await line.getByRole('button', { name: `Sepetten kaldır: ${variantProduct.name}` }).click();
    await expect(page.getByRole('heading', { name: 'Sepetiniz boş' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Sepetim' })).toBeFocused();
    await expect(cartLink).toHaveAccessibleName('Sepetim, 0 ürün');
  });

  test('a card adds a single product at once; variant cards lead to the product page', async ({
    page,
    request,
  }) => {
    const products = await listedProducts(request);
    const single = products.find((p) => (p.stockType === 1 || p.stockType === 4) && p.inStock && p.price)!;
    await open(page, `/shop/${single.category}?pageSize=48`);
    const card = page.getByRole('article').filter({ hasText: single.name }).first();
    await card.getByRole('button', { name: 'Sepete Ekle' }).click();
    await expect(page.getByText('Ürün sepete eklendi')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Sepetim/ })).toHaveAccessibleName('Sepetim, 1 ürün');
    const options = page.getByRole('link', { name: 'Seçenekleri Gör' }).first();
    if (await options.count()) await expect(options).toHaveAttribute('href', /^\/product\//);
    await shots(page, 'category-add-to-cart');
    await expectNoAxeViolations(page);
  });

  test('a designable product asks for its required text before it goes to the cart', async ({
    page,
    request,
  }) => {
    const products = await listedProducts(request);
    let slug: string | undefined;
    let field: { key: string; label: string; required: boolean; maxLength: number } | undefined;
    for (const p of products.filter((p) => p.stockType === 3 && p.inStock && p.price)) {
      const detail = await (await request.get(`/api/front/products/${p.slug}`)).json();
      field = detail.personalization?.fields.find((f: { required: boolean }) => f.required);
      if (field) {
        slug = p.slug;
        break;
      }
    }
    expect(slug, 'a designable product with a required field').toBeTruthy();
    await open(page, `/product/${slug}`);
    const form = page.getByTestId('add-to-cart');
    await form.getByRole('button', { name: 'Sepete Ekle' }).click();
    const input = form.getByRole('textbox', { name: field!.label });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toBeFocused();
    await expect(form.getByText('Bu alanı doldurun')).toBeVisible();
    await shots(page, 'product-personalization-error');
    await expectNoAxeViolations(page);

    const text = 'Ayşe'.slice(0, field!.maxLength);
    await input.fill(text);
    await form.getByRole('button', { name: 'Sepete Ekle' }).click();
    await expect(page.getByText('Ürün sepete eklendi')).toBeVisible();
    await open(page, '/cart');
    await expect(page.getByTestId('cart-line').filter({ hasText: text })).toHaveCount(1);
  });

  test('/coupons lists the public coupons with days left; "Kodu Kopyala" copies the code', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const response = await open(page, '/coupons');
    expect(response?.headers()['cache-control']).toMatch(/public/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kuponlar' })).toBeVisible();
    const card = page.getByTestId('coupon-card').filter({ hasText: 'HOSGELDIN10' });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('coupon-discount')).toContainText('%10');
    await expect(card.getByTestId('coupon-days')).toHaveText(/^\d+ gün$/);
    await expect(page.getByTestId('coupon-card').filter({ hasText: 'YAZ2025' })).toHaveCount(0);
    await expect(page.getByTestId('coupon-card').filter({ hasText: 'SEPETTE100' })).toContainText('₺100,00');
    await card.getByRole('button', { name: 'Kodu Kopyala' }).click();
    await expect(page.getByText('Kod kopyalandı')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('HOSGELDIN10');
    await shots(page, 'coupons');
    await expectNoAxeViolations(page);
  });
});
