import { openTestDatabase } from '@vitrin/testing/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCache } from '../cache.ts';
import type { Database } from '../db/client.ts';
import { DomainError } from '../errors.ts';
import { createSettingsService } from './service.ts';

describe('settings', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let settings: ReturnType<typeof createSettingsService>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
    settings = createSettingsService(database.db, createCache());
  });
  afterAll(() => dispose());

  it('answers defaults for settings never written', async () => {
    expect(await settings.get('is_online')).toBe(1);
    expect(await settings.get('maintenance_retry_after')).toBe(3600);
  });

  it('stores a valid value and reads it back typed', async () => {
    expect(await settings.set('is_online', '0')).toBe(0);
    expect(await settings.get('is_online')).toBe(0);
    await settings.set('usd_rate', '41.3');
    expect(await settings.get('usd_rate')).toBe('41.3');
  });

  it('keeps the bank accounts as JSON, so they read back as written', async () => {
    const accounts = [{ bank: 'Ziraat', holder: 'Atölye', iban: 'TR330006100519786457841326' }];
    expect(await settings.set('bank_accounts', JSON.stringify(accounts))).toEqual(accounts);
    const fresh = createSettingsService(database.db, createCache());
    expect(await fresh.get('bank_accounts')).toEqual(accounts);
  });

  const bad: Array<[string, string, string]> = [
    ['is_online', '2', 'Değer 0 ya da 1 olmalıdır.'],
    ['is_online', 'evet', 'Değer 0 ya da 1 olmalıdır.'],
    ['usd_rate', '41,25', 'Kur, nokta ile ayrılmış pozitif bir sayı'],
    ['usd_rate', '0', 'Kur sıfırdan büyük olmalıdır.'],
    ['eur_rate', '-3', 'Kur, nokta ile ayrılmış pozitif bir sayı'],
    ['unvan', '   ', 'Boş olamaz.'],
    ['unvan', 'x'.repeat(201), 'En fazla 200 karakter'],
    ['contact_email', 'merhaba', 'Geçerli bir e-posta adresi girin.'],
    ['logo', '../../etc/passwd', 'Görsel yolu'],
    ['maintenance_retry_after', '5', 'En az 60 saniye'],
    ['tax_id', '123456789', 'VKN 10, TCKN 11 rakam olmalıdır.'],
    ['tax_id', '10000000147', 'TCKN geçersiz'],
    ['mersis_no', '12345', 'MERSİS numarası 16 rakam olmalıdır.'],
    [
      'bank_accounts',
      '[{"bank":"Ziraat","holder":"Atölye","iban":"TR330006100519786457841327"}]',
      'IBAN geçersiz: kontrol basamakları tutmuyor.',
    ],
  ];
  it.each(bad)('refuses %s = %j with AYAR_DEGERI_GECERSIZ', async (key, value, message) => {
    const error = await settings.set(key, value).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('AYAR_DEGERI_GECERSIZ');
    expect((error as DomainError).message).toContain(message);
  });

  it('refuses an unknown key with AYAR_BILINMIYOR and lists the known ones', async () => {
    const error = await settings.set('is_offline', '1').catch((e: unknown) => e);
    expect((error as DomainError).code).toBe('AYAR_BILINMIYOR');
    expect((error as DomainError).message).toContain('is_online');
  });

  it('leaves the stored value untouched after a refused change', async () => {
    await settings.set('unvan', 'Atölye A.Ş.');
    await settings.set('unvan', '').catch(() => {});
    expect(await settings.get('unvan')).toBe('Atölye A.Ş.');
  });

  it('falls back to the default when a stored value no longer parses', async () => {
    await database.query("update settings set value = 'bozuk' where key = 'is_online'");
    const fresh = createSettingsService(database.db, createCache());
    expect(await fresh.get('is_online')).toBe(1);
  });
});
