import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client.ts';
import { withClusterLock } from '../db/cluster-lock.ts';
import { DomainError } from '../errors.ts';
import type { Settings } from '../settings/registry.ts';
import type { FileStore } from '../storage/file-store.ts';
import { dumpDatabase, writeBackup } from './archive.ts';
import { backupError } from './errors.ts';
import { type BackupResult, readLastResult, writeLastResult } from './last-result.ts';
import { imageFileOf, removeLeftovers } from './leftovers.ts';

/** Turkey's clock is UTC+3 all year: `backup_time` is a time of that clock. */
const TURKEY_OFFSET_MS = 3 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The nightly backups' names: the UTC time they were made, so names sort as times do. */
const NIGHTLY_FILE = /^vitrin-yedek-\d{8}T\d{6}Z\.tar\.gz$/;
export const nightlyFileName = (at: Date) =>
  `vitrin-yedek-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`;

/** The last moment at or before `now` when the clock in Turkey showed `time` (SS:DD). */
export function latestSlot(now: Date, time: string): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const turkey = new Date(now.getTime() + TURKEY_OFFSET_MS);
  const slot =
    Date.UTC(turkey.getUTCFullYear(), turkey.getUTCMonth(), turkey.getUTCDate(), hours, minutes) -
    TURKEY_OFFSET_MS;
  return new Date(slot > now.getTime() ? slot - DAY_MS : slot);
}

/** Removes all but the newest `keep` nightly backups; other files in the folder are never touched. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((n) => NIGHTLY_FILE.test(n)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}

export interface NightlyBackupOptions {
  database: Database;
  settings: { all(): Promise<Settings> };
  /** The shop's file store: its uploads, support attachments and import files go in with the database. */
  files: FileStore;
  /** On PostgreSQL, the database's address, for `pg_dump` (without it no nightly backup is made there). */
  databaseUrl?: string | undefined;
  /** Where the nightly backups are kept (BACKUP_DIR, by default DATA_DIR/backups). */
  backupDir: string;
  /** Where a failure is reported besides the dashboard. */
  log: (level: 'info' | 'error', message: string) => void;
  now?: () => Date;
}

/**
 * The nightly backup of the database and the shop's files. `tick()` (called every minute by the server)
 * makes one when the last `backup_time` has passed since the last attempt, so a night is backed up once
 * (a failed attempt waits for the next night, and says why on the dashboard) and a server that was down at
 * that time makes it when it starts. A shop that never had one starts counting at the server's start.
 * On PostgreSQL every app node ticks: one at a time holds the cluster lock `nightly-backup` and looks again
 * under it, so the node that gets there first makes the night's backup (with `pg_dump`) into its
 * `BACKUP_DIR`, and the others find the result it recorded in the shared database and skip.
 */
export function createNightlyBackup(options: NightlyBackupOptions) {
  const now = options.now ?? (() => new Date());
  const started = now();
  let running: Promise<BackupResult | null> | null = null;
  // What a backup of a server that died midway left (its image can be as large as the database) goes at the
  // first tick, not a night later.
  let swept = false;

  async function make(): Promise<BackupResult> {
    const at = now();
    const name = nightlyFileName(at);
    let result: BackupResult;
    try {
      const settings = await options.settings.all();
      await mkdir(options.backupDir, { recursive: true }).catch((err: unknown) => {
        throw backupError(
          'YEDEK_KLASORU_YOK',
          `Yedek klasörü "${options.backupDir}" oluşturulamadı (${(err as NodeJS.ErrnoException).code ?? String(err)}); BACKUP_DIR ile yazılabilir bir klasör verin.`,
        );
      });
      // The image is written beside the backup, then packed into it: never whole in the server's memory.
      const file = path.join(options.backupDir, name);
      await removeLeftovers(options.backupDir);
      const imageFile = imageFileOf(file);
      let written: Awaited<ReturnType<typeof writeBackup>>;
      try {
        const info = await dumpDatabase(options.database, imageFile, { databaseUrl: options.databaseUrl });
        written = await writeBackup({
          file,
          imageFile,
          databaseKind: options.database.kind,
          info,
          files: options.files,
          now: at,
        });
      } finally {
        await rm(imageFile, { force: true });
      }
      const removed = await pruneBackups(options.backupDir, settings.backup_keep);
      result = { at: at.toISOString(), ok: true, file: name, sizeBytes: written.sizeBytes, reason: null };
      options.log(
        'info',
        `Gece yedeği alındı: ${written.file} (${written.sizeBytes} bayt)${removed.length ? `; ${removed.length} eski yedek silindi` : ''}.`,
      );
    } catch (err) {
      const reason =
        err instanceof DomainError
          ? err.message
          : `Beklenmeyen hata: ${err instanceof Error ? err.message : String(err)}`;
      result = { at: at.toISOString(), ok: false, file: null, sizeBytes: null, reason };
      options.log('error', `Gece yedeği alınamadı (${options.backupDir}): ${reason}`);
    }
    await writeLastResult(options.database, result);
    return result;
  }

  return {
    /** Makes tonight's backup when it is due; `null` when nothing was due (or one is being made). */
    async tick(): Promise<BackupResult | null> {
      if (running) return null;
      if (options.database.kind === 'postgres' && !options.databaseUrl) return null;
      if (!swept) {
        swept = true;
        await removeLeftovers(options.backupDir);
      }
      const due = async () => {
        const { backup_time: time } = await options.settings.all();
        if (!time) return false;
        const last = await readLastResult(options.database);
        const since = last ? new Date(last.at) : started;
        return since.getTime() < latestSlot(now(), time).getTime();
      };
      if (!(await due())) return null;
      running = withClusterLock(options.database, 'nightly-backup', async () =>
        // Another node may have made it between the first look and the lock.
        (await due()) ? make() : null,
      ).then((locked) => (locked.ran ? locked.value : null));
      try {
        return await running;
      } finally {
        running = null;
      }
    },
  };
}
export type NightlyBackup = ReturnType<typeof createNightlyBackup>;
