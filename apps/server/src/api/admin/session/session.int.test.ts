import { auditLog, loginFailures, staff, staffSessions } from '@vitrin/core/db/schema';
import { totpCodeAt } from '@vitrin/core/staff/totp';
import { eq, sql } from 'drizzle-orm';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { codeOf, createStaff, loggedInStaff, STAFF_PASSWORD, staffBrowser } from '../../../../test/staff.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t.close());

const WRONG = {
  error: { code: 'YONETICI_GIRISI_HATALI', message: 'E-posta, şifre veya doğrulama kodu hatalı.' },
};
const login = (b = browser(t.app), body: object) => b.post('/api/admin/session', body);
type Cookie = {
  name: string;
  value: string;
  httpOnly?: boolean;
  sameSite?: string;
  path?: string;
  secure?: boolean;
  maxAge?: number;
};
const cookieOf = (res: Response, name: string) => (res.cookies as Cookie[]).find((c) => c.name === name);
const staffCookieOf = (res: Response) => cookieOf(res, 'vitrin_staff');
const db = () => t.services.database.db;
const STAFF_DEVICE = 'vitrin_staff_device';
const deviceCookieOf = (res: Response) => cookieOf(res, STAFF_DEVICE);
/** The lock's message names the minutes left and when it ends ("27.11.2026 14:35"). */
const lockedFor = (minutes: number) => ({
  code: 'HESAP_KILITLI',
  message: expect.stringMatching(
    new RegExp(
      `^Çok fazla hatalı deneme yapıldı\\. Hesap kilitli; ${minutes} dakika sonra, .*\\d{2}:\\d{2} itibarıyla yeniden deneyebilirsiniz\\.$`,
    ),
  ),
});
const LOCKED = lockedFor(15);
/** A TOTP code's time `n` 30-second steps on: a code once accepted is spent, a later step's is not. */
const inSteps = (n: number) => new Date(Date.now() + n * 30_000);
/** Wrong passwords for `email`, each from a browser of its own (a new address, no device cookie). */
async function guessFromAnywhere(email: string, times: number) {
  const answers: Response[] = [];
  for (let i = 0; i < times; i++) answers.push(await login(undefined, { email, password: 'yanlis-sifre' }));
  return answers;
}
/** The 15 minutes of the lock of `email`'s unknown browsers are over. */
const endLockOf = (email: string) =>
  db()
    .update(loginFailures)
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .where(eq(loginFailures.key, `untrusted:staff:${email}`));

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

  it('gives the browser a device cookie: httpOnly, SameSite=Lax, for the login only, 180 days, Secure on https', async () => {
    const owner = await createStaff(t.services, 'owner');
    const right = { email: owner.email, password: owner.password, code: codeOf(owner) };
    const device = deviceCookieOf(await login(undefined, right));
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/admin/session' });
    expect(device!.maxAge).toBe(180 * 24 * 60 * 60);
    expect(device!.secure).toBeFalsy();
    expect(device!.value).toMatch(new RegExp(`^${owner.id}\\.[\\w-]{32}\\.[\\w-]{43}$`));
    // Nothing of the password or the TOTP secret is in it.
    expect(device!.value).not.toContain(owner.secret);
    const https = await createTestApp({ demo: false, config: { publicUrl: 'https://magaza.test' } });
    try {
      const member = await createStaff(https.services, 'owner');
      const res = await login(browser(https.app), {
        email: member.email,
        password: member.password,
        code: codeOf(member),
      });
      expect(deviceCookieOf(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    } finally {
      await https.close();
    }
  });

  it('locks browsers without a device cookie for 15 minutes after ten failures in a row from anywhere (423), audits the lock and its end', async () => {
    const owner = await createStaff(t.services, 'owner');
    const statuses = await guessFromAnywhere(owner.email, 10);
    expect(statuses.map((res) => res.statusCode)).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 423]);
    const last = statuses.at(-1)!;
    expect(last.json().error).toEqual(LOCKED);
    const retryAfter = Number(last.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Locked: the right password and code are refused too, from any browser the account does not know.
    const right = () => ({ email: owner.email, password: owner.password, code: codeOf(owner) });
    expect((await login(undefined, right())).statusCode).toBe(423);

    // The message says the time that is left, as Retry-After counts it down: minutes rounded up.
    for (const [secondsLeft, minutes] of [
      [90, 2],
      [20, 1],
    ] as const) {
      await db()
        .update(loginFailures)
        .set({ lockedUntil: new Date(Date.now() + secondsLeft * 1000) })
        .where(eq(loginFailures.key, `untrusted:staff:${owner.email}`));
      const waiting = await login(undefined, right());
      expect(waiting.statusCode).toBe(423);
      expect(waiting.json().error).toEqual(lockedFor(minutes));
      expect(Math.ceil(Number(waiting.headers['retry-after']) / 60)).toBe(minutes);
    }

    // The 15 minutes are over: the next login passes and the lift is audited.
    await endLockOf(owner.email);
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

  it("lets the owner in from their own browser, with the code, while a stranger's guesses lock the account", async () => {
    const owner = await createStaff(t.services, 'owner');
    const own = browser(t.app);
    expect(
      (await login(own, { email: owner.email, password: owner.password, code: codeOf(owner) })).statusCode,
    ).toBe(200);
    await guessFromAnywhere(owner.email, 12);
    const next = { email: owner.email, password: owner.password, code: codeOf(owner, inSteps(1)) };
    expect((await login(undefined, next)).statusCode).toBe(423);
    const res = await login(own, next);
    expect(res.statusCode).toBe(200);
    expect(res.json().staff.email).toBe(owner.email);
    expect((await own.get('/api/admin/session')).statusCode).toBe(200);
  });

  it("counts wrong passwords and codes from the owner's browser against that browser only (429 at the tenth)", async () => {
    const owner = await createStaff(t.services, 'owner');
    const own = browser(t.app);
    expect(
      (await login(own, { email: owner.email, password: owner.password, code: codeOf(owner) })).statusCode,
    ).toBe(200);
    // The browser moves between networks (an address has ten logins a minute): its cookie goes along.
    const ownElsewhere = () => {
      const moved = browser(t.app);
      moved.jar.set(STAFF_DEVICE, own.jar.get(STAFF_DEVICE)!);
      return moved;
    };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const wrong =
        i % 2
          ? { password: 'yanlis-sifre', code: codeOf(owner) }
          : { password: owner.password, code: '000000' };
      statuses.push((await login(ownElsewhere(), { email: owner.email, ...wrong })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 429]);
    const right = { email: owner.email, password: owner.password, code: codeOf(owner, inSteps(1)) };
    const held = await login(ownElsewhere(), right);
    expect(held.statusCode).toBe(429);
    expect(held.json().error).toEqual({
      code: 'COK_FAZLA_DENEME',
      message: expect.stringMatching(
        /^Bu cihazdan çok sayıda hatalı deneme yapıldı\. .+ itibarıyla yeniden deneyebilirsiniz\.$/,
      ),
    });
    // The account is not locked: another browser logs in.
    expect((await login(undefined, right)).statusCode).toBe(200);
    // The cookie's lock is in the audit log, as the unknown browsers' is.
    const entries = await db()
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(owner.id)))
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual(['staff.create', 'staff.device.lock']);
    expect(entries[1]!.before).toEqual({ lockedUntil: null, device: null });
    expect(entries[1]!.after).toEqual({ lockedUntil: expect.any(String), device: expect.any(Number) });
  });

  it('treats a forged or altered device cookie like a browser the account does not know', async () => {
    const owner = await createStaff(t.services, 'owner');
    const own = browser(t.app);
    await login(own, { email: owner.email, password: owner.password, code: codeOf(owner) });
    const real = own.jar.get(STAFF_DEVICE)!;
    const [id, nonce, mac] = real.split('.') as [string, string, string];
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    await guessFromAnywhere(owner.email, 10);
    const right = { email: owner.email, password: owner.password, code: codeOf(owner, inSteps(1)) };
    for (const fake of [
      `${id}.${flip(nonce)}.${mac}`,
      `${id}.${nonce}.${flip(mac)}`,
      `${id}.${nonce}`,
      'x',
    ]) {
      own.jar.set(STAFF_DEVICE, fake);
      const res = await login(own, right);
      expect(res.statusCode, fake).toBe(423);
      expect(res.json().error).toEqual(LOCKED);
    }
    own.jar.set(STAFF_DEVICE, real);
    expect((await login(own, right)).statusCode).toBe(200);
  });

  it('forgets the device cookies of a member who changes the password', async () => {
    const owner = await createStaff(t.services, 'owner');
    const own = browser(t.app);
    await login(own, { email: owner.email, password: owner.password, code: codeOf(owner) });
    const changed = await own.post('/api/admin/me/password', {
      currentPassword: owner.password,
      newPassword: 'yepyeni-şifre-2',
    });
    expect(changed.statusCode).toBe(204);
    await guessFromAnywhere(owner.email, 10);
    const res = await login(own, {
      email: owner.email,
      password: 'yepyeni-şifre-2',
      code: codeOf(owner, inSteps(1)),
    });
    expect(res.statusCode).toBe(423);
  });

  it('answers an unknown e-mail like an account, locked alike after ten failures (no answer tells which exists)', async () => {
    const owner = await createStaff(t.services, 'owner');
    const known = await guessFromAnywhere(owner.email, 11);
    const unknown = await guessFromAnywhere('kimse-yok@magaza.test', 11);
    // The lock's message names the minute it ends: the two series may straddle a minute's turn.
    const alike = (body: string) => body.replace(/\d{1,2}:\d{2}/g, 'SS:DD');
    for (let i = 0; i < 11; i++) {
      expect(unknown[i]!.statusCode).toBe(known[i]!.statusCode);
      expect(alike(unknown[i]!.body)).toEqual(alike(known[i]!.body));
    }
    expect(unknown.at(-1)!.statusCode).toBe(423);
    expect(unknown.at(-1)!.json().error.code).toBe('HESAP_KILITLI');
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
