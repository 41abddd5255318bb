import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, listedProducts, open, shots } from './support.ts';

const PHONE = { width: 390, height: 844 };

test.describe('home page', () => {
  test('each category tile shows one of its own products, and the hero has a picture', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, '/');
    await expect(page.getByTestId('hero-image')).toBeVisible();
    await expect(page.getByTestId('hero-image')).toHaveAttribute('src', /site\/hero/);
    // The demo draws its pictures in the background at first start.
    await expect
      .poll(async () => (await request.get('/uploads/site/hero.webp')).status(), { timeout: 60_000 })
      .toBe(200);
    const tiles = page.getByTestId('featured-categories').getByRole('link');
    expect(await tiles.count()).toBeGreaterThan(2);
    for (const tile of await tiles.all()) {
      const category = (await tile.getAttribute('href'))!.replace('/shop/', '');
      const src = (await tile.locator('img').getAttribute('src'))!;
      const slug = src.match(/catalog\/products\/(.+?)-\d+\.webp/)?.[1];
      expect(slug, `${category}: ${src}`).toBeDefined();
      const product = await (await request.get(`/api/front/products/${slug}`)).json();
      const crumbs = (product.breadcrumbs as Array<{ url: string }>).map((c) => c.url);
      expect(crumbs, `${slug} in ${category}`).toContain(`/shop/${category}`);
    }
    await shots(page, 'home');
  });

  test('on a phone the category tiles fit the screen', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await open(page, '/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const tile of await page.getByTestId('featured-categories').getByRole('listitem').all()) {
      const box = (await tile.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
  });
});

test.describe('header on a phone', () => {
  test.use({ viewport: PHONE });

  test('takes at most two rows: menu button, logo and cart, then search', async ({ page }) => {
    await open(page, '/shop/seramik');
    const header = page.locator('header').first();
    const height = (await header.boundingBox())!.height;
    const search = (await page.getByRole('search').boundingBox())!;
    const cart = (await page.getByTestId('header-cart').boundingBox())!;
    const toggle = (await page.getByRole('button', { name: 'Menü' }).boundingBox())!;
    // One row: the menu button and the cart share a line above the search.
    expect(Math.abs(cart.y + cart.height / 2 - (toggle.y + toggle.height / 2))).toBeLessThan(12);
    expect(search.y).toBeGreaterThan(cart.y + cart.height - 1);
    expect(height).toBeLessThanOrEqual(130);
    await expect(page.getByRole('link', { name: 'Giriş Yap' })).toBeHidden();
    await page.getByRole('button', { name: 'Menü' }).click();
    await expect(page.getByRole('link', { name: 'Giriş Yap' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Seramik' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('shows the legal name in the footer, not in the header', async ({ page }) => {
    await open(page, '/');
    const unvan = 'Vitrin Atölye El Sanatları Ltd. Şti.';
    await expect(page.locator('header').getByText(unvan)).toHaveCount(0);
    await expect(page.locator('footer').getByText(unvan).first()).toBeVisible();
  });
});

test.describe('product page on a phone', () => {
  test.use({ viewport: PHONE });

  test('keeps the price and Sepete Ekle in reach once the button has scrolled away', async ({
    page,
    request,
  }) => {
    const product = (await listedProducts(request)).find((p) => p.stockType === 1 && p.inStock && p.price)!;
    await open(page, `/product/${product.slug}`);
    const bar = page.getByTestId('sticky-buy-bar');
    await expect(bar).toBeHidden();
    await page.evaluate(() => {
      const form = document.querySelector('[data-testid="add-to-cart"]')!;
      window.scrollBy(0, form.getBoundingClientRect().bottom + 200);
    });
    await expect(bar).toBeVisible();
    await expect(bar).toContainText('₺');
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height + 1);
    await shots(page, 'product-sticky-bar');
    await bar.getByRole('button', { name: 'Sepete Ekle' }).click();
    await expect(page.getByText('Ürün sepete eklendi')).toBeVisible();
    // At the footer the bar steps aside; back at the top the form's own button is there.
    await page.locator('footer').scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toBeHidden();
  });
});

test.describe('product cards', () => {
  test('offer comparing as a small labelled icon button, not a second full-width button', async ({
    page,
  }) => {
    await open(page, '/shop/seramik');
    const card = page.getByRole('article').first();
    const compare = card.getByRole('button', { name: 'Karşılaştırmaya Ekle' });
    await expect(compare).toBeVisible();
    const box = (await compare.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(48);
    // Checked before the click: the toast it shows fades in, and axe would measure it half-transparent.
    await expectNoAxeViolations(page);
    await compare.click();
    await expect(card.getByRole('button', { name: 'Karşılaştırmadan Çıkar' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await shots(page, 'cards');
  });
});
