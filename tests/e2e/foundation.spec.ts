import { expect, test } from '@playwright/test';
import { BYPASS_KEY } from './playwright.config.ts';
import { expectNoAxeViolations, open, screenshot, shots, vitrinCli } from './support.ts';

/** A script of the build as a page names it (in the script that loads them once the main image is in). */
const SCRIPT_URL = /\/assets\/[\w.-]+\.js/;

test.describe('home page', () => {
  test('shows the menu, settings and social accounts from the database', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const menu = page.getByRole('navigation', { name: 'Ana menü' });
    await expect(menu.getByRole('link', { name: 'Seramik' })).toHaveAttribute('href', '/shop/seramik');
    await expect(page.getByRole('link', { name: 'Sepetim' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Favorilerim' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Giriş Yap' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Ürün ara' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ara' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Instagram hesabımız/ })).toHaveAttribute(
      'href',
      'https://www.instagram.com/vitrinatolye',
    );
    await expect(page.getByText('Vitrin Atölye El Sanatları Ltd. Şti.').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('El emeği, gönül işi.');
    await screenshot(page, 'home');
    await expectNoAxeViolations(page);
  });

  test('folds the menu behind a button on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const seramik = page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Seramik' });
    await expect(seramik).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Menü' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(seramik).toBeVisible();
    await screenshot(page, 'home-phone-menu');
    await expectNoAxeViolations(page);
  });

  test('opens a submenu and navigates on the client to a content page', async ({ page }) => {
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // A marker on window survives only a client-side navigation: it proves the page hydrated.
    await page.evaluate(() => Object.assign(window, { __vitrinMarker: true }));
    await page.getByText('Kurumsal').first().click();
    await page.getByRole('link', { name: 'Sıkça Sorulan Sorular' }).first().click();
    await expect(page).toHaveURL(/\/content\/sikca-sorulan-sorular$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sıkça Sorulan Sorular');
    expect(await page.evaluate(() => (window as { __vitrinMarker?: boolean }).__vitrinMarker)).toBe(true);
  });
});

test.describe('content pages', () => {
  test('renders a content page with its sanitized body', async ({ page }) => {
    const response = await page.goto('/content/kvkk-aydinlatma-metni');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('KVKK Aydınlatma Metni');
    await expect(page).toHaveTitle(/KVKK Aydınlatma Metni/);
    await screenshot(page, 'content-kvkk');
    await expectNoAxeViolations(page);
  });

  test('/about renders the corporate page Hakkımızda', async ({ page }) => {
    const response = await page.goto('/about');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hakkımızda');
    await screenshot(page, 'about');
    await expectNoAxeViolations(page);
  });
});

test.describe('error screen', () => {
  test('an unknown path answers 404 in Turkish only, with a search and products to go on with', async ({
    page,
  }) => {
    const response = await page.goto('/olmayan/bir-sayfa');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Error Page');
    await expect(page.getByTestId('error-status')).toHaveText('Hata kodu: 404');
    await expect(page.getByTestId('error-message')).toHaveText(
      '/olmayan/bir-sayfa adresinde bir sayfa yok; taşınmış ya da kaldırılmış olabilir.',
    );
    await expect(page.getByRole('main')).not.toContainText('Page not found');
    await expect(page.getByRole('heading', { name: 'Sayfa Bulunamadı' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Anasayfa', exact: true }).last()).toHaveAttribute(
      'href',
      '/',
    );
    const products = page.getByRole('region', { name: 'Bunlara göz atabilirsiniz' });
    await expect(products.getByRole('listitem')).toHaveCount(4);
    await shots(page, 'error-404');
    await expectNoAxeViolations(page);

    const search = page.getByRole('main').getByRole('searchbox', { name: 'Aradığınız ürünü yazın' });
    await search.fill('kupa');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=kupa$/);
  });

  test('a route parameter that fails validation answers 404 with the Turkish line', async ({ page }) => {
    const response = await page.goto('/content/Geçersiz_Slug!');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText(/^\/content\/.+ adresinde bir sayfa yok;/);
  });

  test('a valid slug of no page answers 404 with the Turkish line and a search', async ({ page }) => {
    const response = await page.goto('/content/boyle-bir-sayfa-yok');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText(
      '/content/boyle-bir-sayfa-yok adresinde bir sayfa yok; taşınmış ya da kaldırılmış olabilir.',
    );
    await expect(
      page.getByRole('main').getByRole('searchbox', { name: 'Aradığınız ürünü yazın' }),
    ).toBeVisible();
  });

  test('/404 is the error screen with status 404', async ({ page }) => {
    const response = await page.goto('/404');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Sayfa Bulunamadı' })).toBeVisible();
  });
});

test.describe('maintenance mode', () => {
  test.afterEach(() => {
    vitrinCli('settings', 'set', 'is_online', '1');
  });

  test('shows the maintenance screen with 503 and lets the bypass key through', async ({ page }) => {
    expect(vitrinCli('settings', 'set', 'is_online', '0')).toContain('is_online = 0');
    const response = await page.goto('/content/hakkimizda');
    expect(response?.status()).toBe(503);
    expect(response?.headers()['retry-after']).toBe('3600');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kısa bir aradayız');
    await expect(page.getByText(/Atölyemiz şu anda arka planda çalışıyor/)).toBeVisible();
    await expect(page.getByRole('img', { name: /atölye çizimi/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Ana menü' })).toHaveCount(0);
    await screenshot(page, 'maintenance');
    await expectNoAxeViolations(page);

    // The admin puts the spec's admin_key into localStorage; the page mirrors it to a cookie and reloads.
    await page.evaluate((key) => localStorage.setItem('admin_key', key), BYPASS_KEY);
    // The reloaded maintenance page reloads itself once it has set the cookie: the test's own reload only
    // waits for its answer to begin, or the page's reload aborts it.
    await page.reload({ waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hakkımızda');
    const again = await page.goto('/');
    expect(again?.status()).toBe(200);
  });

  test('a key stored while the shop is open lets the admin through once maintenance starts', async ({
    page,
  }) => {
    await open(page, '/');
    await page.evaluate((key) => localStorage.setItem('admin_key', key), BYPASS_KEY);
    // Any later page mirrors the key into the cookie once the browser is idle.
    await open(page, '/content/hakkimizda');
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'admin_key')?.value)
      .toBe(BYPASS_KEY);
    vitrinCli('settings', 'set', 'is_online', '0');
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('navigation', { name: 'Ana menü' })).toBeVisible();
  });

  test('a wrong key in localStorage keeps the maintenance screen', async ({ page }) => {
    vitrinCli('settings', 'set', 'is_online', '0');
    // Hydrated first: a screen that starts after the key is stored would reload itself under the test's reload.
    await open(page, '/');
    await page.evaluate(() => localStorage.setItem('admin_key', 'yanlis-anahtar-0000000000'));
    await page.reload({ waitUntil: 'commit' });
    // The wrong key reached the server as the cookie, and the page it reloaded into is still the screen.
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'admin_key')?.value)
      .toBe('yanlis-anahtar-0000000000');
    await page.waitForLoadState('load');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kısa bir aradayız');
  });

  test('the build version the shop announces is the one its pages load', async ({ request }) => {
    const html = await (await request.get('/')).text();
    // React Router's route manifest is named after the build's version.
    const inPage = html.match(/\/assets\/manifest-([0-9a-f]+)\.js/)?.[1];
    expect(inPage).toBeTruthy();
    const build = await request.get(`/api/front/build?t=${Date.now()}`);
    expect(await build.json()).toEqual({ version: inPage });
  });

  test('hashed assets are cached for a year, immutable', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const asset = html.match(SCRIPT_URL)?.[0];
    expect(asset).toBeTruthy();
    const res = await request.get(asset!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('javascript');
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('scripts are compressed at build time and sent in the encoding the browser takes', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const asset = html.match(SCRIPT_URL)?.[0];
    expect(asset).toBeTruthy();
    const plain = await request.get(asset!, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip']) {
      const res = await request.get(asset!, { headers: { 'accept-encoding': encoding } });
      expect(res.headers()['content-encoding']).toBe(encoding);
      // A file compressed ahead of time is sent with its length; one compressed per request is streamed.
      expect(Number(res.headers()['content-length'])).toBeGreaterThan(0);
      expect(res.headers().vary).toMatch(/accept-encoding/i);
      expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await res.body()).equals(await plain.body())).toBe(true);
    }
  });

  test('the bypass key never appears in the client bundle or the page', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    expect(html).not.toContain(BYPASS_KEY);
    const scripts = [...new Set(html.match(new RegExp(SCRIPT_URL, 'g')))];
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) expect(await (await request.get(src)).text()).not.toContain(BYPASS_KEY);
    await page.goto('/');
  });
});

test.describe('client plumbing', () => {
  test('a newer deployed build turns the next navigation into a full page load', async ({ page }) => {
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.evaluate(() => Object.assign(window, { __vitrinMarker: true }));
    // The server now announces another build; the page checks when it becomes visible again.
    await page.route('**/api/front/build?t=*', (route) => route.fulfill({ json: { version: 'yeni-surum' } }));
    const polled = page.waitForResponse(/\/api\/front\/build\?t=\d+/);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await polled;
    // The page reads the answer in its own tasks after the response: give a busy machine time for them.
    await page.waitForTimeout(1_000);
    await page.getByRole('link', { name: 'Atölyemizi tanıyın' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hakkımızda');
    expect(
      await page.evaluate(() => (window as { __vitrinMarker?: boolean }).__vitrinMarker),
    ).toBeUndefined();
  });

  test('a route chunk that fails to load reloads the page once instead of breaking', async ({ page }) => {
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    let blocked = 0;
    await page.route(/\/assets\/content-[^/]+\.js$/, (route) => {
      blocked += 1;
      return route.abort();
    });
    await page.getByRole('main').getByRole('link', { name: 'Sıkça Sorulan Sorular' }).click();
    await expect(page).toHaveURL(/\/content\/sikca-sorulan-sorular$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sıkça Sorulan Sorular');
    expect(blocked).toBeGreaterThan(0);
  });
});
