import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { refusal } from '@vitrin/testing/refusal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { categories, products } from '../db/schema.ts';
import { createDiskStore } from '../storage/disk-store.ts';
import { dumpDatabase, knownMigrations, writeBackup } from './archive.ts';
import { backupState, readLastResult, writeLastResult } from './last-result.ts';
import { restoreBackup } from './restore.ts';

/**
 * A backup of an embedded database restored into a data directory. Backups are of the embedded database
 * only, so this opens one whatever database the other tests use.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-restore-'));
const dataDir = path.join(dir, 'magaza');
const backup = path.join(dir, 'yedek.tar.gz');
const photo = Buffer.from('kupa fotoğrafı');
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ memory: true });
  await database.migrate();
  const [category] = await database.db
    .insert(categories)
    .values({ slug: 'seramik', name: 'Seramik' })
    .returning();
  await database.db.insert(products).values(
    ['kupa', 'tabak'].map((slug) => ({
      slug,
      sku: slug.toUpperCase(),
      name: slug,
      stockType: 1,
      categoryId: category!.id,
      vatRate: 20,
      stock: 3,
    })),
  );
  // The last nightly result the shop had: a restored shop forgets it.
  await writeLastResult(database, {
    at: '2026-11-27T00:30:00.000Z',
    ok: true,
    file: 'x',
    sizeBytes: 1,
    reason: null,
  });
  mkdirSync(path.join(dataDir, 'uploads', 'products'), { recursive: true });
  writeFileSync(path.join(dataDir, 'uploads', 'products', 'kupa.webp'), photo);
  const imageFile = path.join(dir, 'image.dokum');
  const info = await dumpDatabase(database, imageFile);
  await writeBackup({ file: backup, imageFile, info, files: createDiskStore(dataDir) });
  rmSync(imageFile);
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const leftovers = () => readdirSync(dir).filter((n) => n.includes('geri-yukleniyor'));

describe('a backup of the embedded database', () => {
  it('describes the schema and counts the owner’s main tables', async () => {
    const info = await dumpDatabase(database, path.join(dir, 'ikinci.dokum'));
    expect(info.migrations).toBe(knownMigrations());
    expect(info.counts).toMatchObject({ products: 2, orders: 0 });
  });

  it('is refused on PostgreSQL, which has pg_dump (POSTGRESQL_YEDEGI)', async () => {
    const postgres = { ...database, kind: 'postgres' as const, dumpTo: undefined };
    expect((await refusal(() => dumpDatabase(postgres, path.join(dir, 'pg.dokum')))).code).toBe(
      'POSTGRESQL_YEDEGI',
    );
    expect(existsSync(path.join(dir, 'pg.dokum'))).toBe(false);
  });
});

describe('a restore', () => {
  it('makes a new data directory with the database and the uploads, forgetting the last nightly result', async () => {
    const target = path.join(dir, 'yeni', 'magaza');
    const result = await restoreBackup({ file: backup, dataDir: target, force: false });
    expect(result.movedAside).toBeNull();
    expect(result.info.counts).toMatchObject({ products: 2 });
    expect(readFileSync(path.join(target, 'uploads', 'products', 'kupa.webp')).equals(photo)).toBe(true);
    const restored = await openDatabase({ dataDir: target });
    try {
      const names = (await restored.db.select({ slug: products.slug }).from(products)).map((p) => p.slug);
      expect(names.sort()).toEqual(['kupa', 'tabak']);
      expect(await readLastResult(restored)).toBeNull();
    } finally {
      await restored.close();
    }
    expect(leftovers()).toEqual([]);
  });

  it('refuses a non-empty directory unless forced, then moves its contents aside rather than deleting them', async () => {
    const full = path.join(dir, 'dolu');
    mkdirSync(full);
    writeFileSync(path.join(full, 'not.txt'), 'eski');
    const err = await refusal(() => restoreBackup({ file: backup, dataDir: full, force: false }));
    expect(err.code).toBe('VERI_DIZINI_DOLU');
    expect(readdirSync(full)).toEqual(['not.txt']);
    const forced = await restoreBackup({
      file: backup,
      dataDir: full,
      force: true,
      now: new Date('2026-11-28T10:20:30Z'),
    });
    expect(forced.movedAside).toBe(`${full}.onceki-20261128T102030`);
    expect(readFileSync(path.join(forced.movedAside!, 'not.txt'), 'utf8')).toBe('eski');
    expect(existsSync(path.join(full, 'pg', 'PG_VERSION'))).toBe(true);
  });

  it('refuses no file and a missing one, making no directory', async () => {
    const target = path.join(dir, 'hic');
    expect((await refusal(() => restoreBackup({ file: ' ', dataDir: target, force: false }))).code).toBe(
      'YEDEK_DOSYASI_GEREKLI',
    );
    const missing = await refusal(() =>
      restoreBackup({ file: path.join(dir, 'olmayan.tar.gz'), dataDir: target, force: false }),
    );
    expect(missing.code).toBe('YEDEK_DOSYASI_YOK');
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a broken backup leaving neither the new directory nor a temporary one', async () => {
    const cut = path.join(dir, 'kesik.tar.gz');
    const whole = readFileSync(backup);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const target = path.join(dir, 'olmayacak', 'magaza');
    expect((await refusal(() => restoreBackup({ file: cut, dataDir: target, force: false }))).code).toBe(
      'YEDEK_EKSIK',
    );
    expect(existsSync(path.join(dir, 'olmayacak'))).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a backup whose database is of a newer version (YEDEK_DAHA_YENI)', async () => {
    const imageFile = path.join(dir, 'yeni.dokum');
    const info = await dumpDatabase(database, imageFile);
    const newer = path.join(dir, 'yeni-surum.tar.gz');
    await writeBackup({
      file: newer,
      imageFile,
      info: { ...info, migrations: knownMigrations() + 1 },
      files: createDiskStore(dataDir),
    });
    const target = path.join(dir, 'yeni-surum');
    const err = await refusal(() => restoreBackup({ file: newer, dataDir: target, force: false }));
    expect(err.code).toBe('YEDEK_DAHA_YENI');
    expect(err.message).toContain("önce Vitrin'i güncelleyin");
    expect(existsSync(target)).toBe(false);
  });
});

describe('the dashboard’s backup card', () => {
  const settings = { all: async () => ({ backup_time: '03:30', backup_keep: 7 }) };
  it('shows the schedule and the last result on the embedded database', async () => {
    const last = {
      at: '2026-11-28T00:30:00.000Z',
      ok: false,
      file: null,
      sizeBytes: null,
      reason: 'Diskte yer kalmadı',
    };
    await writeLastResult(database, last);
    expect(await backupState(database, settings)).toEqual({
      database: 'embedded',
      time: '03:30',
      keep: 7,
      last,
    });
  });

  it('shows the same on PostgreSQL, where one app node makes the nightly backup', async () => {
    const state = await backupState({ ...database, kind: 'postgres' }, settings);
    expect(state).toMatchObject({ database: 'postgres', time: '03:30', keep: 7 });
    expect(state.last).toEqual(await readLastResult(database));
  });
});
