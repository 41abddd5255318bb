import { SESSION_COOKIE } from '@vitrin/shared/api/account-context';
import { seedTestShop } from '@vitrin/testing/shop';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestApp,
  type Browser,
  browser,
  createAccountTestApp,
  decodeEml,
  PASSWORD,
  registeredBrowser,
  registration,
} from '../../test/accounts.ts';
import { createTestApp } from '../../test/server.ts';
import { codeOf, createStaff } from '../../test/staff.ts';
import { testWebBuild } from '../../test/web-build.ts';
import { STAFF_COOKIE } from './staff-session.ts';

/**
 * Sessions against an attacker: a session id planted before the login is never the one after it (fixation),
 * the cookie's flags, and a reset link that a password change ends. The lockout, logout, reset expiry and
 * the same answer for unknown e-mails are in api/account/auth.int.test.ts and api/admin/session.
 */
let t: AccountTestApp;
let n = 500;
beforeAll(async () => {
  t = await createAccountTestApp({ webBuild: testWebBuild });
});
afterAll(() => t.close());

const PLANTED = 'saldirganin-sectigi-oturum-kimligi-0123456789ab';

/** The value a Set-Cookie of the answer gives `name`, if any. */
const setCookie = (res: Response, name: string) =>
  (res.cookies as { name: string; value: string }[]).find((c) => c.name === name)?.value;

/** A browser holding `token` as its session cookie, as another site's script or a shared computer left it. */
function plantedBrowser(name: string, token: string): Browser {
  const b = browser(t.app);
  b.jar.set(name, token);
  return b;
}

const whoIs = async (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/front/auth/me', cookies: { [SESSION_COOKIE]: token } });

describe('session fixation', () => {
  it('a customer’s login replaces an invented session id: the new one is random, the planted one opens nothing', async () => {
    const form = registration(++n);
    await browser(t.app).post('/api/front/auth/register', form);
    const b = plantedBrowser(SESSION_COOKIE, PLANTED);
    const res = await b.post('/api/front/auth/login', { email: form.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const issued = setCookie(res, SESSION_COOKIE);
    expect(issued).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued).not.toBe(PLANTED);
    expect((await whoIs(PLANTED)).statusCode).toBe(401);
    expect((await whoIs(issued!)).json().customer.email).toBe(form.email);
  });

  it('a login over the attacker’s own live session gives a new one; the attacker’s stays the attacker’s', async () => {
    const attacker = await registeredBrowser(t.app, ++n);
    const attackerToken = attacker.token!;
    const victim = registration(++n);
    await browser(t.app).post('/api/front/auth/register', victim);
    const b = plantedBrowser(SESSION_COOKIE, attackerToken);
    const res = await b.post('/api/front/auth/login', { email: victim.email, password: PASSWORD });
    const issued = setCookie(res, SESSION_COOKIE);
    expect(issued).toBeDefined();
    expect(issued).not.toBe(attackerToken);
    expect((await whoIs(attackerToken)).json().customer.email).toBe(registration(n - 1).email);
    expect((await whoIs(issued!)).json().customer.email).toBe(victim.email);
  });

  it('the same through the login and register pages’ form posts', async () => {
    const form = registration(++n);
    const type = { 'content-type': 'application/x-www-form-urlencoded' };
    const registered = await plantedBrowser(SESSION_COOKIE, PLANTED).request({
      method: 'POST',
      url: '/register',
      headers: type,
      payload: new URLSearchParams({ ...form, marketingConsent: '', kvkk: 'on' }).toString(),
    });
    expect(registered.statusCode).toBe(200);
    const afterRegistration = setCookie(registered, SESSION_COOKIE);
    expect(afterRegistration).toBeDefined();
    expect(afterRegistration).not.toBe(PLANTED);

    const login = await plantedBrowser(SESSION_COOKIE, PLANTED).request({
      method: 'POST',
      url: '/login',
      headers: type,
      payload: new URLSearchParams({ email: form.email, password: PASSWORD }).toString(),
    });
    expect(login.statusCode).toBe(200);
    const afterLogin = setCookie(login, SESSION_COOKIE);
    expect(afterLogin).toBeDefined();
    expect([PLANTED, afterRegistration]).not.toContain(afterLogin);
    // No session in the address: the token is only ever in Set-Cookie.
    expect(login.headers.location ?? '').not.toContain(afterLogin!);
    expect(login.body).not.toContain(afterLogin!);
  });

  it('a staff login replaces a planted staff cookie, and logout ends the session on the server', async () => {
    const owner = await createStaff(t.services, 'owner');
    const b = plantedBrowser(STAFF_COOKIE, PLANTED);
    const res = await b.post('/api/admin/session', {
      email: owner.email,
      password: owner.password,
      code: codeOf(owner),
    });
    expect(res.statusCode).toBe(200);
    const issued = setCookie(res, STAFF_COOKIE);
    expect(issued).toBeDefined();
    expect(issued).not.toBe(PLANTED);
    const asStaff = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/admin/session', cookies: { [STAFF_COOKIE]: token } });
    expect((await asStaff(PLANTED)).statusCode).toBe(401);
    expect((await asStaff(issued!)).statusCode).toBe(200);

    expect((await b.delete('/api/admin/session')).statusCode).toBe(204);
    // The cookie kept by someone who copied it opens nothing once its owner logged out.
    expect((await asStaff(issued!)).statusCode).toBe(401);
  });
});

describe('cookie flags', () => {
  it('the customer’s session cookie: HttpOnly, SameSite=Lax, Path=/, no Max-Age without "Beni hatırla"', async () => {
    const form = registration(++n);
    await browser(t.app).post('/api/front/auth/register', form);
    const res = await browser(t.app).post('/api/front/auth/login', { email: form.email, password: PASSWORD });
    const raw = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith(SESSION_COOKIE));
    expect(raw).toMatch(/; HttpOnly/);
    expect(raw).toMatch(/; SameSite=Lax/);
    expect(raw).toMatch(/; Path=\//);
    expect(raw).not.toMatch(/Max-Age|Expires|Domain/);
    // Nothing of the token in the body a page's script could read.
    expect(res.body).not.toContain(setCookie(res, SESSION_COOKIE)!);
  });
});

describe('a shop whose public address is https', () => {
  it('marks every cookie it sets Secure, also when the proxy in front speaks plain HTTP to it', async () => {
    const shopUrl = 'https://magaza.example';
    const https = await createTestApp({ demo: false, config: { publicUrl: shopUrl } });
    try {
      const shop = await seedTestShop(https.services.database.db);
      const b = browser(https.app);
      const headers = { host: 'magaza.example', origin: shopUrl };
      const answers = [
        await b.request({
          method: 'POST',
          url: '/api/front/auth/register',
          payload: registration(++n),
          headers,
        }),
        await b.request({
          method: 'POST',
          url: '/api/front/cart/items',
          payload: { productId: shop.kupa, quantity: 1 },
          headers,
        }),
        await b.request({
          method: 'POST',
          url: '/api/front/wishlist',
          payload: { productId: shop.kupa },
          headers,
        }),
      ];
      const cookies = answers.flatMap((res) => ([] as string[]).concat(res.headers['set-cookie'] ?? []));
      expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
      expect(cookies.length).toBeGreaterThanOrEqual(3);
      for (const cookie of cookies) expect(cookie).toMatch(/; Secure/);
    } finally {
      await https.close();
    }
  });
});

describe('password reset links', () => {
  it('a password change ends the open reset links: a link mailed before it gives TOKEN_GECERSIZ', async () => {
    const form = registration(++n);
    const b = browser(t.app);
    await b.post('/api/front/auth/register', form);
    await browser(t.app).post('/api/front/auth/forgot', { email: form.email });
    const mail = decodeEml((await t.outbox()).filter((m) => m.includes(form.email)).at(-1)!);
    const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail)![1]!;

    const changed = await b.post('/api/front/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'degisen-şifre-4',
    });
    expect(changed.statusCode).toBe(204);
    const reset = await browser(t.app).post('/api/front/auth/reset', {
      token,
      password: 'saldirgan-şifre-5',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error.code).toBe('TOKEN_GECERSIZ');
    const login = await browser(t.app).post('/api/front/auth/login', {
      email: form.email,
      password: 'degisen-şifre-4',
    });
    expect(login.statusCode).toBe(200);
  });

  it('a link is stored only as its hash: the token of the e-mail is nowhere in the database', async () => {
    const form = registration(++n);
    await browser(t.app).post('/api/front/auth/register', form);
    await browser(t.app).post('/api/front/auth/forgot', { email: form.email });
    const mail = decodeEml((await t.outbox()).filter((m) => m.includes(form.email)).at(-1)!);
    const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail)![1]!;
    const [found] = await t.services.database.query<{ n: string }>(
      'select count(*)::text as n from password_resets r where r::text like $1',
      [`%${token}%`],
    );
    expect(found!.n).toBe('0');
    const [rows] = await t.services.database.query<{ n: string }>(
      'select count(*)::text as n from password_resets',
    );
    expect(Number(rows!.n)).toBeGreaterThan(0);
  });
});
