import { gzipSync } from 'node:zlib';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoAxeViolations, listedProducts, open, screenshot, shots } from './support.ts';

interface Variant {
  options: Record<string, string>;
  stock: { state: string };
  price: { amountMinor: number };
}

/** A variant product of the demo shop whose variants differ in price, found through the API. */
async function productWithPricedVariants(request: APIRequestContext) {
  const categories = (await (await request.get('/api/front/categories')).json()) as Array<{ slug: string }>;
  for (const { slug } of categories) {
    const page = await (await request.get(`/api/front/categories/${slug}/products?pageSize=48`)).json();
    for (const item of page.listing.items as Array<{ slug: string; stockType: number }>) {
      if (item.stockType !== 2) continue;
      const product = await (await request.get(`/api/front/products/${item.slug}`)).json();
      const variants = product.variants as Variant[];
      const inStock = variants.filter((v) => v.stock.state !== 'out');
      const prices = new Set(inStock.map((v) => v.price.amountMinor));
      if (product.optionGroups.length === 1 && prices.size > 1) return { product, variants: inStock };
    }
  }
  throw new Error('no variant product with different prices in the demo data');
}

const lira = (minor: number) =>
  new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' }).format(minor / 100);

test.describe('catalogue', () => {
  test('home → category → filter → product → a variant change updates price and stock', async ({
    page,
    request,
  }) => {
    const { product, variants } = await productWithPricedVariants(request);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Tekstil' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tekstil');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const count = page.getByText(/^\d+ ürün$/);
    const before = Number((await count.textContent())!.split(' ')[0]);
    // With JavaScript a ticked box applies at once: there is no button to look for.
    await page.getByLabel('Yalnızca stoktakiler').check();
    await expect(page).toHaveURL(/stock=1/);
    const after = Number((await count.textContent())!.split(' ')[0]);
    expect(after).toBeLessThanOrEqual(before);
    await screenshot(page, 'category-tekstil');
    await expectNoAxeViolations(page);

    const response = await page.goto(`/product/${product.slug}`);
    expect(response?.status()).toBe(200);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const group = product.optionGroups[0].name as string;
    const [first, other] = [
      variants[0]!,
      variants.find((v) => v.price.amountMinor !== variants[0]!.price.amountMinor)!,
    ];
    await page.getByRole('radio', { name: first.options[group]! }).check({ force: true });
    await expect(page.getByTestId('product-price')).toContainText(lira(first.price.amountMinor));
    await page.getByRole('radio', { name: other.options[group]! }).check({ force: true });
    await expect(page.getByTestId('product-price')).toContainText(lira(other.price.amountMinor));
    await expect(page.getByTestId('stock-state')).toBeVisible();
    await screenshot(page, 'product-variant');
    await expectNoAxeViolations(page);
  });

  test('the gallery follows the chosen colour, and the page never names the product type', async ({
    page,
    request,
  }) => {
    const products = await listedProducts(request);
    let found: { slug: string; colour: string; image: string } | undefined;
    for (const item of products.filter((p) => p.stockType === 2 && p.inStock)) {
      const product = await (await request.get(`/api/front/products/${item.slug}`)).json();
      const groups = product.optionGroups as Array<{ name: string }>;
      if (groups.length !== 1 || groups[0]!.name !== 'Renk') continue;
      const variants = product.variants as Array<Variant & { images: string[] }>;
      const colours = variants.filter((v) => v.stock.state !== 'out' && v.images.length);
      if (colours.length < 2) continue;
      const other = colours[1]!;
      found = { slug: item.slug, colour: other.options.Renk!, image: other.images[0]! };
      break;
    }
    expect(found, 'a colour variant product with pictures per colour in the demo data').toBeDefined();
    await open(page, `/product/${found!.slug}`);
    await page.getByRole('radio', { name: found!.colour }).check({ force: true });
    const stem = found!.image.replace(/\.webp$/, '');
    await expect(page.getByTestId('product-main-image')).toHaveAttribute('src', new RegExp(stem));
    await expect(page.getByText(/Varyantlı Ürün|Tekil Ürün/)).toHaveCount(0);
    await shots(page, 'product-colour');
  });

  test('home shows featured categories and the new and discounted shelves', async ({ page }) => {
    await page.goto('/');
    const categories = page.getByTestId('featured-categories').getByRole('link');
    expect(await categories.count()).toBeGreaterThan(2);
    const discounted = page.getByTestId('shelf-discounted');
    await expect(discounted.getByRole('heading', { name: 'İndirimdeki ürünler' })).toBeVisible();
    await expect(discounted.getByText(/^%\d+ indirim$/).first()).toBeVisible();
    await expect(page.getByTestId('shelf-new').getByRole('article')).toHaveCount(8);
    await screenshot(page, 'home-shelves');
    await expectNoAxeViolations(page);
    const name = (await categories.first().textContent())!.trim();
    await categories.first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('filtered and sorted listings name the plain category page as absolute canonical URL', async ({
    page,
  }) => {
    await page.goto('/shop/seramik?sort=price_asc&stock=1&page=2');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      /^http:\/\/localhost:\d+\/shop\/seramik$/,
    );
    await expect(page).toHaveTitle(/^Seramik \| Vitrin Atölye$/);
  });

  test('an unknown product answers 404 with the error screen', async ({ page }) => {
    const response = await page.goto('/product/boyle-bir-urun-yok');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText(
      '/product/boyle-bir-urun-yok adresinde bir sayfa yok; taşınmış ya da kaldırılmış olabilir.',
    );
  });

  test('a bad filter in the URL answers 400 naming the problem', async ({ page }) => {
    const response = await page.goto('/shop/seramik?pageSize=500');
    expect(response?.status()).toBe(400);
    await expect(page.getByTestId('error-message')).toContainText('Sayfa boyutu en fazla 48');
  });

  test('product pages carry JSON-LD Product and BreadcrumbList', async ({ page, request }) => {
    const { product } = await productWithPricedVariants(request);
    await page.goto(`/product/${product.slug}`);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld[0]['@type']).toBe('Product');
    expect(ld[0].offers.priceCurrency).toBe('TRY');
    expect(ld[1]['@type']).toBe('BreadcrumbList');
  });

  test('a first visit to a product page downloads at most 140 kB of gzipped JavaScript', async ({
    page,
    request,
  }) => {
    // The budget, counted the way `npm run bench:js` counts it (gzip level 9 of each script), but on
    // what the browser really fetched: the entry, the route chunks and React Router's manifest.
    const { product } = await productWithPricedVariants(request);
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
      }
    });
    await open(page, `/product/${product.slug}`);
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(scripts);
    expect(sizes.length).toBeGreaterThan(3);
    const total = sizes.reduce((sum, n) => sum + n, 0);
    expect(total / 1024).toBeLessThanOrEqual(140);
  });

  test('a product page asks for its scripts only once its main image is in, and then comes alive', async ({
    page,
    request,
  }) => {
    const { product } = await productWithPricedVariants(request);
    // Requests starting and finishing, in the order the browser reports them.
    const events: { what: 'start' | 'end'; url: string; type: string }[] = [];
    page.on('request', (r) => events.push({ what: 'start', url: r.url(), type: r.resourceType() }));
    page.on('requestfinished', (r) => events.push({ what: 'end', url: r.url(), type: r.resourceType() }));
    await open(page, `/product/${product.slug}`);
    const image = await page
      .locator('img[fetchpriority="high"]')
      .evaluate((img: HTMLImageElement) => img.currentSrc);
    const imageIn = events.findIndex((e) => e.what === 'end' && e.url === image);
    const firstScript = events.findIndex((e) => e.what === 'start' && e.type === 'script');
    expect(imageIn).toBeGreaterThanOrEqual(0);
    expect(firstScript).toBeGreaterThan(imageIn);
    // Hydrated: the buying form works.
    await expect(page.getByTestId('add-to-cart').getByRole('button', { name: 'Sepete Ekle' })).toBeEnabled();
  });

  test('search suggestions work by keyboard and the results page is accessible', async ({ page }) => {
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const box = page.getByRole('combobox', { name: 'Ürün ara' });
    await box.fill('seram');
    const list = page.getByRole('listbox', { name: 'Öneriler' });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await box.press('ArrowDown');
    const first = list.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/(shop|product)\//);

    const response = await page.goto('/search?q=sapka');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('“sapka” için sonuçlar');
    await expect(page.getByRole('link', { name: /Şapka/ }).first()).toBeVisible();
    await screenshot(page, 'search-sapka');
    await expectNoAxeViolations(page);
  });

  test('an empty search shows a helpful page', async ({ page }) => {
    const response = await page.goto('/search?q=');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ne aramıştınız?');
    await expect(page.getByRole('main').getByRole('link', { name: 'Seramik' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
