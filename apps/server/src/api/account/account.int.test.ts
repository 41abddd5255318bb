import { SESSION_COOKIE, SIGNED_IN_COOKIE } from '@vitrin/shared/api/account-context';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestApp,
  browser,
  createAccountTestApp,
  homeAddress,
  PASSWORD,
  registeredBrowser,
  registration,
} from '../../../test/accounts.ts';

let t: AccountTestApp;
let n = 0;
beforeAll(async () => {
  t = await createAccountTestApp();
});
afterAll(() => t.close());

const customer = () => registeredBrowser(t.app, ++n);

describe('profile (Bilgilerim)', () => {
  it('shows and changes name and phone', async () => {
    const b = await customer();
    expect((await b.get('/api/front/account')).json().customer.firstName).toBe('Ayşe');
    const res = await b.patch('/api/front/account', {
      firstName: 'Ayşe Nur',
      lastName: 'Kaya',
      phone: '+90 542 000 11 22',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().customer).toMatchObject({
      firstName: 'Ayşe Nur',
      lastName: 'Kaya',
      phone: '+905420001122',
    });
  });

  it('names each wrong profile field', async () => {
    const b = await customer();
    const res = await b.patch('/api/front/account', { firstName: '', lastName: 'Kaya', phone: '5' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      firstName: 'Adınızı girin',
      phone: 'Telefon numarası 05XX XXX XX XX biçiminde olmalı',
    });
  });

  it('answers 401 OTURUM_GECERSIZ without a session, for every panel call', async () => {
    const anonymous = browser(t.app);
    for (const res of [
      await anonymous.get('/api/front/account'),
      await anonymous.patch('/api/front/account', {}),
      await anonymous.post('/api/front/account/email', {}),
      await anonymous.post('/api/front/account/password', {}),
      await anonymous.post('/api/front/account/consent', {}),
      await anonymous.get('/api/front/account/export'),
      await anonymous.post('/api/front/account/delete', {}),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('OTURUM_GECERSIZ');
    }
  });
});

describe('e-mail change', () => {
  it('changes the login address with the password as proof', async () => {
    const b = await customer();
    const res = await b.post('/api/front/account/email', {
      email: 'yeni.adres@example.com',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().customer.email).toBe('yeni.adres@example.com');
    const login = await browser(t.app).post('/api/front/auth/login', {
      email: 'yeni.adres@example.com',
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a wrong password with 403 SIFRE_HATALI on the password field', async () => {
    const b = await customer();
    const res = await b.post('/api/front/account/email', {
      email: 'baska@example.com',
      password: 'yanlış-şifre',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'SIFRE_HATALI', fields: { password: 'Şifreniz hatalı' } });
  });

  it("refuses another account's address with 409 EPOSTA_KAYITLI", async () => {
    const b = await customer();
    const res = await b.post('/api/front/account/email', {
      email: registration(1).email,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('password change', () => {
  it('keeps this session and ends the others', async () => {
    const here = await customer();
    const form = registration(n);
    const elsewhere = browser(t.app);
    await elsewhere.post('/api/front/auth/login', { email: form.email, password: PASSWORD });
    const res = await here.post('/api/front/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'yepyeni-şifre-2',
    });
    expect(res.statusCode).toBe(204);
    expect((await here.get('/api/front/auth/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/front/auth/me')).statusCode).toBe(401);
  });

  it('names the wrong fields', async () => {
    const b = await customer();
    const same = await b.post('/api/front/account/password', {
      currentPassword: PASSWORD,
      newPassword: PASSWORD,
    });
    expect(same.json().error.fields).toEqual({ newPassword: 'Yeni şifre mevcut şifrenizden farklı olmalı' });
    const wrong = await b.post('/api/front/account/password', {
      currentPassword: 'yanlış-şifre',
      newPassword: 'yepyeni-şifre-2',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.fields).toEqual({ currentPassword: 'Şifreniz hatalı' });
  });
});

describe('consent, export and deletion (KVKK)', () => {
  it('turns marketing consent on and off', async () => {
    const b = await customer();
    expect(
      (await b.post('/api/front/account/consent', { marketingConsent: true })).json().customer
        .marketingConsent,
    ).toBe(true);
    expect((await b.post('/api/front/account/consent', {})).json().customer.marketingConsent).toBe(false);
  });

  it('exports everything stored as a JSON download', async () => {
    const b = await customer();
    await b.post('/api/front/addresses', homeAddress);
    const res = await b.get('/api/front/account/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="hesap-verilerim-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json();
    expect(data.profile.email).toBe(registration(n).email);
    expect(data.addresses).toHaveLength(1);
    expect(data.consents.kvkkAcceptedAt).toMatch(/^\d{4}-/);
  });

  it('deletes the account with the password: cookies expired, the e-mail no longer logs in', async () => {
    const b = await customer();
    const token = b.token!;
    const wrong = await b.post('/api/front/account/delete', { password: 'yanlış-şifre' });
    expect(wrong.statusCode).toBe(403);

    const res = await b.post('/api/front/account/delete', { password: PASSWORD });
    expect(res.statusCode).toBe(204);
    const cookies = Object.fromEntries(
      (res.cookies as { name: string; value: string; maxAge?: number }[]).map((c) => [c.name, c]),
    );
    expect(cookies[SESSION_COOKIE]).toMatchObject({ value: '', maxAge: 0 });
    expect(cookies[SIGNED_IN_COOKIE]).toMatchObject({ value: '', maxAge: 0 });
    expect(
      (await t.app.inject({ url: '/api/front/auth/me', cookies: { [SESSION_COOKIE]: token } })).statusCode,
    ).toBe(401);
    const login = await browser(t.app).post('/api/front/auth/login', {
      email: registration(n).email,
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(401);
  });
});
