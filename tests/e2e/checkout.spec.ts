import { expect, type Page, test } from '@playwright/test';
import { fillGuestCheckout, typeCard } from './checkout-form.ts';
import { E2E_PORT } from './playwright.config.ts';
import {
  expectNoAxeViolations,
  type ListedProduct,
  listedProducts,
  open,
  outboxFiles,
  postRegistration,
  shots,
  waitForMail,
} from './support.ts';

/** The money path in Chromium: guest card order with a coupon, a customer's bank transfer, a failed card. */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const region = (page: Page, name: string) => page.getByRole('region', { name });
// Writes with the session cookie must come from the shop's own pages (the same-origin check).
const SAME_ORIGIN = { origin: `http://localhost:${E2E_PORT}` };

/** The product into the cart from its page (the chosen variant, if it has any) and on to the checkout. */
async function addToCart(page: Page, product: ListedProduct) {
  await open(page, `/product/${product.slug}`);
  await page.getByTestId('add-to-cart').getByRole('button', { name: 'Sepete Ekle' }).click();
  await expect(page.getByText('Ürün sepete eklendi')).toBeVisible();
}

async function payByCard(page: Page, card: string) {
  await typeCard(page, card);
  await page.getByRole('button', { name: /Öde$/ }).click();
  await page.getByLabel('Doğrulama kodu').fill('123456');
  await page.getByRole('button', { name: 'Onayla' }).click();
}

test('a guest buys a variant product with a coupon by card, through 3-D Secure, and gets the e-mail', async ({
  page,
  request,
}) => {
  const products = await listedProducts(request);
  const product = products.find((p) => p.stockType === 2 && p.inStock && p.price)!;
  await addToCart(page, product);
  await open(page, '/cart');
  await page.getByLabel('Kupon Kodu').fill('HOSGELDIN10');
  await page.getByRole('button', { name: 'Uygula' }).click();
  await expect(page.getByTestId('applied-coupon')).toContainText('HOSGELDIN10');
  await page.getByRole('link', { name: 'Ödemeye Geç' }).click();

  await expect(page).toHaveURL('/checkout');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByRole('heading', { level: 1, name: 'Ödeme' })).toBeVisible();
  await expect(page.getByText('İndirim (HOSGELDIN10)')).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, 'checkout-guest');
  // The phone is asked once (in the address), the optional password shows no warning before it is typed,
  // and the total sits beside the button that places the order.
  await expect(page.getByLabel('Cep telefonu')).toHaveCount(1);
  const password = page.getByLabel(/Üyelik için şifre/);
  await expect(page.getByText(/en az 8 karakter olmalı/)).toHaveCount(0);
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  const submit = (await page.getByRole('button', { name: 'Siparişi Tamamla' }).boundingBox())!;
  const total = page.getByTestId('checkout-total');
  await expect(total).toContainText(/Toplam: ₺[\d.]+,\d\d/);
  const totalBox = (await total.boundingBox())!;
  expect(Math.abs(totalBox.y + totalBox.height / 2 - (submit.y + submit.height / 2))).toBeLessThan(40);

  // Nothing filled: the form check names the problems and the order is not placed.
  await page.getByRole('button', { name: 'Siparişi Tamamla' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL('/checkout');

  const email = `zeynep.${Date.now()}@example.com`;
  await fillGuestCheckout(page, email);
  await expect(region(page, 'Ödeme Yöntemi').getByLabel(/Kredi \/ Banka Kartı/)).toBeChecked();
  await page.getByLabel(/Ön bilgilendirme formunu/).check();
  const before = outboxFiles();
  await page.getByRole('button', { name: 'Siparişi Tamamla' }).click();

  await expect(page).toHaveURL(/\/secure-pay\?order=VT-[A-Z0-9]+&token=/);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByRole('heading', { name: 'Güvenli Ödeme' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, 'secure-pay');
  const orderNo = new URL(page.url()).searchParams.get('order')!;
  await payByCard(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(/\/order-success\?order=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Siparişiniz alındı' })).toBeVisible();
  await expect(page.getByText(orderNo).first()).toBeVisible();
  await expect(page.getByText('Ödemeniz onaylandı', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, 'order-success-card');

  // The confirmation e-mail names the order and links to it.
  await waitForMail(email, before, new RegExp(orderNo));
});

test('a customer pays by bank transfer and finds the order as "Sipariş Alındı" in Siparişlerim', async ({
  page,
  request,
}) => {
  const email = `mehmet.${Date.now()}@example.com`;
  const registered = await postRegistration(
    page.request,
    {
      firstName: 'Mehmet',
      lastName: 'Demir',
      email,
      phone: '0542 111 22 33',
      password: 'Kedi-Mavi-Deniz-7',
      kvkk: true,
    },
    SAME_ORIGIN,
  );
  expect(registered.status()).toBe(201);
  const address = await page.request.post('/api/front/addresses', {
    headers: SAME_ORIGIN,
    data: {
      title: 'Ev',
      firstName: 'Mehmet',
      lastName: 'Demir',
      phone: '0542 111 22 33',
      provinceCode: 6,
      district: 'Çankaya',
      line: 'Kızılay Mah. Atatürk Bulvarı No: 5',
      billingType: 'individual',
      tcKimlikNo: '10000000146',
    },
  });
  expect(address.status()).toBe(201);

  const products = await listedProducts(request);
  await addToCart(page, products.find((p) => p.stockType === 1 && p.inStock && p.price)!);
  await open(page, '/checkout');
  await expect(page).toHaveURL('/user-checkout');
  await expect(region(page, 'Teslimat Adresi').getByRole('radio', { name: /Ev/ })).toBeChecked();
  await region(page, 'Ödeme Yöntemi')
    .getByLabel(/Havale \/ EFT/)
    .check();
  await expect(page.getByText('TR33 0006 1005 1978 6457 8413 26').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, 'checkout-customer');
  await page.getByLabel(/Ön bilgilendirme formunu/).check();
  await page.getByRole('button', { name: 'Siparişi Tamamla' }).click();

  await expect(page).toHaveURL(/\/order-success\?order=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Siparişiniz alındı' })).toBeVisible();
  const orderNo = new URL(page.url()).searchParams.get('order')!;
  await expect(page.getByText('Türkiye İş Bankası').first()).toBeVisible();
  await shots(page, 'order-success-transfer');

  await open(page, '/panel');
  await expect(region(page, 'Son Siparişlerim')).toContainText(orderNo);
  await open(page, '/panel/orders');
  const row = page.getByRole('link', { name: new RegExp(orderNo) });
  await expect(row).toContainText('Sipariş Alındı');
  await expectNoAxeViolations(page);
  await shots(page, 'panel-orders');
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: `Sipariş ${orderNo}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Siparişi İptal Et' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, 'panel-order');

  // "Tekrar Satın Al" puts the lines back in the cart; cancelling (allowed in state 0) is final.
  await page.getByRole('button', { name: 'Tekrar Satın Al' }).click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await open(page, `/panel/orders/${orderNo}`);
  await page.getByRole('button', { name: 'Siparişi İptal Et' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Siparişiniz iptal edildi.');
  await expect(page.getByText('İptal Edildi').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Siparişi İptal Et' })).toHaveCount(0);
});

test('a declined card leaves the order in "Ödeme Başarısız", and paying again succeeds', async ({
  page,
  request,
}) => {
  const products = await listedProducts(request);
  await addToCart(page, products.find((p) => p.stockType === 1 && p.inStock && p.price)!);
  await open(page, '/checkout');
  await fillGuestCheckout(page, `ali.${Date.now()}@example.com`);
  await page.getByLabel(/Ön bilgilendirme formunu/).check();
  await page.getByRole('button', { name: 'Siparişi Tamamla' }).click();
  await expect(page).toHaveURL(/\/secure-pay\?/);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

  await payByCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toContainText('Ödeme alınamadı');
  await shots(page, 'secure-pay-failed');
  const orderNo = new URL(page.url()).searchParams.get('order')!;
  const token = new URL(page.url()).searchParams.get('token')!;
  const failed = await request.get(`/api/front/orders/${orderNo}?token=${token}`);
  expect((await failed.json()).state).toMatchObject({ code: 7, label: 'Ödeme Başarısız' });

  await payByCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/order-success\?order=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Siparişiniz alındı' })).toBeVisible();
  const paid = await request.get(`/api/front/orders/${orderNo}?token=${token}`);
  expect(await paid.json()).toMatchObject({ state: { code: 0 }, paymentStatus: 'paid' });
});
