import { expect, type Page, test } from '@playwright/test';
import { MAX_REVIEW_PHOTO_BYTES } from '@vitrin/shared/api/reviews-context';
import { deliveredOrder } from './delivered-order.ts';
import { phonePicture, picture } from './images.ts';
import { E2E_PORT } from './playwright.config.ts';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, listedProducts, registerCustomer, shots } from './support.ts';

test.describe.configure({ timeout: 240_000 });

const origin = `http://localhost:${E2E_PORT}`;
const SAME_ORIGIN = { origin };
const PASSWORD = 'gizli-şifre-1';
const XSS = '<script>alert(1)</script> "><img src=x onerror=alert(1)>';

/** The visible star button of a rating (its radio is hidden behind it). */
const starLabel = (page: Page, stars: number) =>
  page.locator('label').filter({ has: page.getByRole('radio', { name: `${stars} yıldız` }) });

async function fillReview(page: Page, stars: number, title: string, body: string) {
  await starLabel(page, stars).click();
  await expect(page.getByRole('radio', { name: `${stars} yıldız` })).toBeChecked();
  await page.getByLabel('Başlık').fill(title);
  await page.getByLabel('Değerlendirmeniz').fill(body);
}

test('a customer with a delivered order writes reviews with and without JavaScript; an approved one shows on the product page and in its JSON-LD', async ({
  page,
  browser,
  context,
}) => {
  const email = `degerlendirme.${Date.now()}@example.com`;
  const products = (await listedProducts(context.request)).filter(
    (p) => p.stockType === 1 && p.inStock && p.price,
  );
  // Two products late in the list, so other specs' first products stay as they are.
  const [first, second] = products.slice(-2);
  expect(second).toBeTruthy();

  // Before logging in, the form sends the shopper to log in and back.
  await page.goto(`/product/${first!.slug}/review`);
  const login = page.getByTestId('review-login');
  await expect(login).toContainText('Değerlendirme yazmak için giriş yapmalısınız.');
  await expect(login.getByRole('link', { name: 'Giriş yap' })).toHaveAttribute(
    'href',
    `/login?returnTo=${encodeURIComponent(`/product/${first!.slug}/review`)}`,
  );

  await registerCustomer(context.request, email, PASSWORD);
  // Not a buyer yet: told why.
  await page.goto(`/product/${first!.slug}/review`);
  await expect(page.getByTestId('review-not-buyer')).toContainText('teslim almış müşterilerimiz');

  const staffContext = await browser.newContext({ baseURL: origin });
  await logInStaff(staffContext, createStaff('owner', 'Değerlendirme Sahibi'));
  await deliveredOrder(context.request, staffContext.request, email, [first!.id, second!.id]);

  try {
    // With JavaScript: the form, checked by axe, sent with a photo.
    await page.goto(`/product/${first!.slug}/review`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByRole('heading', { level: 1 })).toContainText(first!.name);
    await expectNoAxeViolations(page);
    await shots(page, 'review-form');
    await fillReview(page, 4, `Güzel ${XSS}`, `Rengi fotoğraftaki gibi. ${XSS}`);
    // A picture and a phone's photo larger than the page form takes: the browser makes the photo small first.
    const large = await phonePicture();
    expect(large.length).toBeGreaterThan(MAX_REVIEW_PHOTO_BYTES);
    await page.getByLabel('Fotoğraflar').setInputFiles([
      { name: 'kupa.png', mimeType: 'image/png', buffer: await picture('K', '#8a5a44') },
      { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: large },
    ]);
    await page.getByRole('button', { name: 'Değerlendirmeyi gönder' }).click();
    await expect(page.getByTestId('review-received')).toHaveText(
      /Değerlendirmeniz alındı; onaylandıktan sonra yayımlanacak\./,
    );
    // Once a product: the form says it was reviewed.
    await page.goto(`/product/${first!.slug}/review`);
    await expect(page.getByTestId('review-reviewed')).toBeVisible();

    // Without JavaScript, in the same session: a plain form post, a refusal shown on the page, then the review.
    const state = await context.storageState();
    const plain = await browser.newContext({
      baseURL: origin,
      javaScriptEnabled: false,
      storageState: state,
    });
    const noJs = await plain.newPage();
    await noJs.goto(`/product/${second!.slug}/review`);
    // Spaces pass the browser's own check, not the server's.
    await fillReview(noJs, 2, '   ', 'İnce bir kumaş, beklediğim gibi değil.');
    await noJs.getByRole('button', { name: 'Değerlendirmeyi gönder' }).click();
    await expect(noJs.getByTestId('review-alert')).toContainText('Başlık yazın');
    await noJs.getByLabel('Başlık').fill('Kumaşı ince');
    await starLabel(noJs, 2).click();
    await noJs.getByRole('button', { name: 'Değerlendirmeyi gönder' }).click();
    await expect(noJs.getByTestId('review-received')).toContainText('Değerlendirmeniz alındı');
    await plain.close();

    // The account lists both, waiting.
    await page.goto('/panel/reviews');
    const mine = page.getByTestId('my-review');
    await expect(mine).toHaveCount(2);
    await expect(mine.first()).toContainText('Onay bekliyor');
    await expectNoAxeViolations(page);

    // Pending reviews are not public.
    const before = await page.request.get(`/api/front/products/${first!.slug}/reviews`);
    const ownList = await (await page.request.get('/api/front/account/reviews')).json();
    const written = ownList.reviews.find(
      (r: { product: { slug: string } }) => r.product.slug === first!.slug,
    );
    expect((await before.json()).reviews.map((r: { id: number }) => r.id)).not.toContain(written.id);

    // The owner approves it (the moderation's API) and answers it.
    const detail = await (await staffContext.request.get(`/api/admin/reviews/${written.id}`)).json();
    const approved = await staffContext.request.post(`/api/admin/reviews/${written.id}/approve`, {
      headers: SAME_ORIGIN,
      data: { updatedAt: detail.review.updatedAt },
    });
    expect(approved.ok(), await approved.text()).toBe(true);

    const dialogs: string[] = [];
    page.on('dialog', async (d) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
    await page.goto(`/product/${first!.slug}`);
    const block = page.getByTestId('reviews');
    const review = block.getByTestId('review').filter({ hasText: 'Rengi fotoğraftaki gibi.' });
    await expect(review).toContainText(XSS);
    await expect(review).toContainText('Ayşe Y.');
    await expect(review.getByRole('img')).toHaveCount(2);
    await expect(block.getByTestId('reviews-summary')).toContainText('değerlendirme');
    expect(await page.locator('[onerror]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await block.scrollIntoViewIfNeeded();
    await shots(page, 'product-reviews');

    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = ld.flatMap((t) => JSON.parse(t)).find((d) => d['@type'] === 'Product');
    expect(product.aggregateRating).toMatchObject({
      '@type': 'AggregateRating',
      bestRating: 5,
      worstRating: 1,
    });
    expect(product.aggregateRating.reviewCount).toBeGreaterThanOrEqual(1);
    const ours = product.review.find((r: { reviewBody: string }) =>
      r.reviewBody.includes('Rengi fotoğraftaki'),
    );
    expect(ours).toMatchObject({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Ayşe Y.' },
      reviewRating: { ratingValue: 4 },
      name: `Güzel ${XSS}`,
    });
    // Sorting works as a plain GET form.
    await page.getByLabel('Sırala', { exact: true }).selectOption('lowest');
    await block.getByRole('button', { name: 'Sırala' }).click();
    await expect(page).toHaveURL(/sort=lowest/);
    await expect(page.getByTestId('reviews')).toBeVisible();
  } finally {
    // The account's deletion takes its reviews with it (KVKK): the products' ratings are as they were.
    const deleted = await context.request.post('/api/front/account/delete', {
      headers: SAME_ORIGIN,
      data: { password: PASSWORD },
    });
    expect(deleted.status(), await deleted.text()).toBe(204);
    await staffContext.close();
  }
  const after = await (await page.request.get(`/api/front/products/${first!.slug}/reviews`)).json();
  expect(JSON.stringify(after)).not.toContain('Rengi fotoğraftaki gibi.');
});
