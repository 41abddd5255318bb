import { expect, type Page, test } from '@playwright/test';
import { deliveredOrder } from './delivered-order.ts';
import { picture } from './images.ts';
import { E2E_PORT } from './playwright.config.ts';
import { createStaff, logInStaff } from './staff.ts';
import {
  expectNoAxeViolations,
  type ListedProduct,
  listedProducts,
  outboxFiles,
  registerCustomer,
  shots,
  waitForMail,
} from './support.ts';

test.describe.configure({ timeout: 240_000 });

const origin = `http://localhost:${E2E_PORT}`;
const SAME_ORIGIN = { origin };

/** Three priced products of one category, from its end (other specs use the first ones), not the last category. */
function threeOfOneCategory(products: ListedProduct[]): ListedProduct[] {
  const byCategory = new Map<string, ListedProduct[]>();
  for (const p of products.filter((p) => p.stockType === 1 && p.inStock && p.price))
    byCategory.set(p.category, [...(byCategory.get(p.category) ?? []), p]);
  const lastCategory = products.at(-1)?.category;
  const found = [...byCategory].find(([slug, list]) => slug !== lastCategory && list.length >= 4)?.[1];
  expect(found, 'a category with four products in stock').toBeTruthy();
  return found!.slice(-3);
}

/** The review's row in the panel's table (wide screen). */
const row = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

test('staff approve, reject with a reason and answer reviews; support answers only; listing cards show the stars', async ({
  browser,
  page,
}) => {
  const tag = Date.now().toString(36);
  const email = `panel.degerlendirme.${tag}@example.com`;
  const shopper = await browser.newContext({ baseURL: origin });
  const [good, bad, fine] = threeOfOneCategory(await listedProducts(shopper.request));
  const titles = { good: `Harika kupa ${tag}`, bad: `Hayal kırıklığı ${tag}`, fine: `Fena değil ${tag}` };
  const reason = 'Değerlendirmede sipariş numarası ve telefon paylaşılmış.';

  await registerCustomer(shopper.request, email, 'gizli-şifre-1');
  await logInStaff(page.context(), createStaff('owner', 'Değerlendirme Sahibi'));
  await deliveredOrder(shopper.request, page.context().request, email, [good!.id, bad!.id, fine!.id]);
  const post = (product: ListedProduct, rating: number, title: string, photo?: Buffer) =>
    shopper.request.post(`/api/front/products/${product.slug}/reviews`, {
      headers: SAME_ORIGIN,
      ...(photo
        ? {
            multipart: {
              rating: String(rating),
              title,
              body: 'Siparişim özenle paketlenmişti, fotoğraftaki gibi geldi.',
              photos: { name: 'kupa.png', mimeType: 'image/png', buffer: photo },
            },
          }
        : { data: { rating, title, body: 'Beklediğim gibi değildi, rengi soluk.' } }),
    });
  const written: number[] = [];
  try {
    for (const answer of [
      await post(good!, 5, titles.good, await picture('K', '#8a5a44')),
      await post(bad!, 1, titles.bad),
      await post(fine!, 4, titles.fine),
    ]) {
      expect(answer.status(), await answer.text()).toBe(201);
      written.push((await answer.json()).review.id);
    }

    // The waiting reviews, the first tab, with their counts.
    await page.goto('/admin/degerlendirmeler');
    await expect(page.getByRole('heading', { level: 1, name: 'Değerlendirmeler' })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Değerlendirme durumları' });
    await expect(tabs.getByRole('button', { name: /Onay bekleyen \(\d+\)/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(row(page, titles.good)).toContainText(good!.name);
    await expect(row(page, titles.good).getByRole('img', { name: 'Müşterinin 1. fotoğrafı' })).toBeVisible();
    await expect(row(page, titles.good).getByRole('img', { name: '5 üzerinden 5 puan' })).toBeVisible();
    await expect(row(page, titles.good)).toContainText(email);
    await expectNoAxeViolations(page);
    await shots(page, 'admin-reviews');

    // Approve: it leaves the waiting tab and is published.
    await row(page, titles.good)
      .getByRole('button', { name: `Onayla (${titles.good})` })
      .click();
    await expect(row(page, titles.good)).toHaveCount(0);

    // Reject: the reason is asked, checked, and mailed to the writer.
    const mails = outboxFiles();
    await row(page, titles.bad)
      .getByRole('button', { name: `Reddet (${titles.bad})` })
      .click();
    const rejecting = page.getByRole('dialog', { name: 'Değerlendirmeyi yayımlama' });
    await rejecting.getByRole('button', { name: 'Yayımlama' }).click();
    await expect(rejecting.getByText('Neden en az 3 karakter olmalı')).toBeVisible();
    await rejecting.getByLabel('Neden').fill(reason);
    await expectNoAxeViolations(page);
    await rejecting.getByRole('button', { name: 'Yayımlama' }).click();
    await expect(rejecting).toBeHidden();
    await expect(row(page, titles.bad)).toHaveCount(0);
    await waitForMail(email, mails, /Değerlendirmeniz yayımlanmadı/);
    await waitForMail(email, mails, /sipariş numarası ve telefon paylaşılmış/);
    await tabs.getByRole('button', { name: /Yayımlanmayan/ }).click();
    await expect(row(page, titles.bad)).toContainText(`Yayımlanmama nedeni: ${reason}`);

    // Support sees the list and answers, but cannot approve or reject.
    const support = await browser.newContext({ baseURL: origin });
    await logInStaff(support, createStaff('support', 'Değerlendirme Destek'));
    const helper = await support.newPage();
    await helper.goto('/admin/degerlendirmeler');
    const waiting = row(helper, titles.fine);
    await expect(waiting).toBeVisible();
    await expect(waiting.getByRole('button', { name: /Onayla/ })).toHaveCount(0);
    await expect(waiting.getByRole('button', { name: /Reddet/ })).toHaveCount(0);
    await waiting.getByRole('button', { name: `Yanıtla (${titles.fine})` }).click();
    const answering = helper.getByRole('dialog', { name: 'Yanıtla' });
    await answering
      .getByLabel('Mağazanın yanıtı')
      .fill('Teşekkür ederiz, rengi için yeni bir seri hazırlıyoruz.');
    await answering.getByRole('button', { name: 'Yanıtı kaydet' }).click();
    await expect(answering).toBeHidden();
    await expect(waiting).toContainText('Mağazanın yanıtı: Teşekkür ederiz');
    const refused = await support.request.post(`/api/admin/reviews/${written[2]}/approve`, {
      headers: SAME_ORIGIN,
      data: {},
    });
    expect(refused.status()).toBe(403);
    await support.close();

    // The owner publishes it too; the approved tab holds both, with the answer.
    await page.goto('/admin/degerlendirmeler');
    await row(page, titles.fine)
      .getByRole('button', { name: `Onayla (${titles.fine})` })
      .click();
    await expect(row(page, titles.fine)).toHaveCount(0);
    await tabs.getByRole('button', { name: /Yayında/ }).click();
    await expect(row(page, titles.good)).toBeVisible();
    await expect(row(page, titles.fine)).toContainText('Mağazanın yanıtı');

    // The listing sorted by rating: the cards show the stars and the count, read out as one sentence.
    const listing = await browser.newPage({ baseURL: origin });
    await listing.goto(`/shop/${good!.category}?sort=rating`);
    await expect(listing.getByLabel('Sıralama')).toHaveValue('rating');
    const card = listing.getByRole('article').filter({ hasText: good!.name });
    await expect(card.getByTestId('card-rating')).toContainText('5 üzerinden 5,0 puan, 1 değerlendirme');
    await expect(
      listing.getByRole('article').filter({ hasText: fine!.name }).getByTestId('card-rating'),
    ).toContainText('5 üzerinden 4,0 puan, 1 değerlendirme');
    await expect(
      listing.getByRole('article').filter({ hasText: bad!.name }).getByTestId('card-rating'),
    ).toHaveCount(0);
    // Higher average first; every card with stars before every card without.
    const cards = await listing.getByRole('article').evaluateAll((list) =>
      list.map((a) => ({
        name: a.querySelector('h3')?.textContent ?? '',
        rated: !!a.querySelector('[data-testid="card-rating"]'),
      })),
    );
    const at = (name: string) => cards.findIndex((c) => c.name === name);
    expect(at(good!.name)).toBeGreaterThanOrEqual(0);
    expect(at(good!.name)).toBeLessThan(at(fine!.name));
    const firstUnrated = cards.findIndex((c) => !c.rated);
    expect(firstUnrated === -1 || at(fine!.name) < firstUnrated).toBe(true);
    await shots(listing, 'listing-stars');
    await listing.close();
  } finally {
    for (const id of written) {
      const removed = await page
        .context()
        .request.delete(`/api/admin/reviews/${id}`, { headers: SAME_ORIGIN });
      expect(removed.status()).toBe(204);
    }
    await shopper.close();
  }
});
