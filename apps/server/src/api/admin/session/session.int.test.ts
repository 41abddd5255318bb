import { auditLog, staff, staffSessions } from '@vitrin/core/db/schema';
import { totpCodeAt } from '@vitrin/core/staff/totp';
import { eq, sql } from 'drizzle-orm';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser } from '../../../testing/accounts.ts';
import { createTestApp } from '../../../testing/server.ts';
import { codeOf, createStaff, loggedInStaff, STAFF_PASSWORD, staffBrowser } from '../../../testing/staff.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t.close());

const WRONG = {
  error: { code: 'YONETICI_GIRISI_HATALI', message: 'E-posta, şifre veya doğrulama kodu hatalı.' },
};
const login = (b = browser(t.app), body: object) => b.post('/api/admin/session', body);
const staffCookieOf = (res: Response) =>
  (
    res.cookies as {
      name: string;
      value: string;
      httpOnly?: boolean;
      sameSite?: string;
      path?: string;
      secure?: boolean;
    }[]
  ).find((c) => c.name === 'vitrin_staff');
const db = () => t.services.database.db;

describe('staff login', () => {
  it('logs in with e-mail, password and code: an httpOnly SameSite=Strict cookie, never cached', async () => {
    const owner = await createStaff(t.services, 'owner');
    const b = browser(t.app);
    const res = await login(b, {
      email: owner.email.toUpperCase(),
      password: owner.password,
      code: codeOf(owner),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(staffCookieOf(res)).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(staffCookieOf(res)!.secure).toBeFalsy();
    expect(res.json().staff).toMatchObject({
      id: owner.id,
      email: owner.email,
      role: 'owner',
      totpEnabled: true,
      totpRequired: true,
    });
    expect(res.json().staff.permissions).toContain('staff.manage');
    const me = await b.get('/api/admin/session');
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('private, no-store');
    expect(me.json().staff.email).toBe(owner.email);
    // The customer's cookie is another: the staff login sets none of it.
    expect(b.jar.has('vitrin_session')).toBe(false);
  });

  it('marks the cookie Secure when the shop is served over https', async () => {
    const https = await createTestApp({ demo: false, config: { publicUrl: 'https://magaza.test' } });
    try {
      const owner = await createStaff(https.services, 'owner');
      const res = await login(browser(https.app), {
        email: owner.email,
        password: owner.password,
        code: codeOf(owner),
      });
      expect(res.statusCode).toBe(200);
      expect(staffCookieOf(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    } finally {
      await https.close();
    }
  });

  it('answers a wrong password, a wrong code, a missing code and an unknown e-mail with one 401', async () => {
    const owner = await createStaff(t.services, 'owner');
    const wrongPassword = await login(undefined, {
      email: owner.email,
      password: 'yanlis-sifre',
      code: codeOf(owner),
    });
    const wrongCode = await login(undefined, {
      email: owner.email,
      password: owner.password,
      code: codeOf(owner, new Date(Date.now() + 10 * 60_000)),
    });
    const noCode = await login(undefined, { email: owner.email, password: owner.password });
    const unknown = await login(undefined, {
      email: 'kimse@magaza.test',
      password: owner.password,
      code: '123456',
    });
    for (const res of [wrongPassword, wrongCode, noCode, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(WRONG);
      expect(staffCookieOf(res)).toBeUndefined();
    }
  });

  it('refuses a code used once already, even within its 30 seconds', async () => {
    const owner = await createStaff(t.services, 'owner');
    const code = codeOf(owner);
    expect((await login(undefined, { email: owner.email, password: owner.password, code })).statusCode).toBe(
      200,
    );
    const again = await login(undefined, { email: owner.email, password: owner.password, code });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(WRONG);
  });

  it('answers a disabled account like a wrong password, even with the right password and code', async () => {
    const manager = await createStaff(t.services, 'manager');
    await db().update(staff).set({ disabledAt: new Date() }).where(eq(staff.id, manager.id));
    const res = await login(undefined, {
      email: manager.email,
      password: manager.password,
      code: codeOf(manager),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(WRONG);
  });

  it('makes one client wait (429, Retry-After) after five wrong passwords for one e-mail', async () => {
    const owner = await createStaff(t.services, 'owner');
    const b = browser(t.app);
    for (let i = 0; i < 4; i++) {
      expect((await login(b, { email: owner.email, password: 'yanlis-sifre' })).statusCode).toBe(401);
    }
    const fifth = await login(b, { email: owner.email, password: 'yanlis-sifre' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.code).toBe('COK_FAZLA_DENEME');
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(800);
    // Even the right password waits on that client; another client still logs in.
    const right = { email: owner.email, password: owner.password, code: codeOf(owner) };
    expect((await login(b, right)).statusCode).toBe(429);
    expect((await login(undefined, right)).statusCode).toBe(200);
  });

  it('locks the account for 15 minutes after ten failures in a row from anywhere (423), audits the lock and its end', async () => {
    const owner = await createStaff(t.services, 'owner');
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 10; i++) {
      last = await login(undefined, { email: owner.email, password: 'yanlis-sifre' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 423]);
    expect(last!.json().error).toEqual({
      code: 'HESAP_KILITLI',
      message: 'Çok fazla hatalı deneme yapıldı. Hesap 15 dakika kilitlendi.',
    });
    const retryAfter = Number(last!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Locked: the right password and code are refused too.
    const right = () => ({ email: owner.email, password: owner.password, code: codeOf(owner) });
    expect((await login(undefined, right())).statusCode).toBe(423);

    // The 15 minutes are over: the next login passes and the lift is audited.
    await db()
      .update(staff)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(staff.id, owner.id));
    expect((await login(undefined, right())).statusCode).toBe(200);
    const entries = await db()
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(owner.id)))
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual(['staff.create', 'staff.lock', 'staff.unlock']);
    expect(entries[1]!.before).toEqual({ lockedUntil: null });
    expect(entries[2]!.after).toEqual({ lockedUntil: null });
  });

  it('limits the logins of one address to ten a minute, whatever the e-mails (429, Retry-After)', async () => {
    const b = browser(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await login(b, { email: `tahmin${i}@magaza.test`, password: 'yanlis-sifre' });
      expect(res.statusCode).toBe(401);
    }
    const eleventh = await login(b, { email: 'tahmin10@magaza.test', password: 'yanlis-sifre' });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.code).toBe('COK_FAZLA_ISTEK');
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
  });

  it.each([
    ['no e-mail', { password: 'x' }, 'email', 'E-posta adresini girin'],
    ['a malformed e-mail', { email: 'sahip@', password: 'x' }, 'email', 'Invalid email address'],
    ['no password', { email: 'a@magaza.test' }, 'password', 'Şifrenizi girin'],
    ['an empty password', { email: 'a@magaza.test', password: '' }, 'password', 'Şifrenizi girin'],
    [
      'a code that is not 6 digits',
      { email: 'a@magaza.test', password: 'x', code: '12ab' },
      'code',
      'Doğrulama kodu 6 haneli bir sayı olmalı',
    ],
    [
      'a code that is not text',
      { email: 'a@magaza.test', password: 'x', code: 123456 },
      'code',
      'Doğrulama kodunu girin',
    ],
  ])('refuses %s with 400 and a Turkish message on the field', async (_what, body, field, message) => {
    const res = await login(undefined, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('refuses a login posted from another site (403), so nobody is signed into an account not theirs', async () => {
    const owner = await createStaff(t.services, 'owner');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: { host: 'localhost:3000', origin: 'https://kotu.example', 'sec-fetch-site': 'cross-site' },
      payload: { email: owner.email, password: owner.password, code: codeOf(owner) },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('KAYNAK_REDDEDILDI');
  });
});

describe('during maintenance', () => {
  it('lets staff log in and act (to switch it off) while the storefront API refuses writes', async () => {
    await t.services.settings.set('is_online', '0');
    try {
      const { b } = await loggedInStaff(t.app, t.services, 'owner');
      const created = await b.post('/api/admin/staff', {
        email: 'bakim@magaza.test',
        name: 'Bakım',
        role: 'support',
      });
      expect(created.statusCode).toBe(201);
      const shop = await browser(t.app).post('/api/front/auth/login', { email: 'a@b.test', password: 'x' });
      expect(shop.statusCode).toBe(503);
    } finally {
      await t.services.settings.set('is_online', '1');
    }
  });
});

describe('staff session', () => {
  it('ends after 30 idle minutes', async () => {
    const { member, b } = await loggedInStaff(t.app, t.services, 'owner');
    await db()
      .update(staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(staffSessions.staffId, member.id));
    const res = await b.get('/api/admin/session');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('YONETICI_OTURUMU_GEREKLI');
  });

  it('stays while used, and ends 12 hours after the login however busy', async () => {
    const { member, b } = await loggedInStaff(t.app, t.services, 'owner');
    await db()
      .update(staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - 29 * 60_000) })
      .where(eq(staffSessions.staffId, member.id));
    expect((await b.get('/api/admin/session')).statusCode).toBe(200);
    // The use moved the idle limit on: 29 more minutes later it still holds.
    const [row] = await db().select().from(staffSessions).where(eq(staffSessions.staffId, member.id));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
    await db()
      .update(staffSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(staffSessions.staffId, member.id));
    expect((await b.get('/api/admin/session')).statusCode).toBe(401);
  });

  it('logs out: 204, the cookie cleared, the token no longer works', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'manager');
    const token = b.jar.get('vitrin_staff')!;
    const out = await b.delete('/api/admin/session');
    expect(out.statusCode).toBe(204);
    expect(staffCookieOf(out)).toMatchObject({ value: '' });
    const stolen = await t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { host: 'localhost:3000', cookie: `vitrin_staff=${token}` },
    });
    expect(stolen.statusCode).toBe(401);
  });

  it('refuses a logout posted from another site with the staff cookie', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'owner');
    const res = await b.request({
      method: 'DELETE',
      url: '/api/admin/session',
      headers: { origin: 'https://kotu.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect((await b.get('/api/admin/session')).statusCode).toBe(200);
  });
});

describe('two-step verification set-up', () => {
  it('lets an owner without it do nothing but set it up, then everything', async () => {
    const owner = await createStaff(t.services, 'owner', { totp: false });
    const b = await staffBrowser(t.app, owner);
    const me = await b.get('/api/admin/session');
    expect(me.json().staff).toMatchObject({ totpEnabled: false, totpRequired: true });
    const blocked = await b.get('/api/admin/staff');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toEqual({
      code: 'TOTP_KURULUMU_GEREKLI',
      message: 'Devam etmek için iki adımlı doğrulamayı kurun.',
    });
    expect(
      (
        await b.post('/api/admin/me/password', {
          currentPassword: STAFF_PASSWORD,
          newPassword: 'yeni-şifre-123',
        })
      ).statusCode,
    ).toBe(403);

    const setup = await b.post('/api/admin/me/totp');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri } = setup.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Vitrin:/);
    expect(new URL(otpauthUri).searchParams.get('issuer')).toBe('Vitrin');
    expect(decodeURIComponent(otpauthUri)).toContain(owner.email);

    const wrong = await b.post('/api/admin/me/totp/confirm', {
      code: totpCodeAt(secret, new Date(Date.now() + 5 * 60_000)),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'TOTP_KODU_HATALI',
      fields: { code: 'Doğrulama kodu hatalı' },
    });

    const confirmed = await b.post('/api/admin/me/totp/confirm', { code: totpCodeAt(secret, new Date()) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().staff).toMatchObject({ totpEnabled: true });
    expect((await b.get('/api/admin/staff')).statusCode).toBe(200);

    // From now on the login asks for the code.
    const noCode = await login(undefined, { email: owner.email, password: owner.password });
    expect(noCode.statusCode).toBe(401);
  });

  it('lets support work without it, and asks the code once support sets it up', async () => {
    const support = await createStaff(t.services, 'support', { totp: false });
    const b = await staffBrowser(t.app, support);
    expect((await b.get('/api/admin/session')).json().staff).toMatchObject({
      totpEnabled: false,
      totpRequired: false,
    });
    expect(
      (
        await b.post('/api/admin/me/password', {
          currentPassword: STAFF_PASSWORD,
          newPassword: 'destek-şifre-99',
        })
      ).statusCode,
    ).toBe(204);
  });

  it('refuses a confirmation before the set-up began (409) and a malformed code (400)', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'manager', { totp: false });
    const early = await b.post('/api/admin/me/totp/confirm', { code: '123456' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('TOTP_KURULUMU_BASLATILMADI');
    for (const code of ['', '12345', 'abcdef', '1234567']) {
      const bad = await b.post('/api/admin/me/totp/confirm', { code });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields.code).toMatch(/Doğrulama kodu/);
    }
  });
});

describe('own password', () => {
  it('changes it, ends the other sessions and keeps this one', async () => {
    const manager = await createStaff(t.services, 'manager');
    const other = await staffBrowser(t.app, manager);
    const b = browser(t.app);
    // A second login needs a code of another 30-second step: the one just used is spent.
    const res = await login(b, {
      email: manager.email,
      password: manager.password,
      code: codeOf(manager, new Date(Date.now() + 30_000)),
    });
    expect(res.statusCode).toBe(200);
    const changed = await b.post('/api/admin/me/password', {
      currentPassword: STAFF_PASSWORD,
      newPassword: 'yepyeni-şifre-2',
    });
    expect(changed.statusCode).toBe(204);
    expect((await b.get('/api/admin/session')).statusCode).toBe(200);
    expect((await other.get('/api/admin/session')).statusCode).toBe(401);
  });

  it.each([
    [
      'a wrong current password',
      { currentPassword: 'yanlis-sifre', newPassword: 'yepyeni-şifre-2' },
      403,
      'currentPassword',
      'Mevcut şifreniz hatalı',
    ],
    [
      'no current password',
      { newPassword: 'yepyeni-şifre-2' },
      400,
      'currentPassword',
      'Mevcut şifrenizi girin',
    ],
    [
      'a short new password',
      { currentPassword: STAFF_PASSWORD, newPassword: 'kisa' },
      400,
      'newPassword',
      'Şifre en az 8 karakter olmalı',
    ],
    [
      'the same password',
      { currentPassword: STAFF_PASSWORD, newPassword: STAFF_PASSWORD },
      400,
      'newPassword',
      'Yeni şifre mevcut şifrenizden farklı olmalı',
    ],
  ])('refuses %s', async (_what, body, status, field, message) => {
    const { b } = await loggedInStaff(t.app, t.services, 'owner');
    const res = await b.post('/api/admin/me/password', body);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.fields[field]).toBe(message);
  });
});
