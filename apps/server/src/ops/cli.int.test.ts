import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '@vitrin/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/commands.ts';
import { createTestServices, tempDir } from '../../test/server.ts';
import { controlSocketPath, sendControlCommand, startControlServer } from './control.ts';

const cli = runCli;

describe('CLI while the server holds the embedded database (control socket)', () => {
  const dir = tempDir();
  let services: Awaited<ReturnType<typeof createTestServices>>;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    services = await createTestServices();
    stop = await startControlServer(controlSocketPath(dir.dir), services);
  });
  afterAll(async () => {
    await stop();
    await services.dispose();
    dir.remove();
  });

  it('sets a setting through the running server, which shows it at once', async () => {
    await services.home.data();
    const result = await cli(['settings', 'set', 'is_online', '0'], { DATA_DIR: dir.dir });
    expect(result.stdout.trim()).toBe('is_online = 0');
    expect(result.code).toBe(0);
    expect((await services.home.data()).global_setting.is_online).toBe(0);
  });

  it('reads a setting', async () => {
    const result = await cli(['settings', 'get', 'unvan'], { DATA_DIR: dir.dir });
    expect(result.stdout.trim()).toBe('Vitrin Atölye El Sanatları Ltd. Şti.');
  });

  it('refuses a bad value with a Turkish message and exit code 1, changing nothing', async () => {
    const result = await cli(['settings', 'set', 'is_online', 'belki'], { DATA_DIR: dir.dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('AYAR_DEGERI_GECERSIZ');
    expect(result.stderr).toContain('Değer 0 ya da 1 olmalıdır.');
    expect(await services.settings.get('is_online')).toBe(0);
  });

  it('refuses an unknown key and lists the known ones', async () => {
    const result = await cli(['settings', 'set', 'renk', 'mavi'], { DATA_DIR: dir.dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Bilinmeyen ayar "renk"');
    expect(result.stderr).toContain('is_online');
  });

  it('refuses an unknown command with the usage text', async () => {
    const result = await cli(['uçur'], { DATA_DIR: dir.dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Bilinmeyen komut "uçur"');
    expect(result.stderr).toContain('Kullanım: npm run vitrin');
  });

  it('refuses a settings command with missing arguments', async () => {
    const result = await cli(['settings', 'set', 'unvan'], { DATA_DIR: dir.dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('KOMUT_GECERSIZ');
  });

  it('answers a malformed control request with an error instead of crashing', async () => {
    const answer = await sendControlCommand(controlSocketPath(dir.dir), [42 as unknown as string]);
    expect(answer).toMatchObject({ ok: false, code: 'GECERSIZ_ISTEK' });
  });
});

describe('CLI on its own', () => {
  it('refuses a command on a data directory that holds no shop, says which, and creates nothing', async () => {
    const dir = tempDir();
    const missing = path.join(dir.dir, 'yanlis-dizin');
    try {
      const result = await cli(['settings', 'get', 'unvan'], { DATA_DIR: missing });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('VERI_DIZINI_BOS');
      expect(result.stderr).toContain(`"${missing}" veri dizininde bir mağaza veritabanı yok`);
      expect(existsSync(missing)).toBe(false);
      const help = await cli(['help'], { DATA_DIR: missing });
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('Kullanım: npm run vitrin');
      expect(existsSync(missing)).toBe(false);
    } finally {
      dir.remove();
    }
  }, 180_000);

  it('creates a database with migrate, saying where, then warns while the shop there is empty', async () => {
    const dir = tempDir();
    try {
      const created = await cli(['migrate'], { DATA_DIR: dir.dir });
      expect(created.code).toBe(0);
      expect(created.stdout).toContain(`Veri dizini: ${dir.dir} (boştu; yeni bir veritabanı oluşturuluyor).`);
      const result = await cli(['settings', 'set', 'usd_rate', '40.5'], { DATA_DIR: dir.dir });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('usd_rate = 40.5');
      expect(result.stderr).toContain(`"${dir.dir}" veri dizininde mağaza verisi yok`);
      const again = await cli(['settings', 'get', 'usd_rate'], { DATA_DIR: dir.dir });
      expect(again.stdout.trim()).toBe('40.5');
      expect(again.stderr).toBe('');
      // A list (the bank accounts) is stored and shown as the JSON it was given.
      const accounts = '[{"bank":"Ziraat","holder":"Atölye","iban":"TR330006100519786457841326"}]';
      expect((await cli(['settings', 'set', 'bank_accounts', accounts], { DATA_DIR: dir.dir })).code).toBe(0);
      const listed = await cli(['settings', 'get', 'bank_accounts'], { DATA_DIR: dir.dir });
      expect(listed.stdout.trim()).toBe(accounts);
    } finally {
      dir.remove();
    }
  }, 180_000);

  it('refuses a data directory locked by another process that offers no control socket', async () => {
    const dir = tempDir();
    const holder = await openDatabase({ dataDir: dir.dir });
    try {
      const result = await cli(['settings', 'get', 'unvan'], { DATA_DIR: dir.dir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('DATA_DIR_LOCKED');
      expect(result.stderr).toContain('başka bir Vitrin süreci tarafından kullanılıyor');
    } finally {
      await holder.close();
      dir.remove();
    }
  });

  it('refuses a malformed DATABASE_URL with a clear message', async () => {
    const bad = await cli(['settings', 'get', 'unvan'], { DATABASE_URL: 'mysql://kök:gizli@db/shop' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('DATABASE_URL_INVALID');
    expect(bad.stderr).not.toContain('gizli');
  });
});
