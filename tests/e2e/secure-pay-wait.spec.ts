import { expect, test } from '@playwright/test';
import { silentPaytrForFile } from './card-providers.ts';
import { placeOrder } from './checkout-api.ts';
import { expectNoAxeViolations, open, shots } from './support.ts';

// The waiting page when PayTR's answer does not come: its notification is held back and its status query is
// down, so the shop cannot know. The minute is shortened for the test with `bekleme_suresi` (seconds).
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const LATE = 'Ödemenizin sonucu bir dakikadır gelmedi';
const paytr = silentPaytrForFile();

/** An order paid on PayTR's form whose answer the shop does not get: the waiting page's address. */
async function paidWithoutAnswer(page: import('@playwright/test').Page) {
  const { next } = await placeOrder(
    page.request,
    { email: 'bekleyen.alici@example.com', firstName: 'Can', lastName: 'Aksoy' },
    'card',
  );
  await open(page, next);
  await page.getByRole('button', { name: 'Ödeme sayfasına geç' }).click();
  await page
    .frameLocator('iframe[title="Ödeme formu"]')
    .getByRole('button', { name: 'Ödemeyi Tamamla' })
    .click();
  await expect(page).toHaveURL(/\/secure-pay\?order=/);
  await expect(page.getByRole('status')).toContainText('Ödemeniz doğrulanıyor…');
  return page.url();
}

test('no answer within the wait: the page says so in Turkish and offers the pay button again', async ({
  page,
}) => {
  const waiting = await paidWithoutAnswer(page);
  await open(page, `${waiting}&bekleme_suresi=4`);
  await expect(page.getByRole('status')).toContainText('Ödemeniz doğrulanıyor…');
  await expect(page.getByRole('button', { name: 'Ödeme sayfasına geç' })).toHaveCount(0);
  // Four seconds later (two more questions) the wait is over.
  await expect(page.getByText(LATE)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Ödeme sayfasına geç' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, 'secure-pay-wait-late');
});

test('without JavaScript the waiting page reloads itself, then says the answer is late', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const waiting = await paidWithoutAnswer(await context.newPage());
  await context.close();

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const page = await noScript.newPage();
  await page.goto(`${waiting}&bekleme_suresi=5`);
  await expect(page.getByText('Ödemeniz doğrulanıyor…')).toBeVisible();
  const refresh = page.locator('meta[http-equiv="refresh"]');
  await expect(refresh).toHaveCount(1);
  expect(await refresh.getAttribute('content')).toMatch(
    /^3;url=\/secure-pay\?order=.+&bekleme=\d+&bekleme_suresi=5$/,
  );
  await expect(page.getByRole('link', { name: 'Sonucu yeniden sor' })).toBeVisible();
  await shots(page, 'secure-pay-wait-noscript');
  // No click: the page reloads itself until the wait is over.
  await expect(page.getByText(LATE)).toBeVisible({ timeout: 40_000 });
  await expect(refresh).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ödeme sayfasına geç' })).toBeVisible();
  await shots(page, 'secure-pay-wait-noscript-late');

  // Once PayTR answers the status query, the order page looks the payment up and shows it paid (a page
  // asks about one attempt at most every 10 s, so it is opened again until it has).
  paytr().setDown(false, '/odeme/durum-sorgu');
  const orderPage = waiting.replace('/secure-pay?', '/order-success?');
  await expect(async () => {
    await page.goto(orderPage);
    await expect(page.getByText('Ödemeniz onaylandı.')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 40_000 });
  await page.goto(waiting);
  await expect(page.getByText('Bu siparişin ödemesi alındı.')).toBeVisible();
  await noScript.close();
});
