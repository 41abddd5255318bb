import { expect, type Page, test } from '@playwright/test';
import {
  categoryWith,
  expectNoAxeViolations,
  type ListedProduct,
  listedProducts,
  open,
  shots,
} from './support.ts';

const listingOf = (product: ListedProduct) => `/shop/${product.category}?pageSize=48`;
const cardOf = (page: Page, product: ListedProduct) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: product.name }) });

test.describe('wishlist and compare without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('hearts on a card and on the product page add with plain posts; Favorilerim shows them and removes one', async ({
    page,
    request,
  }) => {
    const [first, second] = categoryWith(await listedProducts(request), 2);
    const listing = listingOf(first!);

    // The listing is everyone's page: its hearts are neutral forms to the wishlist page, never a shopper's state.
    await page.goto(listing);
    const heart = cardOf(page, first!).getByRole('button', { name: 'Favorilere Ekle' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(page).toHaveURL(/\/wishlist\?added=/);
    await expect(page.getByRole('status').filter({ hasText: 'Ürün favorilerinize eklendi.' })).toBeVisible();
    const items = page.getByTestId('wishlist-item');
    await expect(items).toHaveCount(1);
    await expect(items.getByRole('link', { name: first!.name })).toBeVisible();
    const back = page.getByRole('link', { name: 'Alışverişe devam et' });
    await expect(back).toHaveAttribute('href', listing);
    await shots(page, 'wishlist-nojs-added');

    // The product page's own heart comes first; related products' cards carry theirs further down.
    await page.goto(`/product/${second!.slug}`);
    await page.getByRole('button', { name: 'Favorilere Ekle' }).first().click();
    await expect(items).toHaveCount(2);
    await expect(items.getByRole('link', { name: second!.name })).toBeVisible();
    await expect(back).toHaveAttribute('href', `/product/${second!.slug}`);
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/product/${second!.slug}$`));

    // Adding again changes nothing; removing on the list page is a plain post too.
    await page.goto(listing);
    await cardOf(page, first!).getByRole('button', { name: 'Favorilere Ekle' }).click();
    await expect(items).toHaveCount(2);
    await items
      .filter({ has: page.getByRole('link', { name: first!.name }) })
      .getByRole('button', { name: 'Favorilerden Çıkar' })
      .click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(page.getByTestId('list-notice')).toHaveCount(0);
    await expect(items).toHaveCount(1);
    await expect(items.getByRole('link', { name: second!.name })).toBeVisible();
  });

  test('compare: two products from a card and the product page, the table, removing one', async ({
    page,
    request,
  }) => {
    const [first, second] = categoryWith(await listedProducts(request), 2);
    await page.goto(listingOf(first!));
    await cardOf(page, first!).getByRole('button', { name: 'Karşılaştırmaya Ekle' }).click();
    await expect(page).toHaveURL(/\/compare\?added=/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Ürün karşılaştırma listesine eklendi.' }),
    ).toBeVisible();

    await page.goto(`/product/${second!.slug}`);
    await page.getByRole('button', { name: 'Karşılaştırmaya Ekle' }).first().click();
    await expect(page).toHaveURL(/\/compare\?added=/);
    const columns = page.getByTestId('compare-column');
    await expect(columns).toHaveCount(2);
    const table = page.getByRole('table');
    await expect(table.getByRole('link', { name: first!.name })).toBeVisible();
    await expect(table.getByRole('link', { name: second!.name })).toBeVisible();
    await shots(page, 'compare-nojs-added');

    await page.getByRole('button', { name: 'Karşılaştırmadan Çıkar' }).first().click();
    await expect(page).toHaveURL(/\/compare$/);
    await expect(columns).toHaveCount(1);
    await expect(table.getByRole('link', { name: second!.name })).toBeVisible();
  });

  test('a fifth product to compare is refused in Turkish, with the way back to the listing', async ({
    page,
    request,
  }) => {
    const five = categoryWith(await listedProducts(request), 5);
    const listing = listingOf(five[0]!);
    for (const product of five.slice(0, 4)) {
      await page.goto(listing);
      await cardOf(page, product).getByRole('button', { name: 'Karşılaştırmaya Ekle' }).click();
      await expect(page.getByRole('table').getByRole('link', { name: product.name })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Alışverişe devam et' }).click();
    await expect(page).toHaveURL(listing);
    const refused = page.waitForResponse((r) => r.request().method() === 'POST');
    await cardOf(page, five[4]!).getByRole('button', { name: 'Karşılaştırmaya Ekle' }).click();
    expect((await refused).status()).toBe(409);
    await expect(page.getByRole('alert')).toContainText('En fazla 4 ürün karşılaştırabilirsiniz');
    await expect(page.getByTestId('compare-column')).toHaveCount(4);
    await expect(page.getByRole('link', { name: 'Alışverişe devam et' })).toHaveAttribute('href', listing);
    await shots(page, 'compare-nojs-refused');
  });
});

test('a list post from another site changes nothing; a product id that is no number is a Turkish 400', async ({
  request,
}) => {
  const [product] = categoryWith(await listedProducts(request), 1);
  const form = { intent: 'add', productId: String(product!.id), returnTo: '/' };
  for (const path of ['/wishlist', '/compare']) {
    // With another site's Origin React Router refuses the post itself; a browser that names only the
    // fetch's site is refused by the list's own check, in Turkish.
    const foreign = await request.post(path, { form, headers: { origin: 'https://elsewhere.example' } });
    expect(foreign.status()).toBe(400);
    const crossSite = await request.post(path, { form, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status()).toBe(403);
    expect(await crossSite.text()).toContain('Bu istek başka bir siteden geldiği için reddedildi.');
    for (const refused of [foreign, crossSite]) expect(refused.headers()['set-cookie']).toBeUndefined();

    const bad = await request.post(path, {
      form: { ...form, productId: 'abc' },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(bad.status()).toBe(400);
    expect(await bad.text()).toContain('Geçersiz ürün');
  }
});

test('the list pages with their notices pass axe; with JavaScript the buttons still change the list in place', async ({
  page,
  request,
}) => {
  const [first, second] = categoryWith(await listedProducts(request), 2);
  await open(page, `/product/${first!.slug}`);
  await page.getByRole('button', { name: 'Favorilere Ekle' }).first().click();
  await expect(page.getByRole('button', { name: 'Favorilerden Çıkar' }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Karşılaştırmaya Ekle' }).first().click();
  await expect(page.getByRole('button', { name: 'Karşılaştırmadan Çıkar' }).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/product/${first!.slug}$`));

  await open(page, `/wishlist?added=${first!.id}&returnTo=${encodeURIComponent(listingOf(first!))}`);
  await expect(page.getByRole('status').filter({ hasText: 'Ürün favorilerinize eklendi.' })).toBeVisible();
  await expectNoAxeViolations(page);
  await open(page, `/compare?added=${first!.id}&returnTo=//elsewhere.example`);
  await expect(page.getByTestId('list-notice')).toContainText('Ürün karşılaştırma listesine eklendi.');
  // A way back that is not a path of this shop is not offered.
  await expect(page.getByRole('link', { name: 'Alışverişe devam et' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // A product that is not in the list gets no notice, whatever the address says.
  await open(page, `/compare?added=${second!.id}`);
  await expect(page.getByTestId('list-notice')).toHaveCount(0);
});
