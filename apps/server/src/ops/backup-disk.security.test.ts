import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Database, openDatabase } from '@vitrin/core';
import { createNightlyBackup } from '@vitrin/core/backup/nightly';
import { createCache } from '@vitrin/core/cache';
import { createSettingsService } from '@vitrin/core/settings/service';
import { createDiskStore } from '@vitrin/core/storage/disk-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/commands.ts';
import { mountTmpfs, unmountTmpfs } from '../../test/full-disk.ts';
import { tempDir } from '../../test/server.ts';

/**
 * A backup onto a disk that fills up and into a read-only folder: real file systems (small tmpfs mounts; CI runs
 * as root). The backup says so in Turkish, exits 1 and leaves no file behind; the nightly backup records why.
 */
const dir = tempDir('vitrin-backup-disk-');
const dataDir = path.join(dir.dir, 'data');
const full = path.join(dir.dir, 'dolu');
const readOnly = path.join(dir.dir, 'salt-okunur');
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir });
  await database.migrate();
  // Uploads that do not fit a 1 MB disk beside the database image.
  mkdirSync(path.join(dataDir, 'uploads', 'products'), { recursive: true });
  writeFileSync(path.join(dataDir, 'uploads', 'products', 'buyuk.webp'), randomBytes(3 * 1024 * 1024));
  await database.close();
  for (const at of [full, readOnly]) mkdirSync(at, { recursive: true });
  mountTmpfs(full, 'size=1m,mode=0700');
  mountTmpfs(readOnly, 'ro,size=1m,mode=0700');
}, 120_000);
afterAll(() => {
  for (const at of [full, readOnly]) unmountTmpfs(at);
  dir.remove();
});

describe('a backup that cannot be written', () => {
  it('onto a full disk: DISK_DOLU, exit code 1, nothing left on the disk', async () => {
    const result = await runCli(['backup', path.join(full, 'yedek.tar.gz')], { DATA_DIR: dataDir }, 120_000);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('DISK_DOLU');
    expect(result.stderr).toContain('Diskte yer kalmadı');
    expect(readdirSync(full)).toEqual([]);
  }, 120_000);

  it('into a read-only folder: YAZMA_IZNI_YOK before anything is dumped', async () => {
    const result = await runCli(
      ['backup', path.join(readOnly, 'yedek.tar.gz')],
      { DATA_DIR: dataDir },
      120_000,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('YAZMA_IZNI_YOK');
    expect(result.stderr).toContain('yazma izni yok');
    expect(readdirSync(readOnly)).toEqual([]);
  }, 120_000);

  it('the nightly backup onto a full disk records the Turkish reason for the dashboard', async () => {
    database = await openDatabase({ dataDir });
    try {
      const settings = createSettingsService(database.db, createCache());
      let clock = new Date('2026-11-27T00:00:00Z');
      const nightly = createNightlyBackup({
        database,
        settings,
        files: createDiskStore(dataDir),
        backupDir: full,
        log: () => {},
        now: () => clock,
      });
      clock = new Date('2026-11-27T01:00:00Z');
      const result = await nightly.tick();
      expect(result).toMatchObject({ ok: false, file: null });
      expect(result!.reason).toContain('Diskte yer kalmadı');
      expect(readdirSync(full)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
