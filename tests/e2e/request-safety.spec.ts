import { expect, test } from '@playwright/test';
import { E2E_PORT } from './playwright.config.ts';
import { listedProducts, registerCustomer } from './support.ts';

const SHOP = `http://localhost:${E2E_PORT}`;
const PASSWORD = 'Kedi-Mavi-Deniz-7';

test.describe('requests a page cannot be tricked by', () => {
  test('a Host header of another site reaches no link of a page, also not the cached one others get', async ({
    request,
  }) => {
    const [product] = await listedProducts(request);
    const path = `/product/${product!.slug}`;
    const poisoned = await request.get(path, { headers: { host: 'evil.example' } });
    expect(poisoned.status()).toBe(200);
    const html = await poisoned.text();
    expect(html).not.toContain('evil.example');
    expect(html).toContain(`<link rel="canonical" href="${SHOP}${path}"/>`);
    const next = await request.get(path);
    expect(next.headers()['x-cache']).toBe('hit');
    expect(await next.text()).not.toContain('evil.example');
  });

  test('a malformed Host header is 400, TRACE on a page 405, OPTIONS names what an address takes', async ({
    request,
  }) => {
    expect((await request.get('/', { headers: { host: 'a<b' } })).status()).toBe(400);
    const trace = await request.fetch('/', { method: 'TRACE' });
    expect(trace.status()).toBe(405);
    expect(trace.headers().allow).toBe('GET, HEAD, OPTIONS');
    const allow = async (url: string) => {
      const res = await request.fetch(url, { method: 'OPTIONS' });
      return [res.status(), res.headers().allow];
    };
    expect(await allow('/')).toEqual([204, 'GET, HEAD, OPTIONS']);
    expect(await allow('/login')).toEqual([204, 'GET, HEAD, POST, OPTIONS']);
    expect(await allow('/api/front/wishlist')).toEqual([204, 'GET, HEAD, POST, OPTIONS']);
    expect((await request.fetch('/login', { method: 'PUT' })).status()).toBe(405);
  });

  for (const path of ['/login', '/register', '/forgot', '/contact', '/reset-password?token=x']) {
    test(`a post to ${path} that is no form is refused with 415 or 400, not a server error`, async ({
      request,
    }) => {
      const empty = await request.post(path);
      expect(empty.status()).toBe(415);
      expect(await empty.text()).toContain('Form gönderilemedi');
      const text = await request.post(path, { headers: { 'content-type': 'text/plain' }, data: 'email=a' });
      expect(text.status()).toBe(415);
      const broken = await request.post(path, {
        headers: { 'content-type': 'multipart/form-data; boundary=sinir' },
        data: '--sinir\r\nContent-Disposition: form-data; name="email"\r\n\r\nyarım',
      });
      expect(broken.status()).toBe(400);
      expect(await broken.text()).toContain('Gönderilen form okunamadı');
    });
  }

  test('login never sends a shopper to another site, whatever normalisation the returnTo relies on', async ({
    request,
  }) => {
    const email = `donus.${Date.now()}@example.com`;
    await registerCustomer(request, email, PASSWORD);
    for (const returnTo of ['/.//evil.example/phish', '/..//evil.example/phish', '/%2e//evil.example/x']) {
      const login = await request.post('/login', {
        // The shop's own form: registering left a session cookie, which the same-origin check guards.
        headers: { origin: SHOP },
        form: { email, password: PASSWORD, returnTo },
        maxRedirects: 0,
      });
      expect(login.status()).toBe(302);
      expect(login.headers().location).toBe('/panel');
    }
  });

  test('a shop opened as 127.0.0.1 instead of localhost still signs a shopper in, without JavaScript too', async ({
    browser,
    request,
  }) => {
    const email = `yerel.${Date.now()}@example.com`;
    await registerCustomer(request, email, PASSWORD);
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${E2E_PORT}/login`);
      await page.getByLabel('E-posta', { exact: true }).fill(email);
      await page.getByLabel('Şifre', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Giriş Yap' }).click();
      await expect(page).toHaveURL(/\/panel$/);
      await context.close();
    }
  });
});
