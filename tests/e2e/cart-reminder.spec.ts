import { expect, test } from '@playwright/test';
import { E2E_PORT } from './playwright.config.ts';
import { createStaff, logInStaff } from './staff.ts';
import {
  expectNoAxeViolations,
  listedProducts,
  outboxFiles,
  postRegistration,
  shots,
  vitrinCli,
  waitForMail,
} from './support.ts';

const SAME_ORIGIN = { origin: `http://localhost:${E2E_PORT}` };
const PASSWORD = 'gizli-şifre-1';

// The shop's round looks for idle carts once a minute: the reminder comes within about two.
test.describe.configure({ timeout: 300_000 });

/** `wait` (30 seconds at most each) tried again for up to 4 minutes. */
async function patiently<T>(wait: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await wait();
    } catch (err) {
      if (attempt === 8) throw err;
    }
  }
}

test('a customer with consent gets one reminder; its link restores the cart on another device and its unsubscribe page withdraws the consent', async ({
  page,
  browser,
  playwright,
}) => {
  const email = `hatirlatma.${Date.now()}@example.com`;
  const shopper = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const before = outboxFiles();
  vitrinCli('settings', 'set', 'abandoned_cart_minutes', '1');
  try {
    const res = await postRegistration(
      shopper,
      {
        firstName: 'Deniz',
        lastName: 'Arslan',
        email,
        phone: '0532 123 45 67',
        password: PASSWORD,
        kvkk: true,
        marketingConsent: true,
      },
      SAME_ORIGIN,
    );
    expect(res.status()).toBe(201);
    const product = (await listedProducts(shopper)).find((p) => p.stockType === 1 && p.inStock && p.price)!;
    const added = await shopper.post('/api/front/cart/items', {
      headers: SAME_ORIGIN,
      data: { productId: product.id, quantity: 2 },
    });
    expect(added.ok()).toBe(true);

    const restore = await patiently(() =>
      waitForMail(email, before, /http:\/\/localhost:\d+\/cart\/restore\/[A-Za-z0-9_-]{43}/),
    );
    const unsubscribe = await waitForMail(
      email,
      before,
      /http:\/\/localhost:\d+\/unsubscribe\/[A-Za-z0-9_-]{43}/,
    );

    // Another device: a browser without the customer's session gets the lines in a guest cart.
    const other = await browser.newContext();
    const device = await other.newPage();
    await device.goto(new URL(restore).pathname);
    await expect(device).toHaveURL(/\/cart\?geri-yuklenen=1&eklenemeyen=0$/);
    await expect(device.getByRole('status').filter({ hasText: '1 ürün sepetinize eklendi' })).toBeVisible();
    await expect(device.getByRole('main')).toContainText(product.name);
    await other.close();

    // The unsubscribe link, no login: the consent is withdrawn at once, and saying so again is the same page.
    const answer = await page.goto(new URL(unsubscribe).pathname);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['cache-control']).toBe('private, no-store');
    await expect(
      page.getByRole('heading', { level: 1, name: 'E-posta aboneliğiniz sonlandırıldı' }),
    ).toBeVisible();
    await shots(page, 'unsubscribe');
    await expectNoAxeViolations(page);
    expect((await page.goto(new URL(unsubscribe).pathname))?.status()).toBe(200);
    const me = await shopper.get('/api/front/auth/me');
    expect((await me.json()).customer.marketingConsent).toBe(false);

    const unknown = await page.goto(`/unsubscribe/${'x'.repeat(43)}`);
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Bağlantı geçersiz' })).toBeVisible();
  } finally {
    vitrinCli('settings', 'set', 'abandoned_cart_minutes', '60');
    // The spec's account goes (its cart, sessions and addresses with it).
    await shopper.post('/api/front/account/delete', { headers: SAME_ORIGIN, data: { password: PASSWORD } });
    await shopper.dispose();
  }
});

test('the dashboard shows the abandoned carts card and the reviews waiting', async ({ page, context }) => {
  await logInStaff(context, createStaff('manager', 'Pazarlama Yöneticisi'));
  await page.goto('/admin/');
  const card = page.getByRole('region', { name: 'Terk edilen sepetler' });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText('Bu ay gönderilen hatırlatma');
  await expect(card).toContainText('Geri kazanılan ciro');
  const reviews = page.getByRole('region', { name: 'Onay bekleyen değerlendirmeler' });
  await expect(reviews.getByRole('link', { name: 'Değerlendirmelere git' })).toHaveAttribute(
    'href',
    '/admin/degerlendirmeler',
  );
  await card.scrollIntoViewIfNeeded();
  await shots(page, 'admin-dashboard-marketing');
});
