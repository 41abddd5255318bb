import { type Accounts, ayse, openAccounts, rejection, SHOP_URL, tableText } from '@vitrin/testing/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_OPEN_RESETS } from './service.ts';

const MINUTE = 60_000;
const NEW_PASSWORD = 'yepyeni-şifre-2';

let t: Accounts;
beforeAll(async () => {
  t = await openAccounts();
});
beforeEach(async () => {
  await t.reset();
  await t.customers.register(ayse);
});
afterAll(() => t.dispose());

const login = (password: string) => t.customers.login({ email: ayse.email, password });

async function requestReset(): Promise<string> {
  await t.customers.requestPasswordReset({ email: ayse.email });
  return t.resetTokenFor(ayse.email);
}

describe('forgot password', () => {
  it('e-mails a reset link built from the shop URL', async () => {
    await t.customers.requestPasswordReset({ email: '  AYSE@example.com ' });
    const token = await t.resetTokenFor(ayse.email);
    const mail = t.sent.at(-1)!;
    expect(mail.to).toBe('ayse@example.com');
    expect(mail.text).toContain(`${SHOP_URL}/reset-password?token=${token}`);
    expect(mail.text).toContain('60 dakika');
    expect(await t.customers.isResetTokenValid(token)).toBe(true);
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const sentBefore = t.sent.length;
    await expect(t.customers.requestPasswordReset({ email: 'kimse@example.com' })).resolves.toBeUndefined();
    await t.customers.drainMail();
    expect(t.sent.length).toBe(sentBefore);
  });

  it('stores only the hash of the reset token', async () => {
    const token = await requestReset();
    expect(await tableText(t.database, 'password_resets')).not.toContain(token);
  });

  it(`keeps at most ${MAX_OPEN_RESETS} links open per account, answering further requests the same`, async () => {
    for (let i = 0; i < MAX_OPEN_RESETS + 2; i++)
      await t.customers.requestPasswordReset({ email: ayse.email });
    await t.customers.drainMail();
    expect(t.sent.filter((m) => m.subject === 'Şifre sıfırlama isteğiniz')).toHaveLength(MAX_OPEN_RESETS);
  });
});

describe('password reset', () => {
  it('sets the new password: the old one no longer logs in', async () => {
    const token = await requestReset();
    await t.customers.resetPassword({ token, password: NEW_PASSWORD });
    expect((await rejection(login(ayse.password))).code).toBe('GIRIS_HATALI');
    expect((await login(NEW_PASSWORD)).customer.email).toBe(ayse.email);
  });

  it('works once: a used link gives TOKEN_GECERSIZ', async () => {
    const token = await requestReset();
    await t.customers.resetPassword({ token, password: NEW_PASSWORD });
    const again = await rejection(t.customers.resetPassword({ token, password: 'bir-başkası-3' }));
    expect(again.code).toBe('TOKEN_GECERSIZ');
    expect(again.message).toContain('geçersiz ya da süresi dolmuş');
    expect(await t.customers.isResetTokenValid(token)).toBe(false);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const token = await requestReset();
    const results = await Promise.allSettled([
      t.customers.resetPassword({ token, password: 'birinci-şifre-1' }),
      t.customers.resetPassword({ token, password: 'ikinci-şifre-2' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('expires after an hour with TOKEN_GECERSIZ', async () => {
    const token = await requestReset();
    t.clock.advance(60 * MINUTE);
    expect((await rejection(t.customers.resetPassword({ token, password: NEW_PASSWORD }))).code).toBe(
      'TOKEN_GECERSIZ',
    );
    expect((await login(ayse.password)).customer.email).toBe(ayse.email);
  });

  it('is still valid a moment before the hour is up', async () => {
    const token = await requestReset();
    t.clock.advance(60 * MINUTE - 1000);
    await t.customers.resetPassword({ token, password: NEW_PASSWORD });
  });

  it('ends all sessions of the account', async () => {
    const sessions = [await login(ayse.password), await login(ayse.password)];
    const token = await requestReset();
    await t.customers.resetPassword({ token, password: NEW_PASSWORD });
    for (const s of sessions) expect(await t.customers.authenticate(s.token)).toBeNull();
  });

  it('makes the other open links of the account unusable', async () => {
    const first = await requestReset();
    const second = await requestReset();
    await t.customers.resetPassword({ token: second, password: NEW_PASSWORD });
    expect(
      (await rejection(t.customers.resetPassword({ token: first, password: 'başka-şifre-9' }))).code,
    ).toBe('TOKEN_GECERSIZ');
  });

  it('refuses an unknown or malformed token with TOKEN_GECERSIZ', async () => {
    for (const token of ['A'.repeat(43), 'kısa']) {
      expect((await rejection(t.customers.resetPassword({ token, password: NEW_PASSWORD }))).code).toBe(
        'TOKEN_GECERSIZ',
      );
    }
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const token = await requestReset();
    const err = await rejection(t.customers.resetPassword({ token, password: 'kısa' }));
    expect(err.code).toBe('GECERSIZ_ISTEK');
    expect(err.fields).toEqual({ password: 'Şifre en az 8 karakter olmalı' });
    expect(await t.customers.isResetTokenValid(token)).toBe(true);
  });

  it('ends the login throttle: the e-mail proves who is asking', async () => {
    for (let i = 0; i < 5; i++) await rejection(login('yanlış-şifre'));
    expect((await rejection(login(ayse.password))).code).toBe('COK_FAZLA_DENEME');
    const token = await requestReset();
    await t.customers.resetPassword({ token, password: NEW_PASSWORD });
    expect((await login(NEW_PASSWORD)).customer.email).toBe(ayse.email);
  });
});
