import { SESSION_COOKIE } from '@vitrin/shared/api/account-context';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestApp,
  type Browser,
  createAccountTestApp,
  homeAddress,
  newIp,
  PASSWORD,
  registeredBrowser,
  registration,
} from '../../test/accounts.ts';

let t: AccountTestApp;
let ayse: Browser;
beforeAll(async () => {
  t = await createAccountTestApp({ config: { publicUrl: 'https://magaza.example.com' } });
  ayse = await registeredBrowser(t.app, 1);
});
afterAll(() => t.close());

/** A request with Ayşe's valid session cookie and the given headers only (no same-origin defaults). */
const withCookie = (method: 'POST' | 'GET', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({
    method,
    url,
    remoteAddress: newIp(),
    headers: { host: 'localhost', ...headers },
    cookies: { [SESSION_COOKIE]: ayse.token! },
    ...(payload ? { payload } : {}),
  });

const addressCount = async () => (await ayse.get('/api/front/addresses')).json().addresses.length;

describe('a state-changing request that carries the session cookie', () => {
  it('is refused with 403 KAYNAK_REDDEDILDI when another site sends it, and changes nothing', async () => {
    const before = await addressCount();
    const res = await withCookie(
      'POST',
      '/api/front/addresses',
      { origin: 'https://kotu-site.example', 'sec-fetch-site': 'cross-site' },
      homeAddress,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'KAYNAK_REDDEDILDI',
      message: 'Bu istek başka bir siteden geldiği için reddedildi.',
    });
    expect(await addressCount()).toBe(before);
  });

  it('is refused from a sibling subdomain (same-site is not same-origin)', async () => {
    const res = await withCookie('POST', '/api/front/auth/logout', {
      origin: 'https://blog.localhost',
      'sec-fetch-site': 'same-site',
    });
    expect(res.statusCode).toBe(403);
    expect((await ayse.get('/api/front/auth/me')).statusCode).toBe(200);
  });

  it('is refused with neither Sec-Fetch-Site nor Origin, or with Origin "null"', async () => {
    expect(
      (await withCookie('POST', '/api/front/account/consent', {}, { marketingConsent: true })).statusCode,
    ).toBe(403);
    expect(
      (await withCookie('POST', '/api/front/account/consent', { origin: 'null' }, { marketingConsent: true }))
        .statusCode,
    ).toBe(403);
  });

  it('is accepted from the shop itself: Sec-Fetch-Site same-origin', async () => {
    const before = await addressCount();
    const res = await withCookie(
      'POST',
      '/api/front/addresses',
      { 'sec-fetch-site': 'same-origin' },
      homeAddress,
    );
    expect(res.statusCode).toBe(201);
    expect(await addressCount()).toBe(before + 1);
  });

  it('is refused from an older browser whose Origin only names the Host it sent (the client chooses both)', async () => {
    const res = await withCookie(
      'POST',
      '/api/front/account/consent',
      { host: 'kotu-site.example', origin: 'http://kotu-site.example' },
      {},
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('KAYNAK_REDDEDILDI');
  });

  it('is accepted when Origin is the configured PUBLIC_URL (a proxy that rewrites Host)', async () => {
    const res = await withCookie(
      'POST',
      '/api/front/account/consent',
      { host: 'app-node-3:3000', origin: 'https://magaza.example.com' },
      {},
    );
    expect(res.statusCode).toBe(200);
  });

  it('is not checked when it only reads', async () => {
    const res = await withCookie('GET', '/api/front/auth/me', {
      origin: 'https://kotu-site.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('requests without the session cookie', () => {
  it('an API client with only a Bearer token and no Origin is accepted', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/front/auth/login',
      remoteAddress: newIp(),
      payload: { email: registration(1).email, password: PASSWORD, bearer: true },
    });
    expect(login.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/addresses',
      headers: { authorization: `Bearer ${login.json().token}` },
      payload: { ...homeAddress, title: 'API' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('a Bearer request that also carries a cookie from another site is checked like any cookie request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/account/consent',
      headers: { authorization: 'Bearer x', origin: 'https://kotu-site.example' },
      cookies: { [SESSION_COOKIE]: ayse.token! },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('sign-in requests, which make a session, are checked without a cookie too', () => {
  const crossSite = { origin: 'https://kotu-site.example', 'sec-fetch-site': 'cross-site' };
  const post = (url: string, headers: Record<string, string>, payload: object | string) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: newIp(),
      headers: { host: 'localhost', ...headers },
      payload,
    });

  it('another site cannot log a visitor into an account (login CSRF): 403, no session cookie', async () => {
    const res = await post('/api/front/auth/login', crossSite, {
      email: registration(1).email,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('KAYNAK_REDDEDILDI');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('nor post the login or register page’s form from another site, with or without JavaScript', async () => {
    const form = `email=${encodeURIComponent(registration(1).email)}&password=${encodeURIComponent(PASSWORD)}`;
    const type = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const url of ['/login', '/login.data', '/register?returnTo=%2Fpanel']) {
      const res = await post(url, { ...type, origin: 'https://kotu-site.example' }, form);
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('nor register an account in the visitor’s browser; no account is made', async () => {
    const newcomer = registration(90);
    const res = await post('/api/front/auth/register', crossSite, newcomer);
    expect(res.statusCode).toBe(403);
    const again = await post('/api/front/auth/register', { 'sec-fetch-site': 'same-origin' }, newcomer);
    expect(again.statusCode).toBe(201);
  });

  it('the shop’s own pages and API clients without browser headers log in as before', async () => {
    const credentials = { email: registration(1).email, password: PASSWORD };
    const fromShop = await post('/api/front/auth/login', { 'sec-fetch-site': 'same-origin' }, credentials);
    expect(fromShop.statusCode).toBe(200);
    expect(String(fromShop.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=`);
    const client = await post('/api/front/auth/login', {}, credentials);
    expect(client.statusCode).toBe(200);
  });
});
