import { type Accounts, ayse, openAccounts, rejection } from '@vitrin/testing/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

describe('register', () => {
  let t: Accounts;
  beforeAll(async () => {
    t = await openAccounts();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.dispose());

  it('creates the account, logs it in and writes the welcome e-mail to the outbox', async () => {
    const { token, customer, remember } = await t.customers.register({
      ...ayse,
      email: '  Ayse@Example.COM ',
    });
    expect(customer).toEqual({
      id: expect.any(Number),
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      email: 'ayse@example.com',
      phone: '+905321234567',
      wholesale: false,
      marketingConsent: false,
    });
    expect(remember).toBe(false);
    expect(await t.customers.authenticate(token)).toEqual(customer);

    const files = await t.outboxFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^To: ayse@example\.com\r$/m);
    expect(t.sent[0]).toMatchObject({ to: 'ayse@example.com', subject: "Vitrin Atölye'ye hoş geldiniz" });
    expect(t.sent[0]?.text).toContain('Merhaba Ayşe,');
  });

  it('stores the KVKK acknowledgement and the marketing consent with their time', async () => {
    await t.customers.register(ayse);
    await t.customers.register({ ...ayse, email: 'izinli@example.com', marketingConsent: true });
    const rows = await t.database.query<{
      email: string;
      kvkk_accepted_at: Date;
      marketing_consent: boolean;
      marketing_consent_at: Date | null;
    }>('select email, kvkk_accepted_at, marketing_consent, marketing_consent_at from customers order by id');
    const at = t.clock.now().toISOString();
    expect(rows.map((r) => [r.email, r.kvkk_accepted_at.toISOString(), r.marketing_consent])).toEqual([
      ['ayse@example.com', at, false],
      ['izinli@example.com', at, true],
    ]);
    expect(rows[0]?.marketing_consent_at).toBeNull();
    expect(rows[1]?.marketing_consent_at?.toISOString()).toBe(at);
  });

  it('refuses a taken e-mail address in any letter case with EPOSTA_KAYITLI', async () => {
    await t.customers.register(ayse);
    const err = await rejection(t.customers.register({ ...ayse, email: 'AYSE@example.com' }));
    expect(err.code).toBe('EPOSTA_KAYITLI');
    expect(err.message).toContain('Bu e-posta adresiyle kayıtlı bir hesap zaten var');
    expect(err.fields).toEqual({ email: 'Bu e-posta adresi zaten kayıtlı' });
  });

  it('lets only one of two simultaneous registrations with one address through', async () => {
    const results = await Promise.allSettled([t.customers.register(ayse), t.customers.register(ayse)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected');
    expect((failed as PromiseRejectedResult).reason.code).toBe('EPOSTA_KAYITLI');
  });

  it('refuses a phone number that is not a Turkish mobile with GECERSIZ_ISTEK on the phone field', async () => {
    const err = await rejection(t.customers.register({ ...ayse, phone: '0212 123 45 67' }));
    expect(err.code).toBe('GECERSIZ_ISTEK');
    expect(err.fields).toEqual({ phone: 'Telefon numarası 05XX XXX XX XX biçiminde olmalı' });
  });

  it('refuses a password shorter than 8 characters', async () => {
    const err = await rejection(t.customers.register({ ...ayse, password: 'kısa123' }));
    expect(err.code).toBe('GECERSIZ_ISTEK');
    expect(err.fields).toEqual({ password: 'Şifre en az 8 karakter olmalı' });
  });

  it('refuses a registration without the KVKK acknowledgement', async () => {
    const err = await rejection(t.customers.register({ ...ayse, kvkk: false }));
    expect(err.code).toBe('GECERSIZ_ISTEK');
    expect(err.fields).toEqual({ kvkk: 'KVKK aydınlatma metnini onaylamanız gerekiyor' });
    expect(await t.database.query('select id from customers')).toHaveLength(0);
  });

  it('refuses a malformed e-mail address', async () => {
    const err = await rejection(t.customers.register({ ...ayse, email: 'ayse@example' }));
    expect(err.fields).toEqual({ email: 'Geçerli bir e-posta adresi girin' });
  });

  it('stores only a scrypt hash of the password', async () => {
    await t.customers.register(ayse);
    const [row] = await t.database.query<{ password_hash: string }>('select password_hash from customers');
    expect(row?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(row?.password_hash).not.toContain(ayse.password);
  });
});

describe('register with a failing mail server', () => {
  it('still creates the account and logs that the welcome e-mail was not sent', async () => {
    const t = await openAccounts({ failingMailer: true });
    try {
      const { customer } = await t.customers.register(ayse);
      await t.customers.drainMail();
      expect(customer.email).toBe('ayse@example.com');
      expect(t.logged).toEqual([
        {
          message: 'account e-mail not sent',
          fields: { mail: 'welcome', customerId: customer.id, reason: 'SMTP sunucusu yanıt vermiyor' },
        },
      ]);
      expect(JSON.stringify(t.logged)).not.toContain('ayse@example.com');
    } finally {
      await t.dispose();
    }
  });
});
