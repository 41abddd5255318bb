import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SESSION_COOKIE, SIGNED_IN_COOKIE, WHOLESALE_COOKIE } from '@vitrin/shared/api/account-context';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestApp,
  browser,
  createAccountTestApp,
  newIp,
  PASSWORD,
  registration,
} from '../../test/accounts.ts';
import { tempDir } from '../../test/server.ts';
import { testWebBuild } from '../../test/web-build.ts';
import { controlSocketPath, startControlServer } from '../ops/control.ts';

/**
 * What the server adds around the storefront's pages for customer accounts: form posts to React Router
 * actions (limits, the same-origin check, cookies), wholesale prices and the page cache. The pages are a
 * stand-in build (test-web-build.ts) whose loaders and actions use the load context as the real ones do.
 */
const cliPath = path.join(import.meta.dirname, '../cli.ts');
const dir = tempDir();
let t: AccountTestApp;
let stopControl: () => Promise<void>;
let slug: string;
let category: string;

beforeAll(async () => {
  mkdirSync(path.join(dir.dir, 'web', 'client'), { recursive: true });
  t = await createAccountTestApp({
    demo: true,
    webBuild: testWebBuild,
    config: { webBuildDir: path.join(dir.dir, 'web'), dataDir: dir.dir },
  });
  stopControl = await startControlServer(controlSocketPath(dir.dir), t.services);
  // A demo product with a wholesale price (type 5) below its sale price, and its category.
  const [row] = await t.services.database.query<{ slug: string; category: string }>(
    `select p.slug, c.slug as category from products p
       join product_prices w on w.product_id = p.id and w.price_type = 5 and w.variant_id is null
       join categories c on c.id = p.category_id
     where p.is_active order by p.id limit 1`,
  );
  slug = row!.slug;
  category = row!.category;
});
afterAll(async () => {
  await stopControl();
  await t.close();
  dir.remove();
});

/** `npm run vitrin -- …` in its own process, talking to this app's services over the control socket. */
function cli(args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cliPath, ...args],
      { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir.dir }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

interface Price {
  amountMinor: number;
  isWholesale: boolean;
}
interface ActionResult {
  ok: boolean;
  error?: { code: string; message: string; fields?: Record<string, string> };
}
/** What the stand-in pages write: their loaders' and actions' data. */
interface PageData {
  loaderData: {
    product?: { product: { price: Price } };
    shop?: { page: { listing: { items: { price: Price | null }[] } } };
  };
  actionData: Record<string, ActionResult> | null;
}

const pageData = (res: Response) => JSON.parse(/<pre>(.*)<\/pre>/s.exec(res.body)![1]!) as PageData;
const productPrice = (res: Response) => pageData(res).loaderData.product!.product.price;

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe('the login form (POST /login, a React Router action)', () => {
  let email: string;
  beforeAll(async () => {
    email = registration(100).email;
    await browser(t.app).post('/api/front/auth/register', registration(100));
  });

  it('logs in: the action answers with the session cookies, privately', async () => {
    const b = browser(t.app);
    const res = await b.request({
      method: 'POST',
      url: '/login',
      ...form({ email, password: PASSWORD, rememberMe: 'on' }),
    });
    expect(res.statusCode).toBe(200);
    expect(pageData(res).actionData!.login).toEqual({ ok: true });
    expect(b.jar.has(SESSION_COOKIE)).toBe(true);
    expect(b.jar.get(SIGNED_IN_COOKIE)).toBe('1');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await b.get('/api/front/auth/me')).json().customer.email).toBe(email);
  });

  it('shows a wrong field in the form: the action gets the failure with the field named', async () => {
    const res = await browser(t.app).request({
      method: 'POST',
      url: '/login',
      ...form({ email: 'ayse@', password: 'x' }),
    });
    expect(res.statusCode).toBe(400);
    expect(pageData(res).actionData?.login?.error?.fields).toEqual({
      email: 'Geçerli bir e-posta adresi girin',
    });
  });

  it("tells the guessing visitor in Turkish until when to wait after five wrong passwords; the owner's browser still logs in", async () => {
    const own = browser(t.app);
    const right = form({ email, password: PASSWORD });
    expect((await own.request({ method: 'POST', url: '/login', ...right })).statusCode).toBe(200);
    // The login gave the owner's browser its device cookie.
    expect(own.jar.get('vitrin_device')).toMatch(/^\d+\.[\w-]{32}\.[\w-]{43}$/);
    const guesser = browser(t.app);
    const wrong = form({ email, password: 'yanlış-şifre' });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 5; i++) {
      last = await guesser.request({ method: 'POST', url: '/login', ...wrong });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const error = pageData(last!).actionData!.login!.error!;
    expect(error.code).toBe('COK_FAZLA_DENEME');
    expect(error.message).toMatch(
      /^Bu e-posta adresi için tanınmayan cihazlardan çok sayıda hatalı şifre denemesi yapıldı\. .+ itibarıyla yeniden deneyebilir/,
    );
    // A browser the account does not know waits too; the owner's own one does not.
    expect((await browser(t.app).request({ method: 'POST', url: '/login', ...right })).statusCode).toBe(429);
    const owner = await own.request({ method: 'POST', url: '/login', ...right });
    expect(owner.statusCode).toBe(200);
    expect(pageData(owner).actionData!.login).toEqual({ ok: true });
  });

  it('allows ten attempts a minute per address, then answers 429 COK_FAZLA_ISTEK with Retry-After', async () => {
    const b = browser(t.app);
    // Another unknown address each time: the wait after five wrong passwords for one e-mail is not what
    // this is about.
    for (let i = 0; i < 10; i++) {
      const wrong = form({ email: `kimse${i}@example.com`, password: 'yanlış-şifre' });
      expect((await b.request({ method: 'POST', url: '/login', ...wrong })).statusCode).toBe(401);
    }
    const res = await b.request({ method: 'POST', url: '/login', ...form({ email, password: PASSWORD }) });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(pageData(res).actionData?.login?.error?.code).toBe('COK_FAZLA_ISTEK');
    expect(b.jar.has(SESSION_COOKIE)).toBe(false);
    // The API shares the allowance: no second ten tries there.
    expect((await b.post('/api/front/auth/login', { email, password: PASSWORD })).statusCode).toBe(429);
  });

  it('limits the registration and forgot-password forms to five a minute', async () => {
    for (const url of ['/register', '/forgot']) {
      const b = browser(t.app);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await b.request({ method: 'POST', url, ...form({ email: 'x' }) })).statusCode);
      }
      expect(statuses, url).toEqual([400, 400, 400, 400, 400, 429]);
    }
  });

  it('refuses a form post from another site that carries the session cookie with 403 KAYNAK_REDDEDILDI', async () => {
    const b = browser(t.app);
    await b.post('/api/front/auth/login', { email, password: PASSWORD });
    const res = await b.request({
      method: 'POST',
      url: '/login',
      ...form({ email, password: PASSWORD }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://kotu-site.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('KAYNAK_REDDEDILDI');
  });
});

describe('wholesale customers', () => {
  const email = registration(200).email;
  let retailPrice: number;

  beforeAll(async () => {
    await browser(t.app).post('/api/front/auth/register', registration(200));
  });

  it('anonymous visitors get the cached catalogue page with retail prices', async () => {
    const first = await browser(t.app).get(`/product/${slug}`);
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.headers['cache-control']).toMatch(/\bpublic\b/);
    const again = await browser(t.app).get(`/product/${slug}`);
    expect(again.headers['x-cache']).toBe('hit');
    retailPrice = productPrice(again).amountMinor;
    expect(productPrice(again).isWholesale).toBe(false);
  });

  it('a logged-in retail customer gets the same cached page (it holds nobody’s data)', async () => {
    const b = browser(t.app);
    await b.post('/api/front/auth/login', { email, password: PASSWORD });
    expect(b.jar.has(WHOLESALE_COOKIE)).toBe(false);
    const res = await b.get(`/product/${slug}`);
    expect(res.headers['x-cache']).toBe('hit');
  });

  it('`customer wholesale EMAIL on` switches the customer to wholesale through the running server', async () => {
    const result = await cli(['customer', 'wholesale', email.toUpperCase(), 'on']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${email}: toptan fiyatlar açıldı`);
  });

  it('refuses an unknown address and a value other than on/off in Turkish', async () => {
    const unknown = await cli(['customer', 'wholesale', 'kimse@example.com', 'on']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('HESAP_BULUNAMADI');
    expect(unknown.stderr).toContain('Bu e-posta adresiyle kayıtlı müşteri bulunamadı: kimse@example.com');
    const bad = await cli(['customer', 'wholesale', email, 'belki']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('"on" ya da "off"');
  });

  it('after the switch the customer sees wholesale prices on the page, never the cached retail page', async () => {
    const b = browser(t.app);
    const login = await b.post('/api/front/auth/login', { email, password: PASSWORD });
    expect(login.json().customer.wholesale).toBe(true);
    expect(b.jar.get(WHOLESALE_COOKIE)).toBe('1');

    const res = await b.get(`/product/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-cache']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(productPrice(res).isWholesale).toBe(true);
    expect(productPrice(res).amountMinor).toBeLessThan(retailPrice);
  });

  it('a page rendered for a wholesale customer is not kept for anyone else', async () => {
    const b = browser(t.app);
    await b.post('/api/front/auth/login', { email, password: PASSWORD });
    const wholesale = await b.get(`/shop/${category}`);
    expect(wholesale.statusCode).toBe(200);
    const anonymous = await browser(t.app).get(`/shop/${category}`);
    expect(anonymous.headers['x-cache']).toBe('miss');
    const items = pageData(anonymous).loaderData.shop!.page.listing.items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => !i.price?.isWholesale)).toBe(true);
  });

  it('the product API shows wholesale prices to that customer only, privately', async () => {
    const b = browser(t.app);
    await b.post('/api/front/auth/login', { email, password: PASSWORD });
    const mine = await b.get(`/api/front/products/${slug}`);
    expect(mine.json().price.isWholesale).toBe(true);
    expect(mine.headers['cache-control']).toBe('private, no-store');

    const anyone = await t.app.inject({ url: `/api/front/products/${slug}`, remoteAddress: newIp() });
    expect(anyone.json().price).toMatchObject({ isWholesale: false, amountMinor: retailPrice });
    expect(anyone.headers['cache-control']).toMatch(/\bpublic\b/);

    const listing = await b.get(`/api/front/categories/${category}/products`);
    expect(
      listing.json().listing.items.some((i: { price: { isWholesale: boolean } }) => i.price?.isWholesale),
    ).toBe(true);
  });

  it('a customer switched while logged in gets the wholesale marker at the next uncached request', async () => {
    const b = browser(t.app);
    await b.post('/api/front/auth/login', { email, password: PASSWORD });
    await cli(['customer', 'wholesale', email, 'off']);
    // The marker is dropped: the cached retail pages are theirs again.
    await b.get('/api/front/auth/me');
    expect(b.jar.has(WHOLESALE_COOKIE)).toBe(false);
    expect((await b.get(`/product/${slug}`)).headers['x-cache']).toBe('hit');

    await cli(['customer', 'wholesale', email, 'on']);
    await b.get('/api/front/auth/me');
    expect(b.jar.get(WHOLESALE_COOKIE)).toBe('1');
    expect(productPrice(await b.get(`/product/${slug}`)).isWholesale).toBe(true);
  });
});
