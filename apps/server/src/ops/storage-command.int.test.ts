import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LocalS3, startS3 } from '@vitrin/testing/s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandFailure, runCli } from '../../test/commands.ts';
import { loadConfig } from './config.ts';
import { storageCliCommand } from './storage-command.ts';

let s3: LocalS3;
let root: string;
beforeAll(async () => {
  s3 = await startS3({ bucket: 'migrate', ports: [18470, 18479] });
  root = await mkdtemp(path.join(tmpdir(), 'vitrin-migrate-'));
});
afterAll(async () => {
  await s3?.stop();
  await rm(root, { recursive: true, force: true });
});

/** A data directory with `files` (key → content) written in it. */
async function dataDir(name: string, files: Record<string, string | Buffer>) {
  const dir = path.join(root, name);
  for (const [key, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, key)), { recursive: true });
    await writeFile(path.join(dir, key), content);
  }
  return dir;
}

const bucket = () => s3.store();

const keysIn = async (prefix: string) => {
  const keys: string[] = [];
  for await (const f of bucket().list(prefix)) keys.push(f.key);
  return keys.sort();
};

const migrate = (dir: string, args: string[] = []) =>
  storageCliCommand(loadConfig({ DATA_DIR: dir, ...s3.env }), ['storage', 'migrate', ...args]);

describe('vitrin storage migrate', () => {
  it('refuses without S3_BUCKET, copying nothing', async () => {
    const dir = await dataDir('no-bucket', { 'uploads/a.webp': 'a' });
    const err = await commandFailure(
      storageCliCommand(loadConfig({ DATA_DIR: dir }), ['storage', 'migrate']),
    );
    expect(err.code).toBe('KOVA_AYARLANMAMIS');
    expect(err.message).toMatch(/S3_BUCKET ayarlı değil/);
  });

  it('says so through the real CLI with exit code 1', async () => {
    const dir = await dataDir('no-bucket-cli', {});
    const result = await runCli(['storage', 'migrate'], { DATA_DIR: dir, S3_BUCKET: '' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Hata \(KOVA_AYARLANMAMIS\): S3_BUCKET ayarlı değil/);
  });

  it('runs from the real CLI with the bucket in the environment', async () => {
    const dir = await dataDir('cli', { 'uploads/cli/a.webp': 'a', 'private/cli/b.pdf': 'b' });
    const result = await runCli(['storage', 'migrate'], { DATA_DIR: dir, ...s3.env });
    expect(result.stderr).not.toMatch(/Hata/);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`kova: ${s3.bucket} (uploads/, private/, imports/)`);
    expect(result.stdout).toContain('2 dosya kopyalandı');
    // Nothing of the keys in what it printed.
    expect(result.stdout + result.stderr).not.toContain(s3.secretAccessKey);
  });

  it('copies uploads, private and imports under the same keys once, checksummed; a second run copies nothing', async () => {
    const big = Buffer.alloc(9 * 1024 * 1024 + 17, 5);
    const dir = await dataDir('shop', {
      'uploads/products/kupa.webp': 'webp-bytes',
      'uploads/blog/kapak.jpg': 'jpeg-bytes',
      'uploads/video/tanitim.mp4': big,
      'private/tickets/7/fatura.pdf': 'pdf-bytes',
      'imports/run-3.csv': 'sku;fiyat\n',
      'cache/images/kupa-w400.webp': 'variant',
      // Not the shop's files: a write in progress and the database.
      'uploads/products/yarim.webp.1a2b3c.part': 'half',
      'pg/PG_VERSION': '17',
    });
    const first = await migrate(dir);
    expect(first).toContain('5 dosya kopyalandı');
    expect(first).toContain('0 dosya kovada zaten aynısıyla vardı');
    expect(await keysIn('')).toEqual(
      expect.arrayContaining([
        'imports/run-3.csv',
        'private/tickets/7/fatura.pdf',
        'uploads/blog/kapak.jpg',
        'uploads/products/kupa.webp',
        'uploads/video/tanitim.mp4',
      ]),
    );
    expect(await keysIn('cache/')).toEqual([]);
    expect(await keysIn('pg/')).toEqual([]);
    expect(await keysIn('uploads/products/')).toEqual(['uploads/products/kupa.webp']);
    const store = bucket();
    expect((await store.readBytes('private/tickets/7/fatura.pdf'))?.toString()).toBe('pdf-bytes');
    expect((await store.readBytes('uploads/video/tanitim.mp4'))?.equals(big)).toBe(true);
    expect(await store.head('uploads/products/kupa.webp')).toMatchObject({
      contentType: 'image/webp',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const second = await migrate(dir);
    expect(second).toContain('0 dosya kopyalandı');
    expect(second).toContain('5 dosya kovada zaten aynısıyla vardı');
  });

  it('copies a file again once it changed, and the cache with --cache', async () => {
    const dir = await dataDir('changing', {
      'uploads/degisen/logo.png': 'eski',
      'uploads/degisen/sabit.png': 's',
    });
    expect(await migrate(dir)).toContain('2 dosya kopyalandı');
    await writeFile(path.join(dir, 'uploads/degisen/logo.png'), 'yeni');
    const again = await migrate(dir);
    expect(again).toContain('1 dosya kopyalandı');
    expect(again).toContain('1 dosya kovada zaten aynısıyla vardı');
    expect((await bucket().readBytes('uploads/degisen/logo.png'))?.toString()).toBe('yeni');
    await dataDir('changing', { 'cache/images/degisen-w200.webp': 'v' });
    expect(await migrate(dir, ['--cache'])).toContain('1 dosya kopyalandı');
    expect(await keysIn('cache/images/degisen')).toEqual(['cache/images/degisen-w200.webp']);
  });

  it('skips a file the shop already put into the bucket with the same content', async () => {
    await bucket().put('uploads/onceden/a.webp', Buffer.from('aynı'));
    const dir = await dataDir('already', { 'uploads/onceden/a.webp': 'aynı' });
    expect(await migrate(dir)).toContain('0 dosya kopyalandı');
  });

  it('goes on where a run cut off by the bucket stopped', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`uploads/kesik/${i}.webp`, `görsel ${i}`]),
    );
    const dir = await dataDir('interrupted', files);
    const config = loadConfig({ DATA_DIR: dir, ...s3.env });
    let err: unknown;
    try {
      await storageCliCommand(config, ['storage', 'migrate'], (_key, _outcome, counts) => {
        // The bucket starts refusing once two files are in (those in flight then may still get in).
        if (counts.copied === 2) s3.refuseWrites(true);
      });
    } catch (e) {
      err = e;
    } finally {
      s3.refuseWrites(false);
    }
    expect(err).toMatchObject({ code: 'DEPOLAMA_KULLANILAMIYOR', status: 503 });
    const told = (err as Error).message.match(
      /Bu çalıştırmada (\d+) dosya kopyalandı; komutu yeniden çalıştırınca/,
    );
    expect(told).not.toBeNull();
    const copied = Number(told![1]);
    expect(copied).toBeGreaterThanOrEqual(2);
    expect(copied).toBeLessThan(12);
    expect(await keysIn('uploads/kesik/')).toHaveLength(copied);

    const resumed = await migrate(dir);
    expect(resumed).toContain(`${12 - copied} dosya kopyalandı`);
    expect(resumed).toContain(`${copied} dosya kovada zaten aynısıyla vardı`);
    expect(await keysIn('uploads/kesik/')).toHaveLength(12);
    for (const [key, content] of Object.entries(files)) {
      expect((await bucket().readBytes(key))?.toString()).toBe(content);
    }
  });

  it('catches a file the bucket received changed: removes it and stops with DOSYA_DOGRULANAMADI', async () => {
    const dir = await dataDir('corrupted', { 'uploads/bozuk/a.webp': 'doğru içerik' });
    s3.corruptWrites(true);
    let err: unknown;
    try {
      err = await commandFailure(migrate(dir));
    } finally {
      s3.corruptWrites(false);
    }
    expect(err).toMatchObject({ code: 'DOSYA_DOGRULANAMADI' });
    expect((err as Error).message).toContain('"uploads/bozuk/a.webp" kovaya yazıldı ama');
    expect(await keysIn('uploads/bozuk/')).toEqual([]);
    // Once the way in is sound again, the same run copies it.
    expect(await migrate(dir)).toContain('1 dosya kopyalandı');
    expect((await bucket().readBytes('uploads/bozuk/a.webp'))?.toString()).toBe('doğru içerik');
  });

  it('refuses a bucket that is not there with a clear message', async () => {
    const dir = await dataDir('missing-bucket', { 'uploads/x.webp': 'x' });
    const err = await commandFailure(
      storageCliCommand(loadConfig({ DATA_DIR: dir, ...s3.env, S3_BUCKET: 'olmayan-kova' }), [
        'storage',
        'migrate',
      ]),
    );
    expect(err.code).toBe('KOVA_BULUNAMADI');
  });

  it('refuses an unknown option', async () => {
    const err = await commandFailure(
      storageCliCommand(loadConfig({ DATA_DIR: root, ...s3.env }), ['storage', 'migrate', '--hepsi']),
    );
    expect(err.code).toBe('KOMUT_GECERSIZ');
  });
});
