import { type Accounts, ayse, openAccounts, rejection, tableText } from '@vitrin/testing/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { accountErrorStatus } from './errors.ts';
import { REMEMBERED_SESSION_MS, SESSION_MS } from './service.ts';
import { hashToken } from './tokens.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: Accounts;
beforeAll(async () => {
  t = await openAccounts();
});
beforeEach(async () => {
  await t.reset();
  await t.customers.register(ayse);
});
afterAll(() => t.dispose());

/** A browser: the device cookie its last login gave it, sent with every login after. */
function browser() {
  let device: string | undefined;
  return {
    get device() {
      return device;
    },
    set device(value: string | undefined) {
      device = value;
    },
    async login(password = ayse.password, extra: { rememberMe?: boolean; email?: string } = {}) {
      const session = await t.customers.login({ email: ayse.email, password, ...extra }, device);
      device = session.deviceCookie;
      return session;
    },
  };
}
/** A login from a browser nobody knows (a new one each time). */
const login = (password = ayse.password, extra: { rememberMe?: boolean; email?: string } = {}) =>
  browser().login(password, extra);
const UNKNOWN_BROWSERS =
  /^Bu e-posta adresi için tanınmayan cihazlardan çok sayıda hatalı şifre denemesi yapıldı\. /;
const THIS_DEVICE = /^Bu cihazdan çok sayıda hatalı şifre denemesi yapıldı\. /;

describe('login', () => {
  it('opens a session for the right e-mail (any case) and password', async () => {
    const session = await login(ayse.password, { email: ' AYSE@Example.com' });
    expect(session.customer.email).toBe('ayse@example.com');
    expect(await t.customers.authenticate(session.token)).toEqual(session.customer);
  });

  it('gives a wrong password and an unknown e-mail the same GIRIS_HATALI', async () => {
    const wrongPassword = await rejection(login('yanlış-şifre'));
    const unknownEmail = await rejection(login(ayse.password, { email: 'kimse@example.com' }));
    expect(wrongPassword).toBeInstanceOf(DomainError);
    expect(wrongPassword.code).toBe('GIRIS_HATALI');
    expect(unknownEmail.code).toBe('GIRIS_HATALI');
    expect(unknownEmail.message).toBe(wrongPassword.message);
    expect(wrongPassword.message).toBe('E-posta adresi ya da şifre hatalı.');
  });

  it('makes unknown browsers wait 15 minutes after 5 wrong passwords in a row for one e-mail with 429 COK_FAZLA_DENEME', async () => {
    for (let i = 1; i <= 4; i++) expect((await rejection(login('yanlış-şifre'))).code).toBe('GIRIS_HATALI');
    const fifth = await rejection(login('yanlış-şifre'));
    expect(fifth.code).toBe('COK_FAZLA_DENEME');
    expect(accountErrorStatus.COK_FAZLA_DENEME).toBe(429);
    const until = new Date(t.clock.now().getTime() + 15 * MINUTE);
    expect(fifth.retryAt).toEqual(until);
    // 10:15 UTC is 13:15 in Turkey, where the customer reads it.
    expect(fifth.message).toMatch(UNKNOWN_BROWSERS);
    expect(fifth.message).toContain('23 Kasım 13:15 itibarıyla');

    const rightPassword = await rejection(login());
    expect(rightPassword.code).toBe('COK_FAZLA_DENEME');
    expect(rightPassword.retryAt).toEqual(until);

    t.clock.advance(15 * MINUTE - 1000);
    expect((await rejection(login())).code).toBe('COK_FAZLA_DENEME');
    t.clock.advance(1000);
    expect((await login()).customer.email).toBe(ayse.email);
  });

  it("does not lock the owner out: the owner's browser logs in while a stranger's guesses lock unknown browsers", async () => {
    const owner = browser();
    await owner.login();
    expect(owner.device).toMatch(/^1\.[\w-]{32}\.[\w-]{43}$/);
    for (let i = 0; i < 6; i++) await rejection(login('yanlış-şifre'));
    expect((await rejection(login())).code).toBe('COK_FAZLA_DENEME');
    expect((await owner.login()).customer.email).toBe(ayse.email);
    // And the owner's own wrong password counts on the owner's browser, from zero.
    expect((await rejection(owner.login('yanlış-şifre'))).code).toBe('GIRIS_HATALI');
  });

  it("counts wrong passwords from the owner's browser against that browser only", async () => {
    const owner = browser();
    await owner.login();
    for (let i = 0; i < 4; i++) await rejection(owner.login('yanlış-şifre'));
    const fifth = await rejection(owner.login('yanlış-şifre'));
    expect(fifth.code).toBe('COK_FAZLA_DENEME');
    expect(fifth.message).toMatch(THIS_DEVICE);
    expect((await rejection(owner.login())).code).toBe('COK_FAZLA_DENEME');
    // Other browsers, known or not, are not held back by it.
    expect((await login()).customer.email).toBe(ayse.email);
    const laptop = browser();
    await laptop.login();
    expect((await laptop.login()).customer.email).toBe(ayse.email);
  });

  it('treats a forged, altered or foreign device cookie as an unknown browser', async () => {
    const owner = browser();
    await owner.login();
    const real = owner.device!;
    const [id, nonce, mac] = real.split('.') as [string, string, string];
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    await t.customers.register({ ...ayse, email: 'mehmet@example.com' });
    const mehmets = (await t.customers.login({ email: 'mehmet@example.com', password: ayse.password }))
      .deviceCookie;
    const fakes = [
      `${id}.${flip(nonce)}.${mac}`, // another nonce under the old signature
      `${id}.${nonce}.${flip(mac)}`, // a signature made without the secret
      `2.${nonce}.${mac}`, // the same nonce claimed for another account
      mehmets, // a real cookie, of another account
      'çöp',
    ];
    for (let i = 0; i < 5; i++) await rejection(login('yanlış-şifre'));
    for (const fake of fakes) {
      const err = await rejection(t.customers.login({ email: ayse.email, password: ayse.password }, fake));
      expect(err.message, fake).toMatch(UNKNOWN_BROWSERS);
    }
    expect(
      (await t.customers.login({ email: ayse.email, password: ayse.password }, real)).customer.email,
    ).toBe(ayse.email);
  });

  it('forgets every device cookie of the account at a password change, a reset and "end other sessions"', async () => {
    const lockUnknownBrowsers = async () => {
      for (let i = 0; i < 5; i++) await rejection(login('yanlış-şifre'));
    };
    const owner = browser();
    const session = await owner.login();
    await t.customers.changePassword(session.token, {
      currentPassword: ayse.password,
      newPassword: 'yeni-şifre-123',
    });
    await lockUnknownBrowsers();
    expect((await rejection(owner.login('yeni-şifre-123'))).message).toMatch(UNKNOWN_BROWSERS);

    t.clock.advance(15 * MINUTE);
    const current = await owner.login('yeni-şifre-123');
    await t.customers.endOtherSessions(current.token);
    await lockUnknownBrowsers();
    expect((await rejection(owner.login('yeni-şifre-123'))).message).toMatch(UNKNOWN_BROWSERS);

    t.clock.advance(15 * MINUTE);
    await owner.login('yeni-şifre-123');
    await t.customers.requestPasswordReset({ email: ayse.email });
    const link = await t.resetTokenFor(ayse.email);
    await lockUnknownBrowsers();
    await t.customers.resetPassword({ token: link, password: 'en-yeni-şifre-1' });
    // The reset lets unknown browsers try again, and the owner's browser is one of them now.
    for (let i = 0; i < 5; i++) await rejection(login('yanlış-şifre'));
    expect((await rejection(owner.login('en-yeni-şifre-1'))).message).toMatch(UNKNOWN_BROWSERS);
  });

  it('forgets a browser 180 days after its last login, and the oldest past 20 browsers', async () => {
    const lockUnknownBrowsers = async () => {
      for (let i = 0; i < 5; i++) await rejection(login('yanlış-şifre'));
    };
    const owner = browser();
    await owner.login();
    t.clock.advance(100 * DAY);
    await owner.login(); // a login moves its 180 days on
    t.clock.advance(179 * DAY);
    await lockUnknownBrowsers();
    expect((await owner.login()).customer.email).toBe(ayse.email);
    t.clock.advance(180 * DAY);
    await lockUnknownBrowsers();
    expect((await rejection(owner.login())).message).toMatch(UNKNOWN_BROWSERS);

    t.clock.advance(15 * MINUTE);
    const first = browser();
    await first.login();
    for (let i = 0; i < 20; i++) {
      t.clock.advance(1000);
      await login();
    }
    await lockUnknownBrowsers();
    expect((await rejection(first.login())).message).toMatch(UNKNOWN_BROWSERS);
  });

  it('deletes the count of an address a day after its last attempt (made-up addresses cannot pile up)', async () => {
    await rejection(login('yanlış-şifre', { email: 'uydurma@example.com' }));
    expect(await tableText(t.database, 'login_failures')).toContain('uydurma@example.com');
    t.clock.advance(DAY + MINUTE);
    await login();
    expect(await tableText(t.database, 'login_failures')).not.toContain('uydurma@example.com');
  });

  it('keeps no nonce of a device cookie in the database, only its hash', async () => {
    const owner = browser();
    await owner.login();
    const nonce = owner.device!.split('.')[1]!;
    const text = await tableText(t.database, 'login_devices');
    expect(text).not.toContain(nonce);
    expect(text).toContain(hashToken(nonce));
  });

  it('answers an unknown e-mail exactly like an account, also once unknown browsers wait', async () => {
    const unknown = (password: string) => login(password, { email: 'kimse@example.com' });
    const known = (password: string) => login(password);
    for (let i = 0; i < 6; i++) {
      const [a, b] = [await rejection(unknown('yanlış-şifre')), await rejection(known('yanlış-şifre'))];
      expect([a.code, a.message, a.retryAt]).toEqual([b.code, b.message, b.retryAt]);
    }
    expect((await rejection(unknown('yanlış-şifre'))).code).toBe('COK_FAZLA_DENEME');
  });

  it('counts only consecutive failures: a success resets the counter', async () => {
    for (let i = 0; i < 4; i++) await rejection(login('yanlış-şifre'));
    await login();
    for (let i = 0; i < 4; i++) expect((await rejection(login('yanlış-şifre'))).code).toBe('GIRIS_HATALI');
    expect((await login()).customer.email).toBe(ayse.email);
  });

  it('gives 5 fresh attempts once the wait has run out', async () => {
    for (let i = 0; i < 5; i++) await rejection(login('yanlış-şifre'));
    t.clock.advance(15 * MINUTE);
    for (let i = 0; i < 4; i++) expect((await rejection(login('yanlış-şifre'))).code).toBe('GIRIS_HATALI');
    expect((await rejection(login('yanlış-şifre'))).code).toBe('COK_FAZLA_DENEME');
  });

  it('does not let a burst of parallel guesses get past the count', async () => {
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => login('yanlış-şifre')));
    const codes = results.map((r) => (r.status === 'rejected' ? r.reason.code : 'OK'));
    expect(codes.filter((c) => c === 'GIRIS_HATALI').length).toBeLessThanOrEqual(4);
    expect(codes).toContain('COK_FAZLA_DENEME');
    expect((await rejection(login())).code).toBe('COK_FAZLA_DENEME');
  });

  it('refuses an empty form with field messages', async () => {
    const err = await rejection(t.customers.login({ email: '', password: '' }));
    expect(err.code).toBe('GECERSIZ_ISTEK');
    expect(err.fields).toEqual({ email: 'E-posta adresinizi girin', password: 'Şifrenizi girin' });
  });
});

describe('sessions', () => {
  it('stores only the SHA-256 of the token: the database never holds the raw token', async () => {
    const { token } = await login();
    const text = await tableText(t.database, 'sessions');
    expect(text).not.toContain(token);
    expect(text).toContain(hashToken(token));
  });

  it('gives a new token at every login', async () => {
    const first = await login();
    const second = await login();
    expect(second.token).not.toBe(first.token);
    expect(await t.customers.authenticate(first.token)).not.toBeNull();
    expect(await t.customers.authenticate(second.token)).not.toBeNull();
  });

  it('lasts 1 day without "Beni hatırla" and 30 days with it', async () => {
    const short = await login();
    const long = await login(ayse.password, { rememberMe: true });
    const start = t.clock.now().getTime();
    expect(short.expiresAt.getTime()).toBe(start + SESSION_MS);
    expect(long.expiresAt.getTime()).toBe(start + REMEMBERED_SESSION_MS);
    expect(SESSION_MS).toBe(DAY);
    expect(REMEMBERED_SESSION_MS).toBe(30 * DAY);

    t.clock.advance(DAY);
    expect(await t.customers.authenticate(short.token)).toBeNull();
    expect(await t.customers.authenticate(long.token)).not.toBeNull();
    t.clock.advance(30 * DAY);
    expect(await t.customers.authenticate(long.token)).toBeNull();
  });

  it('slides the expiry forward on use, at most once a minute', async () => {
    const { token, expiresAt } = await login();
    t.clock.advance(30_000);
    const soon = await t.customers.session(token);
    expect(soon).toMatchObject({ renewed: false, expiresAt });

    t.clock.advance(30_000);
    const renewed = await t.customers.session(token);
    expect(renewed?.renewed).toBe(true);
    expect(renewed?.expiresAt.getTime()).toBe(t.clock.now().getTime() + SESSION_MS);

    // Used every 23 hours, a 1-day session lives on.
    for (let i = 0; i < 3; i++) {
      t.clock.advance(23 * 60 * MINUTE);
      expect(await t.customers.authenticate(token)).not.toBeNull();
    }
  });

  it('answers null for a missing, malformed or unknown token', async () => {
    expect(await t.customers.authenticate(undefined)).toBeNull();
    expect(await t.customers.authenticate('')).toBeNull();
    expect(await t.customers.authenticate("' or 1=1 --")).toBeNull();
    expect(await t.customers.authenticate('A'.repeat(43))).toBeNull();
  });

  it('ends the session at logout and leaves the others', async () => {
    const phone = await login();
    const laptop = await login();
    await t.customers.logout(phone.token);
    expect(await t.customers.authenticate(phone.token)).toBeNull();
    expect(await t.customers.authenticate(laptop.token)).not.toBeNull();
    await t.customers.logout(phone.token); // twice is harmless
  });

  it('ends every other session on request and keeps the current one', async () => {
    const current = await login();
    const others = [await login(), await login(ayse.password, { rememberMe: true })];
    // The two above and the one registration opened.
    expect(await t.customers.endOtherSessions(current.token)).toBe(3);
    for (const other of others) expect(await t.customers.authenticate(other.token)).toBeNull();
    expect(await t.customers.authenticate(current.token)).not.toBeNull();
  });

  it('refuses to end other sessions from an ended session with OTURUM_GECERSIZ', async () => {
    const { token } = await login();
    await t.customers.logout(token);
    expect((await rejection(t.customers.endOtherSessions(token))).code).toBe('OTURUM_GECERSIZ');
  });

  it('removes expired sessions in the periodic purge', async () => {
    await login();
    const kept = await login(ayse.password, { rememberMe: true });
    t.clock.advance(2 * DAY);
    expect(await t.customers.purgeExpired()).toMatchObject({ sessions: 2 }); // registration's and the short one
    expect(await t.customers.authenticate(kept.token)).not.toBeNull();
  });
});
