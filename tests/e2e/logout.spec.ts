import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from './playwright.config.ts';
import { expectNoAxeViolations, open, registerCustomer, shots } from './support.ts';

// Registering and logging in hash the password in a low-priority process: seconds on a busy machine.
const HASHING = { timeout: 30_000 };
const PASSWORD = 'Kedi-Mavi-Deniz-7';
const email = `cikis.${Date.now()}@example.com`;

/** Logs the page's browser in through the API (the context keeps the session cookie). */
async function logIn(page: Page) {
  const res = await page.request.post('/api/front/auth/login', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
}

const signedIn = async (page: Page) => (await page.request.get('/api/front/auth/me')).status() === 200;

test.beforeAll(({ request }) => registerCustomer(request, email, PASSWORD));

test.describe('logging out at /logout', () => {
  test('opening /logout only asks; its one button logs out and goes home', async ({ page }) => {
    await logIn(page);
    await open(page, '/logout');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Çıkış Yap' })).toBeVisible();
    await expect(main).toContainText('Bu tarayıcıdaki oturumunuz kapanacak');
    expect(await signedIn(page)).toBe(true);
    await shots(page, 'logout');
    await expectNoAxeViolations(page);

    await main.getByRole('button', { name: 'Çıkış Yap' }).click();
    await expect(page).toHaveURL(`http://localhost:${E2E_PORT}/`, HASHING);
    expect(await signedIn(page)).toBe(false);

    await open(page, '/logout');
    await expect(main.getByRole('heading', { name: 'Oturumunuz açık değil' })).toBeVisible();
    await expect(main.getByRole('button')).toHaveCount(0);
    await shots(page, 'logout-signed-out');
    await expectNoAxeViolations(page);
  });

  test('"Vazgeç" keeps the session and goes back to the account', async ({ page }) => {
    await logIn(page);
    await open(page, '/logout');
    await page.getByRole('main').getByRole('link', { name: 'Vazgeç, hesabıma dön' }).click();
    await expect(page).toHaveURL(/\/panel$/);
    expect(await signedIn(page)).toBe(true);
  });
});

test.describe('logging out at /logout without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the button is a plain form post that ends the session', async ({ page }) => {
    await logIn(page);
    await page.goto('/logout');
    await page.getByRole('main').getByRole('button', { name: 'Çıkış Yap' }).click();
    await expect(page).toHaveURL(`http://localhost:${E2E_PORT}/`, HASHING);
    expect(await signedIn(page)).toBe(false);
  });
});
