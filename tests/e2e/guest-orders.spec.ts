import { expect, test } from '@playwright/test';
import { placeTransferOrder } from './checkout-api.ts';
import { E2E_PORT } from './playwright.config.ts';
import { expectNoAxeViolations, open, outboxFiles, postRegistration, shots, waitForMail } from './support.ts';

test.describe.configure({ timeout: 120_000 });

// Writes with the session cookie must come from the shop's own pages (the same-origin check).
const SAME_ORIGIN = { origin: `http://localhost:${E2E_PORT}` };

test('a guest who registers later adds the guest orders to Siparişlerim through a link e-mailed to the address', async ({
  page,
}) => {
  const email = `misafir.${Date.now()}@example.com`;
  const orderNo = await placeTransferOrder(page.request, { email, firstName: 'Zeynep', lastName: 'Kaya' });

  const registered = await postRegistration(
    page.request,
    {
      firstName: 'Zeynep',
      lastName: 'Kaya',
      email,
      phone: '0533 765 43 21',
      password: 'Kedi-Mavi-Deniz-7',
      kvkk: true,
    },
    SAME_ORIGIN,
  );
  expect(registered.status()).toBe(201);

  await open(page, '/panel/orders');
  await expect(page.getByRole('heading', { name: 'Henüz siparişiniz yok' })).toBeVisible();
  const notice = page.getByRole('region', { name: /üye olmadan verdiğiniz 1 sipariş var/ });
  await expect(notice).toBeVisible();
  await expect(page.getByText(orderNo)).toHaveCount(0);
  await shots(page, 'guest-orders-waiting');
  await expectNoAxeViolations(page);

  const before = outboxFiles();
  await notice.getByRole('button', { name: 'Doğrulama bağlantısı gönder' }).click();
  await expect(page.getByText('Bağlantıyı e-posta adresinize gönderdik.')).toBeVisible();
  const link = await waitForMail(email, before, /http:\/\/\S+\/panel\/orders\?baglanti=[\w.%-]+/);

  await open(page, new URL(link).pathname + new URL(link).search);
  await expect(page).toHaveURL(/\/panel\/orders\?eklendi=1$/);
  await expect(page.getByText('1 misafir siparişiniz hesabınıza eklendi.')).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`Sipariş ${orderNo}`) })).toBeVisible();
  await shots(page, 'guest-orders-linked');

  await open(page, '/panel/orders?baglanti=1.bozuk');
  await expect(page.getByRole('alert')).toContainText('Bu bağlantı geçersiz ya da süresi dolmuş');
});
