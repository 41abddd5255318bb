import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import type { Settings } from '../settings/registry.ts';
import { createDiskStore } from '../storage/disk-store.ts';
import { readLastResult } from './last-result.ts';
import { createNightlyBackup } from './nightly.ts';

/** The nightly backup of the embedded database: once a night at backup_time (Turkey time), kept backup_keep. */
const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-nightly-int-'));
const dataDir = path.join(dir, 'data');
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ memory: true });
  await database.migrate();
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const logs: Array<[string, string]> = [];
function nightly(backupDir: string, clock: { now: Date }, values = { backup_time: '03:30', backup_keep: 2 }) {
  return createNightlyBackup({
    database,
    settings: { all: async () => values as unknown as Settings },
    files: createDiskStore(dataDir),
    backupDir,
    log: (level, message) => logs.push([level, message]),
    now: () => clock.now,
  });
}
const at = (iso: string) => new Date(iso);

describe('the nightly backup', () => {
  it('is made once a night after 03:30 in Turkey, named by its time, and recorded for the dashboard', async () => {
    const backupDir = path.join(dir, 'yedekler');
    // The server starts at 02:00 in Turkey.
    const clock = { now: at('2026-05-09T23:00:00Z') };
    const job = nightly(backupDir, clock);
    expect(await job.tick()).toBeNull();
    clock.now = at('2026-05-10T00:31:00Z'); // 03:31
    const made = await job.tick();
    expect(made).toMatchObject({ ok: true, file: 'vitrin-yedek-20260510T003100Z.tar.gz', reason: null });
    expect(made!.sizeBytes).toBeGreaterThan(0);
    expect(await readLastResult(database)).toEqual(made);
    clock.now = at('2026-05-10T12:00:00Z');
    expect(await job.tick()).toBeNull();
    expect(readdirSync(backupDir)).toEqual(['vitrin-yedek-20260510T003100Z.tar.gz']);
  });

  it('keeps the newest backup_keep backups as the nights go by', async () => {
    const backupDir = path.join(dir, 'yedekler');
    const clock = { now: at('2026-05-11T00:31:00Z') };
    const job = nightly(backupDir, clock);
    await job.tick();
    clock.now = at('2026-05-12T00:31:00Z');
    await job.tick();
    expect(readdirSync(backupDir)).toEqual([
      'vitrin-yedek-20260511T003100Z.tar.gz',
      'vitrin-yedek-20260512T003100Z.tar.gz',
    ]);
  });

  it('is never made without a backup_time, nor on PostgreSQL without the address pg_dump needs', async () => {
    const backupDir = path.join(dir, 'kapali');
    const clock = { now: at('2026-06-01T00:31:00Z') };
    expect(await nightly(backupDir, clock, { backup_time: '', backup_keep: 2 }).tick()).toBeNull();
    const postgres = createNightlyBackup({
      database: { ...database, kind: 'postgres' },
      settings: { all: async () => ({ backup_time: '03:30', backup_keep: 2 }) as unknown as Settings },
      files: createDiskStore(dataDir),
      backupDir,
      log: () => {},
      now: () => at('2026-06-02T00:31:00Z'),
    });
    expect(await postgres.tick()).toBeNull();
    expect(existsSync(backupDir)).toBe(false);
  });

  it('records a failure with its Turkish reason and logs it, then waits for the next night', async () => {
    const blocked = path.join(dir, 'engel');
    writeFileSync(blocked, 'bir dosya, klasör değil');
    const clock = { now: at('2026-07-01T00:31:00Z') };
    const job = nightly(path.join(blocked, 'yedekler'), clock);
    const failed = await job.tick();
    expect(failed).toMatchObject({ ok: false, file: null, sizeBytes: null });
    expect(failed!.reason).toContain('Yedek klasörü');
    expect(logs.at(-1)![0]).toBe('error');
    expect(logs.at(-1)![1]).toContain('Gece yedeği alınamadı');
    expect(await readLastResult(database)).toEqual(failed);
    clock.now = at('2026-07-01T10:00:00Z');
    expect(await job.tick()).toBeNull();
  });
});
