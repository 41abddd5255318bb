import { auditLog, settings } from '@vitrin/core/db/schema';
import { VALIDATION_MESSAGES } from '@vitrin/shared/email';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

const BYPASS = 'bakim-anahtari-0123456789';
const IBAN = 'TR330006100519786457841326';
let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: Browser;
let ownerId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: false, config: { maintenanceBypassKey: BYPASS } });
  ({
    b: owner,
    member: { id: ownerId },
  } = await loggedInStaff(t.app, t.services, 'owner'));
});
afterAll(() => t.close());

const storedRows = async () =>
  Object.fromEntries((await t.services.database.db.select().from(settings)).map((r) => [r.key, r.value]));
const storefrontWrite = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/front/client-errors',
    payload: { kind: 'render', message: 'Bir hata', url: 'http://localhost/' },
  });

describe('settings in the panel', () => {
  it('shows the settings and whether the bypass key is set, never the key', async () => {
    const res = await owner.get('/api/admin/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({
      is_online: true,
      shipping_fee: 4990,
      free_shipping_threshold: 75_000,
      cod_fee: 2990,
      usd_rate: '1',
      bank_accounts: [{ bank: 'Türkiye İş Bankası', iban: IBAN }],
    });
    expect(res.json().maintenance).toEqual({ bypassKeySet: true });
    expect(res.body).not.toContain(BYPASS);
  });

  it('switches maintenance on (the storefront answers 503) and off again', async () => {
    const on = await owner.patch('/api/admin/settings', { is_online: false });
    expect(on.statusCode).toBe(200);
    expect(on.json().settings.is_online).toBe(false);
    expect((await storefrontWrite()).statusCode).toBe(503);
    expect((await t.app.inject('/api/front/home')).json().global_setting.is_online).toBe(0);
    // Staff keep working meanwhile.
    const off = await owner.patch('/api/admin/settings', { is_online: true });
    expect(off.statusCode).toBe(200);
    expect((await storefrontWrite()).statusCode).toBe(204);
    expect((await t.app.inject('/api/front/home')).json().global_setting.is_online).toBe(1);
  });

  it('saves a section together: identity, contact, bank accounts, fees and rates, read back at once', async () => {
    const res = await owner.patch('/api/admin/settings', {
      unvan: 'Kadıköy Atölye Ltd. Şti.',
      tax_id: '1234567890',
      tax_office: 'Kadıköy',
      mersis_no: '0123456789012345',
      contact_address: 'Moda Cad. No: 1\nKadıköy/İstanbul',
      contact_email: 'iletisim@atolye.test',
      order_email: '',
      contact_phone: '+90 (216) 555-01-42',
      bank_accounts: [{ bank: 'Ziraat', holder: 'Kadıköy Atölye', iban: 'tr33 0006 1005 1978 6457 8413 26' }],
      shipping_fee: '3990',
      free_shipping_threshold: 50_000,
      cod_fee: 0,
      usd_rate: '41,25',
      eur_rate: '47.8',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({
      unvan: 'Kadıköy Atölye Ltd. Şti.',
      tax_id: '1234567890',
      bank_accounts: [{ bank: 'Ziraat', holder: 'Kadıköy Atölye', iban: IBAN }],
      shipping_fee: 3990,
      usd_rate: '41.25',
    });
    expect(await t.services.settings.get('bank_accounts')).toEqual([
      { bank: 'Ziraat', holder: 'Kadıköy Atölye', iban: IBAN },
    ]);
    expect(await t.services.settings.get('shipping_fee')).toBe(3990);
    const home = (await t.app.inject('/api/front/home')).json().global_setting;
    expect(home).toMatchObject({ unvan: 'Kadıköy Atölye Ltd. Şti.', usd_rate: '41.25' });
  });

  it('records one audit entry per changed setting with its before and after, none for an unchanged one', async () => {
    await owner.patch('/api/admin/settings', { cod_fee: 1990, eur_rate: '50' });
    await owner.patch('/api/admin/settings', { cod_fee: 2490, eur_rate: '50' });
    const rows = await t.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.staffId, ownerId)))
      .orderBy(auditLog.id);
    const last = rows.slice(-3).map((r) => [r.entityId, r.before, r.after]);
    expect(last).toEqual([
      ['cod_fee', { cod_fee: 0 }, { cod_fee: 1990 }],
      ['eur_rate', { eur_rate: '47.8' }, { eur_rate: '50' }],
      ['cod_fee', { cod_fee: 1990 }, { cod_fee: 2490 }],
    ]);
  });

  it('is for owners only: a manager and support get 403 YETKI_YOK', async () => {
    for (const role of ['manager', 'support'] as const) {
      const { b } = await loggedInStaff(t.app, t.services, role);
      for (const res of [
        await b.get('/api/admin/settings'),
        await b.patch('/api/admin/settings', { cod_fee: 1 }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('YETKI_YOK');
      }
    }
  });

  const MONEY = 'Kuruş olarak 0 ya da daha büyük bir tam sayı girin (ör. 4990 = 49,90 TL)';
  const RATE = 'Kur sıfırdan büyük bir sayı olmalı, en çok 4 ondalık (ör. 41,25)';
  const bank = (change: Record<string, unknown>) => ({
    bank_accounts: [{ bank: 'Ziraat', holder: 'Atölye', iban: IBAN, ...change }],
  });
  it.each([
    ['nothing to change', {}, '_', 'Değiştirilecek bir ayar gönderin'],
    ['a blank unvan', { unvan: '  ' }, 'unvan', 'Ticari unvanı girin'],
    ['an unvan too long', { unvan: 'a'.repeat(201) }, 'unvan', 'Ticari unvan en fazla 200 karakter olabilir'],
    ['a blank shop name', { brand_name: '' }, 'brand_name', 'Mağaza adını girin'],
    ['a tax number of 9 digits', { tax_id: '123456789' }, 'tax_id', 'VKN 10 rakam, TCKN 11 rakam olmalı'],
    ['a tax number with letters', { tax_id: '12345A7890' }, 'tax_id', 'VKN 10 rakam, TCKN 11 rakam olmalı'],
    [
      'a TCKN whose check digits fail',
      { tax_id: '10000000147' },
      'tax_id',
      'TCKN geçersiz: kontrol basamakları tutmuyor',
    ],
    [
      'a tax office too long',
      { tax_office: 'a'.repeat(81) },
      'tax_office',
      'Vergi dairesi en fazla 80 karakter olabilir',
    ],
    [
      'a MERSİS number of 15 digits',
      { mersis_no: '012345678901234' },
      'mersis_no',
      'MERSİS numarası 16 rakam olmalı',
    ],
    [
      'an address too long',
      { contact_address: 'a'.repeat(301) },
      'contact_address',
      'Adres en fazla 300 karakter olabilir',
    ],
    [
      'an address with a control character',
      { contact_address: 'Moda\u0000' },
      'contact_address',
      'Bu alanda kullanılamayan görünmez bir karakter var; lütfen metni yeniden yazın',
    ],
    [
      'a phone with letters',
      { contact_phone: '0216 ABC' },
      'contact_phone',
      'Telefon yalnızca rakam, boşluk, +, ( ) ve - içerebilir',
    ],
    [
      'a malformed contact e-mail',
      { contact_email: 'iletisim@atolye' },
      'contact_email',
      VALIDATION_MESSAGES.invalidEmail,
    ],
    ['a blank contact e-mail', { contact_email: '' }, 'contact_email', VALIDATION_MESSAGES.invalidEmail],
    ['a malformed order e-mail', { order_email: 'siparis' }, 'order_email', VALIDATION_MESSAGES.invalidEmail],
    [
      'bank accounts that are no list',
      { bank_accounts: 'Ziraat' },
      'bank_accounts',
      'Banka hesapları bir liste olmalı',
    ],
    [
      'more than ten bank accounts',
      { bank_accounts: Array.from({ length: 11 }, () => bank({}).bank_accounts[0]) },
      'bank_accounts',
      'En fazla 10 banka hesabı olabilir',
    ],
    ['a bank account without a bank', bank({ bank: ' ' }), 'bank_accounts.0.bank', 'Banka adını girin'],
    [
      'a bank account without a holder',
      bank({ holder: '' }),
      'bank_accounts.0.holder',
      'Hesap sahibini girin',
    ],
    [
      'an IBAN of another country',
      bank({ iban: 'DE89370400440532013000' }),
      'bank_accounts.0.iban',
      'IBAN TR ile başlamalı ve ardından 24 rakam gelmeli',
    ],
    [
      'an IBAN too short',
      bank({ iban: 'TR33000610051978645784132' }),
      'bank_accounts.0.iban',
      'IBAN TR ile başlamalı ve ardından 24 rakam gelmeli',
    ],
    [
      'an IBAN whose check digits fail',
      bank({ iban: 'TR330006100519786457841327' }),
      'bank_accounts.0.iban',
      'IBAN geçersiz: kontrol basamakları tutmuyor, numarayı kontrol edin',
    ],
    ['a negative shipping fee', { shipping_fee: -1 }, 'shipping_fee', MONEY],
    ['a shipping fee in lira with a comma', { shipping_fee: '49,90' }, 'shipping_fee', MONEY],
    [
      'a free-shipping threshold that is no number',
      { free_shipping_threshold: 'yok' },
      'free_shipping_threshold',
      MONEY,
    ],
    ['a fractional cash-on-delivery fee', { cod_fee: 29.9 }, 'cod_fee', MONEY],
    ['a zero dollar rate', { usd_rate: '0' }, 'usd_rate', RATE],
    ['a negative euro rate', { eur_rate: '-47' }, 'eur_rate', RATE],
    ['a rate with five decimals', { usd_rate: '41.12345' }, 'usd_rate', RATE],
    ['a rate that is a number, not text', { usd_rate: 41 }, 'usd_rate', RATE],
    [
      'maintenance that is not true or false',
      { is_online: 0 },
      'is_online',
      'Mağaza açık (true) ya da bakımda (false) olmalı',
    ],
  ])(
    'refuses a save with %s (400 GECERSIZ_ISTEK), saving nothing of it',
    async (_what, change, field, message) => {
      const before = await storedRows();
      // A valid change beside the bad one: it is not saved either.
      const res = await owner.patch(
        '/api/admin/settings',
        field === '_' ? change : { cod_fee: 777, ...change },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
      expect(res.json().error.fields[field]).toBe(message);
      expect(await storedRows()).toEqual(before);
    },
  );
});

describe('the nightly backup’s settings in the panel', () => {
  it('saves the time and the number kept, which the CLI reads the same', async () => {
    const res = await owner.patch('/api/admin/settings', { backup_time: '02:15', backup_keep: 14 });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({ backup_time: '02:15', backup_keep: 14 });
    expect(await t.services.settings.get('backup_keep')).toBe(14);
    const off = await owner.patch('/api/admin/settings', { backup_time: '' });
    expect(off.json().settings.backup_time).toBe('');
  });

  it.each([
    [
      'an hour past 23',
      { backup_time: '24:00' },
      'backup_time',
      'Saat SS:DD biçiminde olmalı (ör. 03:30); boş bırakılırsa gece yedeği alınmaz',
    ],
    [
      'a time without minutes',
      { backup_time: '3' },
      'backup_time',
      'Saat SS:DD biçiminde olmalı (ör. 03:30); boş bırakılırsa gece yedeği alınmaz',
    ],
    [
      'no backup kept',
      { backup_keep: 0 },
      'backup_keep',
      'Saklanacak yedek sayısı 1 ile 365 arasında bir tam sayı olmalı',
    ],
    [
      'more than a year kept',
      { backup_keep: 366 },
      'backup_keep',
      'Saklanacak yedek sayısı 1 ile 365 arasında bir tam sayı olmalı',
    ],
    [
      'a fraction kept',
      { backup_keep: 2.5 },
      'backup_keep',
      'Saklanacak yedek sayısı 1 ile 365 arasında bir tam sayı olmalı',
    ],
    [
      'a text kept',
      { backup_keep: 'yedi' },
      'backup_keep',
      'Saklanacak yedek sayısı 1 ile 365 arasında bir tam sayı olmalı',
    ],
  ])('refuses %s with a Turkish field message', async (_what, change, field, message) => {
    const before = await storedRows();
    const res = await owner.patch('/api/admin/settings', change);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await storedRows()).toEqual(before);
  });
});
