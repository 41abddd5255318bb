import { SESSION_COOKIE, SIGNED_IN_COOKIE, WHOLESALE_COOKIE } from '@vitrin/shared/api/account-context';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestApp,
  type Browser,
  browser,
  createAccountTestApp,
  decodeEml,
  newIp,
  PASSWORD,
  registration,
} from '../../../test/accounts.ts';

let t: AccountTestApp;
let n = 0;
/** A registration form of a new customer (each test its own address). */
const fresh = () => registration(++n);

beforeAll(async () => {
  t = await createAccountTestApp();
});
afterAll(() => t.close());

type Cookie = {
  name: string;
  value: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  path?: string;
  maxAge?: number;
};
const cookiesOf = (res: Response) => Object.fromEntries((res.cookies as Cookie[]).map((c) => [c.name, c]));
/** `times` wrong passwords for `email` from `client`: the statuses answered. */
async function guessPasswords(client: Browser, email: string, times = 5) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    statuses.push(
      (await client.post('/api/front/auth/login', { email, password: `yanlış-${i}` })).statusCode,
    );
  }
  return statuses;
}

describe('registration', () => {
  it('creates the account and logs it in with an httpOnly, SameSite=Lax session cookie (not Secure over http)', async () => {
    const b = browser(t.app);
    const form = fresh();
    const res = await b.post('/api/front/auth/register', form);
    expect(res.statusCode).toBe(201);
    expect(res.json().customer).toMatchObject({ email: form.email, firstName: 'Ayşe', wholesale: false });
    expect(res.headers['cache-control']).toBe('private, no-store');
    const cookies = cookiesOf(res);
    expect(cookies[SESSION_COOKIE]).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookies[SESSION_COOKIE]!.secure).toBeFalsy();
    // A registration session ends with the browser session: no Max-Age.
    expect(cookies[SESSION_COOKIE]!.maxAge).toBeUndefined();
    expect(cookies[SIGNED_IN_COOKIE]).toMatchObject({ value: '1', path: '/' });
    expect(cookies[SIGNED_IN_COOKIE]!.httpOnly).toBeFalsy();

    const me = await b.get('/api/front/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().customer.email).toBe(form.email);
  });

  it('marks the cookies Secure when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await createAccountTestApp({ config: { trustProxy: 1 } });
    try {
      const res = await browser(proxied.app).request({
        method: 'POST',
        url: '/api/front/auth/register',
        headers: { 'x-forwarded-proto': 'https' },
        payload: fresh(),
      });
      expect(res.statusCode).toBe(201);
      const cookies = cookiesOf(res);
      expect(cookies[SESSION_COOKIE]).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
      expect(cookies[SIGNED_IN_COOKIE]).toMatchObject({ secure: true });
    } finally {
      await proxied.close();
    }
  });

  it('does not believe X-Forwarded-Proto without TRUST_PROXY', async () => {
    const res = await browser(t.app).request({
      method: 'POST',
      url: '/api/front/auth/register',
      headers: { 'x-forwarded-proto': 'https' },
      payload: fresh(),
    });
    expect(cookiesOf(res)[SESSION_COOKIE]!.secure).toBeFalsy();
  });

  const wrongRegistrations: [string, string, Record<string, unknown>][] = [
    ['firstName', 'Adınızı girin', { firstName: '  ' }],
    ['lastName', 'Soyadınızı girin', { lastName: undefined }],
    ['email', 'Geçerli bir e-posta adresi girin', { email: 'ayse@' }],
    ['phone', 'Telefon numarası 05XX XXX XX XX biçiminde olmalı', { phone: '12345' }],
    ['password', 'Şifre en az 8 karakter olmalı', { password: 'kısa' }],
    ['kvkk', 'KVKK aydınlatma metnini onaylamanız gerekiyor', { kvkk: false }],
    ['marketingConsent', 'Ticari ileti izni evet ya da hayır olmalı', { marketingConsent: 'belki' }],
  ];
  for (const [field, message, change] of wrongRegistrations) {
    it(`refuses a wrong ${field} with 400 GECERSIZ_ISTEK naming the field`, async () => {
      const res = await browser(t.app).post('/api/front/auth/register', { ...fresh(), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'GECERSIZ_ISTEK', fields: { [field]: message } });
      expect(res.headers['set-cookie']).toBeUndefined();
    });
  }

  it('refuses an e-mail address that already has an account with 409 EPOSTA_KAYITLI on the email field', async () => {
    const form = fresh();
    await browser(t.app).post('/api/front/auth/register', form);
    const res = await browser(t.app).post('/api/front/auth/register', {
      ...form,
      email: form.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EPOSTA_KAYITLI');
    expect(Object.keys(res.json().error.fields)).toEqual(['email']);
  });

  it('refuses a body that is not an object, naming every required field', async () => {
    const res = await browser(t.app).request({
      method: 'POST',
      url: '/api/front/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'email', 'phone', 'password', 'kvkk']),
    );
  });
});

describe('login', () => {
  let form: ReturnType<typeof registration>;
  beforeAll(async () => {
    form = fresh();
    await browser(t.app).post('/api/front/auth/register', form);
  });

  it('logs in with a browser-session cookie', async () => {
    const b = browser(t.app);
    const res = await b.post('/api/front/auth/login', { email: form.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ customer: expect.objectContaining({ email: form.email }) });
    expect(cookiesOf(res)[SESSION_COOKIE]!.maxAge).toBeUndefined();
    expect((await b.get('/api/front/auth/me')).statusCode).toBe(200);
  });

  it('keeps a "Beni hatırla" login for 30 days: session and signed-in cookies get Max-Age', async () => {
    const res = await browser(t.app).post('/api/front/auth/login', {
      email: form.email,
      password: PASSWORD,
      rememberMe: 'on',
    });
    const cookies = cookiesOf(res);
    expect(cookies[SESSION_COOKIE]!.maxAge).toBe(30 * 24 * 60 * 60);
    expect(cookies[SIGNED_IN_COOKIE]!.maxAge).toBe(30 * 24 * 60 * 60);
  });

  it('gives an API client the token in the body and no cookie with bearer: true', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/auth/login',
      remoteAddress: newIp(),
      payload: { email: form.email, password: PASSWORD, bearer: true },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.customer.email).toBe(form.email);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now());
    expect(res.headers['set-cookie']).toBeUndefined();
    const me = await t.app.inject({
      url: '/api/front/auth/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.json().customer.email).toBe(form.email);
  });

  const wrongLogins: [string, string, Record<string, unknown>][] = [
    ['email', 'E-posta adresinizi girin', { email: '' }],
    ['email', 'Geçerli bir e-posta adresi girin', { email: 'ayse.example.com' }],
    ['password', 'Şifrenizi girin', { password: '' }],
    ['password', 'Şifre en fazla 128 karakter olabilir', { password: 'x'.repeat(129) }],
    ['rememberMe', '"Beni hatırla" evet ya da hayır olmalı', { rememberMe: 'belki' }],
  ];
  for (const [field, message, change] of wrongLogins) {
    it(`refuses ${JSON.stringify(change).slice(0, 40)} with 400 naming ${field}`, async () => {
      const res = await browser(t.app).post('/api/front/auth/login', {
        email: form.email,
        password: PASSWORD,
        ...change,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'GECERSIZ_ISTEK', fields: { [field]: message } });
    });
  }

  it('answers a wrong password and an unknown address with the same 401 GIRIS_HATALI', async () => {
    const wrong = await browser(t.app).post('/api/front/auth/login', {
      email: form.email,
      password: 'yanlış-şifre',
    });
    const unknown = await browser(t.app).post('/api/front/auth/login', {
      email: 'kimse@example.com',
      password: 'yanlış-şifre',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toEqual({
      code: 'GIRIS_HATALI',
      message: 'E-posta adresi ya da şifre hatalı.',
    });
  });

  it('makes browsers the account does not know wait after five wrong passwords with 429 COK_FAZLA_DENEME saying until when and Retry-After', async () => {
    const victim = fresh();
    await browser(t.app).post('/api/front/auth/register', victim);
    const attacker = browser(t.app);
    expect(await guessPasswords(attacker, victim.email)).toEqual([401, 401, 401, 401, 429]);
    // Even the right password waits, from that client and from any other the account does not know.
    for (const client of [attacker, browser(t.app)]) {
      const res = await client.post('/api/front/auth/login', { email: victim.email, password: PASSWORD });
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('COK_FAZLA_DENEME');
      expect(res.json().error.message).toMatch(
        /^Bu e-posta adresi için tanınmayan cihazlardan çok sayıda hatalı şifre denemesi yapıldı\. \d{1,2} \p{L}+ \d{2}:\d{2} itibarıyla yeniden deneyebilir/u,
      );
      // About 15 minutes: a client may wait it out instead of guessing on.
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('gives the browser a device cookie at login: httpOnly, SameSite=Lax, path /, 180 days', async () => {
    const customer = fresh();
    await browser(t.app).post('/api/front/auth/register', customer);
    const res = await browser(t.app).post('/api/front/auth/login', {
      email: customer.email,
      password: PASSWORD,
    });
    const device = cookiesOf(res).vitrin_device!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 180 * 24 * 60 * 60 });
    expect(device.secure).toBeFalsy();
    expect(device.value).toMatch(/^\d+\.[\w-]{32}\.[\w-]{43}$/);
    expect(device.value).not.toContain(PASSWORD);
  });

  it('gives the registering browser a device cookie as a login does: it logs in while strangers are held back', async () => {
    const customer = fresh();
    const own = browser(t.app);
    const res = await own.post('/api/front/auth/register', customer);
    expect(res.statusCode).toBe(201);
    const device = cookiesOf(res).vitrin_device!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 180 * 24 * 60 * 60 });
    expect(device.value).toMatch(/^\d+\.[\w-]{32}\.[\w-]{43}$/);
    await guessPasswords(browser(t.app), customer.email, 6);
    const right = { email: customer.email, password: PASSWORD };
    expect((await browser(t.app).post('/api/front/auth/login', right)).statusCode).toBe(429);
    expect((await own.post('/api/front/auth/login', right)).statusCode).toBe(200);
  });

  it("lets the owner's browser log in while a stranger's guesses hold every other browser back", async () => {
    const victim = fresh();
    await browser(t.app).post('/api/front/auth/register', victim);
    const own = browser(t.app);
    expect(
      (await own.post('/api/front/auth/login', { email: victim.email, password: PASSWORD })).statusCode,
    ).toBe(200);
    await guessPasswords(browser(t.app), victim.email, 6);
    const right = { email: victim.email, password: PASSWORD };
    expect((await browser(t.app).post('/api/front/auth/login', right)).statusCode).toBe(429);
    const owner = await own.post('/api/front/auth/login', right);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().customer.email).toBe(victim.email);
    // A Bearer login (no cookie set) that sends the device cookie is known the same way.
    const bearer = await own.post('/api/front/auth/login', { ...right, bearer: true });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.json().token).toMatch(/^[\w-]{43}$/);
  });

  it("counts the owner's own wrong passwords against the owner's browser only", async () => {
    const victim = fresh();
    await browser(t.app).post('/api/front/auth/register', victim);
    const own = browser(t.app);
    await own.post('/api/front/auth/login', { email: victim.email, password: PASSWORD });
    expect(await guessPasswords(own, victim.email)).toEqual([401, 401, 401, 401, 429]);
    const held = await own.post('/api/front/auth/login', { email: victim.email, password: PASSWORD });
    expect(held.json().error.message).toMatch(/^Bu cihazdan çok sayıda hatalı şifre denemesi yapıldı\. /);
    // Nobody else is held back: a new browser logs in.
    const other = await browser(t.app).post('/api/front/auth/login', {
      email: victim.email,
      password: PASSWORD,
    });
    expect(other.statusCode).toBe(200);
  });

  it('treats a forged or altered device cookie like a browser the account does not know', async () => {
    const victim = fresh();
    await browser(t.app).post('/api/front/auth/register', victim);
    const own = browser(t.app);
    await own.post('/api/front/auth/login', { email: victim.email, password: PASSWORD });
    const real = own.jar.get('vitrin_device')!;
    const [id, nonce, mac] = real.split('.') as [string, string, string];
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    await guessPasswords(browser(t.app), victim.email, 5);
    const right = { email: victim.email, password: PASSWORD };
    for (const fake of [
      `${id}.${flip(nonce)}.${mac}`,
      `${id}.${nonce}.${flip(mac)}`,
      `${Number(id) + 1}.${nonce}.${mac}`,
    ]) {
      own.jar.set('vitrin_device', fake);
      expect((await own.post('/api/front/auth/login', right)).statusCode, fake).toBe(429);
    }
    own.jar.set('vitrin_device', real);
    expect((await own.post('/api/front/auth/login', right)).statusCode).toBe(200);
  });

  it("forgets the account's device cookies at a password change", async () => {
    const victim = fresh();
    await browser(t.app).post('/api/front/auth/register', victim);
    const own = browser(t.app);
    await own.post('/api/front/auth/login', { email: victim.email, password: PASSWORD });
    const device = own.jar.get('vitrin_device')!;
    await guessPasswords(browser(t.app), victim.email);
    expect(
      (
        await own.post('/api/front/account/password', {
          currentPassword: PASSWORD,
          newPassword: 'yepyeni-şifre-1',
        })
      ).statusCode,
    ).toBe(204);
    // The browser still sends its cookie: it no longer vouches.
    expect(own.jar.get('vitrin_device')).toBe(device);
    const afterChange = await own.post('/api/front/auth/login', {
      email: victim.email,
      password: 'yepyeni-şifre-1',
    });
    expect(afterChange.statusCode).toBe(429);
  });

  it('answers an unknown e-mail exactly like an account after five wrong passwords (no 423 that tells)', async () => {
    const victim = fresh();
    await browser(t.app).post('/api/front/auth/register', victim);
    const b = browser(t.app);
    // Five each: ten logins, this address's allowance of a minute.
    let last = '';
    for (let i = 0; i < 5; i++) {
      const known = await b.post('/api/front/auth/login', { email: victim.email, password: 'yanlış' });
      const unknown = await b.post('/api/front/auth/login', {
        email: `yok-${victim.email}`,
        password: 'yanlış',
      });
      expect(unknown.statusCode).toBe(known.statusCode);
      // The wait ends 15 minutes after each one's fifth attempt: the minute may differ, nothing else.
      const untimed = (body: string) => body.replace(/\d{2}:\d{2}/, 'SS:DD');
      expect(untimed(unknown.body)).toBe(untimed(known.body));
      last = known.json().error.code;
    }
    expect(last).toBe('COK_FAZLA_DENEME');
  });

  it('allows ten logins a minute from one address, then answers 429 COK_FAZLA_ISTEK with Retry-After', async () => {
    const b = browser(t.app);
    const statuses: number[] = [];
    // Another e-mail each time: five wrong passwords for one would make this address wait for it.
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await b.post('/api/front/auth/login', { email: `kimse${i}@example.com`, password: 'x' })).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const refused = await b.post('/api/front/auth/login', { email: form.email, password: PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('COK_FAZLA_ISTEK');
    expect(refused.json().error.message).toMatch(/saniye sonra yeniden deneyin/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['set-cookie']).toBeUndefined();
    // Another address is not affected.
    expect(
      (await browser(t.app).post('/api/front/auth/login', { email: form.email, password: PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('allows five registrations a minute from one address', async () => {
    const b = browser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await b.post('/api/front/auth/register', { email: 'x' })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('sliding expiry', () => {
  /** Makes every session of the address look last used two minutes ago, so the next use slides it. */
  const age = (email: string) =>
    t.services.database.query(
      `update sessions set last_used_at = last_used_at - interval '2 minutes'
        where customer_id = (select id from customers where email = $1)`,
      [email],
    );

  it('sends the 30-day cookies again when a remembered session is renewed', async () => {
    const form = fresh();
    await browser(t.app).post('/api/front/auth/register', form);
    const b = browser(t.app);
    await b.post('/api/front/auth/login', { email: form.email, password: PASSWORD, rememberMe: true });
    const token = b.token;
    expect((await b.get('/api/front/auth/me')).headers['set-cookie']).toBeUndefined();

    await age(form.email);
    const renewed = await b.get('/api/front/auth/me');
    const cookies = cookiesOf(renewed);
    expect(cookies[SESSION_COOKIE]).toMatchObject({
      value: token,
      maxAge: 30 * 24 * 60 * 60,
      httpOnly: true,
    });
    expect(cookies[SIGNED_IN_COOKIE]).toMatchObject({ value: '1', maxAge: 30 * 24 * 60 * 60 });
    expect(renewed.headers['cache-control']).toBe('private, no-store');
  });

  it('leaves a browser-session cookie alone when its session is renewed', async () => {
    const form = fresh();
    const b = browser(t.app);
    await b.post('/api/front/auth/register', form);
    await age(form.email);
    const res = await b.get('/api/front/auth/me');
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('GET /api/front/auth/me', () => {
  it('answers 401 OTURUM_GECERSIZ without a session', async () => {
    const res = await browser(t.app).get('/api/front/auth/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: 'OTURUM_GECERSIZ',
      message: 'Oturumunuz sona erdi; lütfen yeniden giriş yapın.',
    });
  });

  it('expires the cookies of a session that no longer exists', async () => {
    const res = await t.app.inject({
      url: '/api/front/auth/me',
      cookies: { [SESSION_COOKIE]: 'a'.repeat(43), [SIGNED_IN_COOKIE]: '1', [WHOLESALE_COOKIE]: '1' },
    });
    expect(res.statusCode).toBe(401);
    const cookies = cookiesOf(res);
    for (const name of [SESSION_COOKIE, SIGNED_IN_COOKIE, WHOLESALE_COOKIE]) {
      expect(cookies[name], name).toMatchObject({ value: '', maxAge: 0 });
    }
  });
});

describe('logout', () => {
  it('ends the session: the old cookie no longer works, and the cookies are expired', async () => {
    const b = browser(t.app);
    await b.post('/api/front/auth/register', fresh());
    const token = b.token!;
    const res = await b.post('/api/front/auth/logout');
    expect(res.statusCode).toBe(204);
    expect(cookiesOf(res)[SESSION_COOKIE]).toMatchObject({ value: '', maxAge: 0, httpOnly: true });
    expect(cookiesOf(res)[SIGNED_IN_COOKIE]).toMatchObject({ value: '', maxAge: 0 });
    // The stolen or kept cookie is worthless now.
    const replay = await t.app.inject({ url: '/api/front/auth/me', cookies: { [SESSION_COOKIE]: token } });
    expect(replay.statusCode).toBe(401);
  });

  it('ends a Bearer session', async () => {
    const form = fresh();
    await browser(t.app).post('/api/front/auth/register', form);
    const login = await browser(t.app).post('/api/front/auth/login', { ...form, bearer: true });
    const authorization = `Bearer ${login.json().token}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/auth/logout',
      headers: { authorization },
    });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/front/auth/me', headers: { authorization } })).statusCode).toBe(
      401,
    );
  });

  it('answers 204 without a session too (logging out twice is harmless)', async () => {
    expect((await browser(t.app).post('/api/front/auth/logout')).statusCode).toBe(204);
  });
});

describe('password reset', () => {
  const NEW_PASSWORD = 'yepyeni-şifre-2';

  it('answers forgot with the same 202 body whether or not the address has an account', async () => {
    const form = fresh();
    await browser(t.app).post('/api/front/auth/register', form);
    const known = await browser(t.app).post('/api/front/auth/forgot', { email: form.email });
    const unknown = await browser(t.app).post('/api/front/auth/forgot', { email: 'kimse@example.com' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
  });

  it('refuses forgot without an e-mail address, naming the field', async () => {
    const res = await browser(t.app).post('/api/front/auth/forgot', { email: 'ayse' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ email: 'Geçerli bir e-posta adresi girin' });
  });

  it('resets the password with the link of the e-mail; the link works once and ends every session', async () => {
    const form = fresh();
    const loggedIn = browser(t.app);
    await loggedIn.post('/api/front/auth/register', form);
    await browser(t.app).post('/api/front/auth/forgot', { email: form.email });

    const mail = decodeEml((await t.outbox()).filter((m) => m.includes(form.email)).at(-1)!);
    const link = /http:\/\/magaza\.test\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail);
    expect(link, 'reset link in the e-mail').not.toBeNull();
    const token = link![1]!;

    const reset = await browser(t.app).post('/api/front/auth/reset', { token, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(204);
    expect((await loggedIn.get('/api/front/auth/me')).statusCode).toBe(401);

    const again = await browser(t.app).post('/api/front/auth/reset', { token, password: 'bir-başkası-3' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('TOKEN_GECERSIZ');

    const login = await browser(t.app).post('/api/front/auth/login', {
      email: form.email,
      password: NEW_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const old = await browser(t.app).post('/api/front/auth/login', { email: form.email, password: PASSWORD });
    expect(old.statusCode).toBe(401);
  });

  it('refuses an unknown token with TOKEN_GECERSIZ and a short password naming the field', async () => {
    const unknown = await browser(t.app).post('/api/front/auth/reset', {
      token: 'b'.repeat(43),
      password: NEW_PASSWORD,
    });
    expect(unknown.json().error.code).toBe('TOKEN_GECERSIZ');
    const short = await browser(t.app).post('/api/front/auth/reset', {
      token: 'b'.repeat(43),
      password: 'kısa',
    });
    expect(short.json().error.fields).toEqual({ password: 'Şifre en az 8 karakter olmalı' });
  });
});

describe('secrets never leave the server', () => {
  /** Every string anywhere in a JSON value. */
  const strings = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(strings)
        : [];

  it('no answer of the account API holds a password hash or the session token', async () => {
    const b = browser(t.app);
    const form = fresh();
    const bodies: unknown[] = [];
    const keep = (res: Response) => {
      if (res.body) bodies.push(res.json());
      return res;
    };
    keep(await b.post('/api/front/auth/register', form));
    keep(await b.post('/api/front/auth/login', { email: form.email, password: PASSWORD }));
    const token = b.token!;
    keep(await b.get('/api/front/auth/me'));
    keep(await b.get('/api/front/account'));
    keep(await b.get('/api/front/account/export'));
    keep(await b.patch('/api/front/account', { firstName: 'Ayşe', lastName: 'Kaya', phone: '05321234567' }));
    keep(await b.get('/api/front/addresses'));

    expect(bodies.length).toBe(7);
    for (const s of strings(bodies)) {
      expect(s).not.toContain('scrypt$');
      expect(s).not.toContain(token);
    }
  });
});
