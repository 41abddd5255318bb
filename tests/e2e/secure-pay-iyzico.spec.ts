import { expect, type Page, test } from '@playwright/test';
import { IYZICO_3DS_CODE, IYZICO_CARDS } from '@vitrin/testing/iyzico-server';
import { iyzicoForFile } from './card-providers.ts';
import { placeOrder } from './checkout-api.ts';
import { fillGuestCheckout, typeCard } from './checkout-form.ts';
import { E2E_PORT } from './playwright.config.ts';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, listedProducts, open, shots } from './support.ts';

// iyzico takes the card through our form and the bank's 3-D Secure page (the shop uses it for this file only).
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const iyzico = iyzicoForFile();

const region = (page: Page, name: string) => page.getByRole('region', { name });

/** The contract server's 3-D Secure page (iyzico's mock bank page): a code, or İptal. */
async function bankPage(page: Page, code: string) {
  await expect(page.getByRole('heading', { name: '3-D Secure doğrulama' })).toBeVisible();
  await page.getByLabel(/SMS doğrulama kodu/).fill(code);
  await page.getByRole('button', { name: 'Onayla' }).click();
}

test('iyzico: the product page’s table per card, 3 instalments chosen for the card, the bank page, paid', async ({
  page,
  request,
  browser,
}) => {
  // A product whose instalment price (type 4) is above its sale price: the order then has a "Taksit farkı".
  const product = (await listedProducts(request)).find(
    (p) => p.stockType === 1 && p.inStock && p.price && p.price.instalmentBaseMinor > p.price.amountMinor,
  )!;
  await open(page, `/product/${product.slug}`);
  await page.locator('summary', { hasText: 'Taksit seçenekleri' }).click();
  // iyzico's general rates, one table per card programme.
  await expect(page.getByRole('table', { name: 'Halkbank · Paraf' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Yapı Kredi · World' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, 'product-instalments-iyzico');

  await page.getByTestId('add-to-cart').getByRole('button', { name: 'Sepete Ekle' }).click();
  await expect(page.getByText('Ürün sepete eklendi')).toBeVisible();
  await open(page, '/checkout');
  await fillGuestCheckout(page, 'iyzico.taksit@example.com');
  // The counts iyzico offers; its interest is shown once the card is typed.
  const instalments = region(page, 'Ödeme Yöntemi').getByLabel('Taksit seçenekleri');
  await instalments.selectOption('6');
  await expect(page.getByText('Bankanızın vade farkı, kart numaranızı yazdığınızda')).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, 'checkout-instalments-iyzico');
  await page.getByLabel(/Ön bilgilendirme formunu/).check();
  await page.getByRole('button', { name: 'Siparişi Tamamla' }).click();

  await expect(page).toHaveURL(/\/secure-pay\?order=/);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await typeCard(page, IYZICO_CARDS.success);
  const choice = page.getByRole('radiogroup', { name: /Kartınız: Halkbank · Paraf/ });
  await expect(choice).toBeVisible();
  await expect(choice.getByRole('radio')).toHaveCount(5);
  await expect(choice.getByRole('radio', { name: /^6 taksit/ })).toBeChecked();
  await choice.getByRole('radio', { name: /^3 taksit/ }).check();
  const three = await choice
    .getByRole('radio', { name: /^3 taksit/ })
    .evaluate((r) => r.parentElement!.textContent!);
  const total = /toplam (.+)$/.exec(three)![1]!;
  await expect(page.getByRole('button', { name: `${total} Öde` })).toBeVisible();
  // The amount at the top follows the card's row too, not the count chosen at checkout.
  await expect(page.locator('dd').filter({ hasText: '3 taksit ×' })).toContainText(total);
  await expectNoAxeViolations(page);
  await shots(page, 'secure-pay-iyzico-instalments');

  await page.getByRole('button', { name: `${total} Öde` }).click();
  await bankPage(page, IYZICO_3DS_CODE);
  await expect(page).toHaveURL(/\/order-success\?order=/);
  const payment = page.locator('section', { has: page.getByRole('heading', { name: 'Ödeme', exact: true }) });
  await expect(payment).toContainText('3 taksit');
  await expect(payment).toContainText(`kartınızdan çekilen toplam ${total}`);
  await expectNoAxeViolations(page);
  await shots(page, 'order-success-iyzico-instalments');
  expect(iyzico().received.findLast((r) => r.path === '/payment/3dsecure/initialize')!.body).toMatchObject({
    installment: 3,
  });

  // Staff see the same in the panel's order detail.
  const orderNo = new URL(page.url()).searchParams.get('order')!;
  const staff = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}`, locale: 'tr-TR' });
  await logInStaff(staff, createStaff('support', 'Taksit Destek'));
  const panel = await staff.newPage();
  await panel.goto(`/admin/siparisler/${orderNo}`);
  await expect(panel.getByText(`3 taksit (kartından çekilen toplam ${total})`)).toBeVisible();
  // The order's own total adds up: the instalment price's difference (type 4) is a line of it.
  await expect(panel.getByText('Taksit farkı')).toBeVisible();
  await expectNoAxeViolations(panel);
  await shots(panel, 'admin-order-iyzico-instalments');
  await staff.close();
});

test('iyzico: a declined card and a failed 3-D Secure step each say why in Turkish; the order stays payable', async ({
  page,
}) => {
  const { next } = await placeOrder(
    page.request,
    { email: 'iyzico.red@example.com', firstName: 'Elif', lastName: 'Demir' },
    'card',
  );
  await open(page, next);
  await typeCard(page, IYZICO_CARDS.insufficient);
  await expect(page.getByText('Kartınız: Yapı Kredi · World')).toBeVisible();
  await page.getByRole('button', { name: /Öde$/ }).click();
  await expect(page).toHaveURL(/\/secure-pay\?order=/);
  await expect(page.getByRole('alert')).toContainText(
    'Kartınızın bakiyesi ya da limiti bu ödeme için yetersiz.',
  );
  await expect(page.getByRole('button', { name: /Öde$/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, 'secure-pay-iyzico-declined');

  // Again with a good card, but the 3-D Secure code is wrong: the bank's answer is a failure.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await typeCard(page, IYZICO_CARDS.success);
  await page.getByRole('button', { name: /Öde$/ }).click();
  await bankPage(page, '000000');
  await expect(page).toHaveURL(/\/secure-pay\?order=/);
  await expect(page.getByRole('alert')).toContainText('3-D Secure doğrulaması başarısız oldu');
  await expect(page.getByRole('button', { name: /Öde$/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('iyzico down: the checkout still takes the order with a single payment and says why in Turkish', async ({
  page,
  request,
}) => {
  iyzico().behaviour.down = true;
  try {
    // Two of a product: an amount no earlier page asked the table for (tables are kept a while).
    // A product whose instalment price (type 4) is above its sale price: the order then has a "Taksit farkı".
    const product = (await listedProducts(request)).find(
      (p) => p.stockType === 1 && p.inStock && p.price && p.price.instalmentBaseMinor > p.price.amountMinor,
    )!;
    const added = await page.request.post('/api/front/cart/items', {
      headers: { origin: `http://localhost:${E2E_PORT}` },
      data: { productId: product.id, quantity: 2 },
    });
    expect(added.ok()).toBe(true);
    await open(page, '/checkout');
    const instalments = region(page, 'Ödeme Yöntemi').getByLabel('Taksit seçenekleri');
    await expect(instalments.locator('option')).toHaveCount(1);
    await expect(instalments).toHaveValue('1');
    await expect(
      page.getByText('Taksit seçenekleri şu anda alınamadı; tek çekim ödeyebilirsiniz.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await shots(page, 'checkout-iyzico-down');
  } finally {
    iyzico().behaviour.down = false;
  }
});
