import {
  type Accounts,
  ayse,
  homeAddress,
  openAccounts,
  person,
  rejection,
  SHOP_URL,
  tableText,
} from '@vitrin/testing/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewSession } from './service.ts';

const MINUTE = 60_000;

const home = homeAddress;

let t: Accounts;
let me: NewSession;
beforeAll(async () => {
  t = await openAccounts();
});
beforeEach(async () => {
  await t.reset();
  me = await t.customers.register(ayse);
});
afterAll(() => t.dispose());

const login = (password: string, email = ayse.email) => t.customers.login({ email, password });

describe('profile', () => {
  it('changes name and phone', async () => {
    const updated = await t.customers.updateProfile(me.customer.id, {
      firstName: 'Ayşe Nur',
      lastName: 'Demir',
      phone: '+90 (555) 987 65 43',
    });
    expect(updated).toMatchObject({ firstName: 'Ayşe Nur', lastName: 'Demir', phone: '+905559876543' });
    expect(await t.customers.authenticate(me.token)).toEqual(updated);
  });

  it('refuses a bad phone number with a field message', async () => {
    const err = await rejection(
      t.customers.updateProfile(me.customer.id, { firstName: 'Ayşe', lastName: 'Yılmaz', phone: '12345' }),
    );
    expect(err.code).toBe('GECERSIZ_ISTEK');
    expect(err.fields).toEqual({ phone: 'Telefon numarası 05XX XXX XX XX biçiminde olmalı' });
  });
});

describe('e-mail change', () => {
  it('needs the right password: a wrong one gives SIFRE_HATALI and changes nothing', async () => {
    const err = await rejection(
      t.customers.changeEmail(me.customer.id, { email: 'yeni@example.com', password: 'yanlış-şifre' }),
    );
    expect(err.code).toBe('SIFRE_HATALI');
    expect(err.fields).toEqual({ password: 'Şifreniz hatalı' });
    expect((await t.customers.profile(me.customer.id)).email).toBe(ayse.email);
  });

  it('logs in with the new address afterwards, not the old one', async () => {
    const updated = await t.customers.changeEmail(me.customer.id, {
      email: 'Yeni@Example.com',
      password: ayse.password,
    });
    expect(updated.email).toBe('yeni@example.com');
    expect((await login(ayse.password, 'yeni@example.com')).customer.id).toBe(me.customer.id);
    expect((await rejection(login(ayse.password))).code).toBe('GIRIS_HATALI');
  });

  it('tells the old address, with the new one masked and a way to reach the shop', async () => {
    await t.customers.changeEmail(me.customer.id, {
      email: 'yeni.adres@example.com',
      password: ayse.password,
    });
    await t.customers.drainMail();
    const notices = t.sent.filter((m) => m.subject === 'Hesabınızın e-posta adresi değiştirildi');
    expect(notices.map((m) => m.to)).toEqual([ayse.email]);
    expect(notices[0]!.text).toContain('y***@example.com');
    expect(notices[0]!.text).not.toContain('yeni.adres@');
    expect(notices[0]!.text).toContain(`${SHOP_URL}/contact`);
  });

  it('sends no notice when the address stays the same or the password is wrong', async () => {
    await t.customers.changeEmail(me.customer.id, { email: ayse.email, password: ayse.password });
    await rejection(
      t.customers.changeEmail(me.customer.id, { email: 'b@example.com', password: 'yanlış-1' }),
    );
    await t.customers.drainMail();
    expect(t.sent.filter((m) => m.subject === 'Hesabınızın e-posta adresi değiştirildi')).toEqual([]);
  });

  it('refuses an address another account has with EPOSTA_KAYITLI', async () => {
    await t.customers.register(person(2));
    const err = await rejection(
      t.customers.changeEmail(me.customer.id, { email: person(2).email, password: ayse.password }),
    );
    expect(err.code).toBe('EPOSTA_KAYITLI');
  });

  it('throttles wrong passwords like a login, without locking the owner out of logging in', async () => {
    for (let i = 0; i < 4; i++) {
      await rejection(
        t.customers.changeEmail(me.customer.id, { email: 'x@example.com', password: 'yanlış-1' }),
      );
    }
    const fifth = await rejection(
      t.customers.changeEmail(me.customer.id, { email: 'x@example.com', password: 'yanlış-1' }),
    );
    expect(fifth.code).toBe('COK_FAZLA_DENEME');
    expect((await login(ayse.password)).customer.email).toBe(ayse.email);
  });
});

describe('password change', () => {
  it('needs the current password', async () => {
    const err = await rejection(
      t.customers.changePassword(me.token, {
        currentPassword: 'yanlış-şifre',
        newPassword: 'yepyeni-şifre-2',
      }),
    );
    expect(err.code).toBe('SIFRE_HATALI');
    expect(err.fields).toEqual({ currentPassword: 'Şifreniz hatalı' });
  });

  it('ends the other sessions, keeps the current one, and retires the old password', async () => {
    const other = await login(ayse.password);
    await t.customers.changePassword(me.token, {
      currentPassword: ayse.password,
      newPassword: 'yepyeni-şifre-2',
    });
    expect(await t.customers.authenticate(other.token)).toBeNull();
    expect(await t.customers.authenticate(me.token)).not.toBeNull();
    expect((await rejection(login(ayse.password))).code).toBe('GIRIS_HATALI');
    expect((await login('yepyeni-şifre-2')).customer.id).toBe(me.customer.id);
  });

  it('makes an open reset link unusable', async () => {
    await t.customers.requestPasswordReset({ email: ayse.email });
    const token = await t.resetTokenFor(ayse.email);
    await t.customers.changePassword(me.token, {
      currentPassword: ayse.password,
      newPassword: 'yepyeni-şifre-2',
    });
    expect(await t.customers.isResetTokenValid(token)).toBe(false);
  });
});

describe('marketing consent', () => {
  const consentRow = async () =>
    (
      await t.database.query<{ marketing_consent: boolean; marketing_consent_at: Date | null }>(
        'select marketing_consent, marketing_consent_at from customers where id = $1',
        [me.customer.id],
      )
    )[0]!;

  it('stores the time it was given and the time it was withdrawn', async () => {
    t.clock.advance(5 * MINUTE);
    const given = t.clock.now();
    expect(
      (await t.customers.setMarketingConsent(me.customer.id, { marketingConsent: true })).marketingConsent,
    ).toBe(true);
    expect(await consentRow()).toEqual({ marketing_consent: true, marketing_consent_at: given });

    t.clock.advance(5 * MINUTE);
    await t.customers.setMarketingConsent(me.customer.id, { marketingConsent: true });
    expect((await consentRow()).marketing_consent_at).toEqual(given);

    t.clock.advance(5 * MINUTE);
    await t.customers.setMarketingConsent(me.customer.id, { marketingConsent: false });
    expect(await consentRow()).toEqual({ marketing_consent: false, marketing_consent_at: t.clock.now() });
  });
});

describe('data export', () => {
  it('holds profile, consents and addresses, and no hash', async () => {
    await t.addresses.create(me.customer.id, home);
    const data = await t.customers.exportData(me.customer.id);
    expect(data.profile).toMatchObject({
      email: ayse.email,
      phone: '+905321234567',
      createdAt: expect.any(String),
    });
    expect(data.consents).toEqual({
      kvkkAcceptedAt: '2026-11-23T10:00:00.000Z',
      marketingConsent: false,
      marketingConsentAt: null,
      history: [],
    });
    expect(data.addresses).toHaveLength(1);
    expect(data.addresses[0]).toMatchObject({ district: 'Kadıköy', province: 'İstanbul' });
    const text = JSON.stringify(data);
    expect(JSON.parse(text)).toEqual(data);
    expect(text).not.toMatch(/scrypt|hash|token|failed|locked/i);
  });
});

describe('account deletion', () => {
  it('needs the password', async () => {
    const err = await rejection(t.customers.deleteAccount(me.customer.id, { password: 'yanlış-şifre' }));
    expect(err.code).toBe('SIFRE_HATALI');
    expect((await t.customers.profile(me.customer.id)).email).toBe(ayse.email);
  });

  it('anonymises the row, deletes addresses and sessions, and the old credentials no longer log in', async () => {
    await t.addresses.create(me.customer.id, home);
    await t.customers.requestPasswordReset({ email: ayse.email });
    await t.customers.drainMail();
    // A browser it logged in from (a device cookie) and a wrong password counted for its address.
    await login(ayse.password);
    await rejection(login('yanlış-şifre'));
    await t.customers.deleteAccount(me.customer.id, { password: ayse.password });

    const [row] = await t.database.query<Record<string, unknown>>('select * from customers where id = $1', [
      me.customer.id,
    ]);
    expect(row).toMatchObject({
      first_name: 'Silinmiş',
      last_name: '',
      email: `deleted-${me.customer.id}@invalid`,
      phone: null,
      wholesale: false,
      marketing_consent: false,
      deleted_at: t.clock.now(),
    });
    expect(row?.password_hash).not.toMatch(/^scrypt\$/);
    expect(JSON.stringify(row)).not.toMatch(/Ayşe|Yılmaz|ayse@|5321234567/);
    for (const table of ['addresses', 'sessions', 'password_resets', 'login_devices']) {
      expect(await t.database.query(`select id from ${table}`), table).toHaveLength(0);
    }
    expect(await tableText(t.database, 'login_failures')).not.toContain('ayse@');
    expect(await t.customers.authenticate(me.token)).toBeNull();
    expect((await rejection(login(ayse.password))).code).toBe('GIRIS_HATALI');
    expect((await rejection(t.customers.profile(me.customer.id))).code).toBe('HESAP_BULUNAMADI');
  });

  it('frees the e-mail address for a new registration', async () => {
    await t.customers.deleteAccount(me.customer.id, { password: ayse.password });
    const again = await t.customers.register(ayse);
    expect(again.customer.id).not.toBe(me.customer.id);
  });
});

describe('wholesale flag', () => {
  it('is set and cleared by e-mail address and shows in the profile', async () => {
    expect((await t.customers.setWholesale(' AYSE@example.com ', true)).wholesale).toBe(true);
    expect((await t.customers.authenticate(me.token))?.wholesale).toBe(true);
    expect((await t.customers.setWholesale(ayse.email, false)).wholesale).toBe(false);
  });

  it('refuses an unknown address with HESAP_BULUNAMADI', async () => {
    const err = await rejection(t.customers.setWholesale('kimse@example.com', true));
    expect(err.code).toBe('HESAP_BULUNAMADI');
    expect(err.message).toContain('kimse@example.com');
  });
});
