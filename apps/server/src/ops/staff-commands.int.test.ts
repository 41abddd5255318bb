import { execFile } from 'node:child_process';
import path from 'node:path';
import { totpCodeAt } from '@vitrin/core/staff/totp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandWorld } from '../../test/commands.ts';
import { tempDir } from '../../test/server.ts';
import { controlSocketPath, startControlServer } from './control.ts';

const c = commandWorld();
const run = (...args: string[]) => c.run(...args);
const failure = (...args: string[]) => c.failure(...args);
const lastEntry = async (entity: string) => (await c.services.audit.page({ entity })).items[0];

describe('npm run vitrin -- staff create', () => {
  it('makes an owner with the given password and two-step verification ready, who logs in with both', async () => {
    const out = await run(
      'staff',
      'create',
      'Sahip@Magaza.test',
      '--role',
      'owner',
      '--password',
      'ilk-sahip-şifresi',
      '--name',
      'Mağaza Sahibi',
    );
    expect(out).toContain('Personel hesabı açıldı: sahip@magaza.test (Sahip).');
    expect(out).toContain('Şifre: ilk-sahip-şifresi');
    const uri = /otpauth:\/\/\S+/.exec(out)![0];
    const secret = new URL(uri).searchParams.get('secret')!;
    const login = await c.services.staff.login(
      { email: 'sahip@magaza.test', password: 'ilk-sahip-şifresi', code: totpCodeAt(secret, new Date()) },
      { ip: '10.0.0.1' },
    );
    expect(login.account).toMatchObject({ name: 'Mağaza Sahibi', role: 'owner' });
    expect(await lastEntry('staff')).toMatchObject({
      actor: { kind: 'cli' },
      action: 'staff.create',
      after: { email: 'sahip@magaza.test', role: 'owner', totpEnabled: true },
    });
  });

  it('generates a password when none is given, and names the member after the e-mail', async () => {
    const out = await run('staff', 'create', 'destek@magaza.test', '--role', 'support');
    const password = /Şifre: (\S+)/.exec(out)![1]!;
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const rows = await c.services.staff.list();
    expect(rows.find((r) => r.email === 'destek@magaza.test')).toMatchObject({
      name: 'destek',
      role: 'support',
      totpEnabled: true,
    });
  });

  it.each([
    ['no role', ['staff', 'create', 'a@magaza.test'], 'GECERSIZ_ROL'],
    ['an unknown role', ['staff', 'create', 'a@magaza.test', '--role', 'patron'], 'GECERSIZ_ROL'],
    [
      'a short password',
      ['staff', 'create', 'a@magaza.test', '--role', 'owner', '--password', 'kisa'],
      'GECERSIZ_SIFRE',
    ],
    ['a malformed e-mail', ['staff', 'create', 'a@', '--role', 'owner'], 'GECERSIZ_ISTEK'],
    [
      'an unknown option',
      ['staff', 'create', 'a@magaza.test', '--role', 'owner', '--yetki', 'tam'],
      'KOMUT_GECERSIZ',
    ],
    ['an option without value', ['staff', 'create', 'a@magaza.test', '--role'], 'KOMUT_GECERSIZ'],
    ['no e-mail', ['staff', 'create'], 'KOMUT_GECERSIZ'],
  ])('refuses %s, making no account', async (_what, args, code) => {
    const before = (await c.services.staff.list()).length;
    const err = await failure(...args);
    expect(err.code).toBe(code);
    expect((await c.services.staff.list()).length).toBe(before);
  });

  it('refuses an e-mail a staff member has', async () => {
    await run('staff', 'create', 'ikinci@magaza.test', '--role', 'manager');
    const err = await failure('staff', 'create', 'IKINCI@Magaza.test', '--role', 'manager');
    expect(err.code).toBe('EPOSTA_KAYITLI');
  });
});

describe('CLI changes in the audit log', () => {
  it('records a settings change (maintenance too) as the CLI, with the value before and after', async () => {
    await run('settings', 'set', 'is_online', '0');
    expect(await lastEntry('settings')).toMatchObject({
      actor: { kind: 'cli' },
      action: 'settings.set',
      entityId: 'is_online',
      before: { is_online: 1 },
      after: { is_online: 0 },
    });
    await run('settings', 'set', 'is_online', '1');
    expect((await lastEntry('settings'))!.after).toEqual({ is_online: 1 });
  });

  it('records an order status change as the CLI', async () => {
    const { orderNo } = await c.w.placeOrder();
    await run('order', 'status', orderNo, '1', '--note', 'Paketleniyor');
    expect(await lastEntry('order')).toMatchObject({
      actor: { kind: 'cli' },
      action: 'order.status',
      entityId: orderNo,
      before: { status: 0 },
      after: { status: 1, note: 'Paketleniyor' },
    });
  });
});

describe('staff create through a running server', () => {
  const dir = tempDir();
  let stop: () => Promise<void>;
  beforeAll(async () => {
    stop = await startControlServer(controlSocketPath(dir.dir), c.services);
  });
  afterAll(async () => {
    await stop();
    dir.remove();
  });

  it('is carried out by the server holding the database (control socket)', async () => {
    const cliPath = path.join(import.meta.dirname, '../cli.ts');
    const result = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', cliPath, 'staff', 'create', 'uzak@magaza.test', '--role', 'manager'],
        { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir.dir }, timeout: 60_000 },
        (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
      );
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Personel hesabı açıldı: uzak@magaza.test (Yönetici).');
    expect(result.stdout).toMatch(/otpauth:\/\/totp\/Vitrin:uzak%40magaza\.test\?/);
    expect((await c.services.staff.list()).some((r) => r.email === 'uzak@magaza.test')).toBe(true);
  });
});
