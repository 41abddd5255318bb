import { expect, test } from '@playwright/test';
import { silentPaytrForFile } from './card-providers.ts';
import { placeOrder } from './checkout-api.ts';
import { E2E_PORT } from './playwright.config.ts';
import { expectNoAxeViolations, open, shots } from './support.ts';

// PayTR takes the card in its own form: the shop is switched to it for this file and back to the test bank.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const shopNotify = `http://localhost:${E2E_PORT}/api/payments/paytr/notify`;
// PayTR answers nothing at first (notification held back, status query down): the shopper is back before it.
const paytr = silentPaytrForFile();

test('PayTR: no card fields of ours, PayTR’s form in the page, and a wait for its answer when back early', async ({
  page,
}) => {
  const { orderNo, next } = await placeOrder(
    page.request,
    { email: 'paytr.alici@example.com', firstName: 'Elif', lastName: 'Demir' },
    'card',
  );
  await open(page, next);
  await expect(page.getByRole('banner')).toContainText('PayTR ile Güvenli Ödeme');
  await expect(page.getByText('Vitrin Test Bankası')).toHaveCount(0);
  await expect(page.getByLabel('Kart numarası')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shots(page, 'secure-pay-paytr');

  await page.getByRole('button', { name: 'Ödeme sayfasına geç' }).click();
  await expect(page).toHaveURL(/\/secure-pay\/bank$/);
  const form = page.frameLocator('iframe[title="Ödeme formu"]');
  await form.getByRole('button', { name: 'Ödemeyi Tamamla' }).click();
  // PayTR's form sends the shopper back to /secure-pay (the top window, out of the iframe).
  await expect(page).toHaveURL(/\/secure-pay\?order=/);
  await expect(page.getByRole('status')).toContainText('Ödemeniz doğrulanıyor…');
  await expect(page.getByRole('button', { name: 'Ödeme sayfasına geç' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shots(page, 'secure-pay-paytr-verifying');

  // PayTR's notification arrives: the waiting page finds the order paid and goes to its success page.
  paytr().setNotify(shopNotify);
  paytr().setDown(false, '/odeme/durum-sorgu');
  const oid = paytr().tokenRequests.at(-1)!.merchant_oid!;
  expect(await paytr().resend(oid)).toMatchObject({ status: 200, body: 'OK' });
  await expect(page).toHaveURL(/\/order-success\?order=/, { timeout: 30_000 });
  await expect(page.getByText(orderNo)).toBeVisible();
});
