import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client.ts';
import { DomainError } from '../errors.ts';
import type { FileStore } from '../storage/file-store.ts';
import {
  type BackupManifest,
  type DatabaseInfo,
  describeDatabase,
  pgDumpFileIn,
  readBackup,
} from './archive.ts';
import { backupError, writeFailure } from './errors.ts';
import { forgetLastResult } from './last-result.ts';
import { connectionOf, findPgTool, type PgToolSearch, runPgTool, serverMajor } from './pg-tools.ts';
import { backupFileOf, checkMigrations } from './restore.ts';

export interface PostgresRestoreResult {
  manifest: BackupManifest;
  /** The restored database after its migrations. */
  info: DatabaseInfo;
}

/** The `application_name` of a restore's own connections: every other client of the database is a node or a tool. */
const RESTORE_APPLICATION = 'vitrin-geri-yukleme';

/** `url` with the restore's `application_name`, to open the database a restore is given with. */
export function restoreConnectionUrl(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', RESTORE_APPLICATION);
  return parsed.toString();
}

/** Sessions of other clients on the database (app nodes, a psql left open), not the restore's own. */
async function otherSessions(database: Pick<Database, 'query'>): Promise<number> {
  const [row] = await database.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and backend_type = 'client backend'
       and pid <> pg_backend_pid() and application_name <> $1`,
    [RESTORE_APPLICATION],
  );
  return row?.n ?? 0;
}

/** Tables in the database's own schemas (the shop's and the migrations' journal): none in an empty one. */
async function tableCount(database: Pick<Database, 'query'>): Promise<number> {
  const [row] = await database.query<{ n: number }>(
    `select count(*)::int as n from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') and schemaname not like 'pg\\_%'`,
  );
  return row?.n ?? 0;
}

/**
 * Restores a PostgreSQL backup (`database.pgdump` and the files) onto the database `databaseUrl` names, the
 * shop's nodes stopped. Everything is checked before anything changes: a database another client is connected
 * to (a node left running) or a non-empty one is refused unless `force`, the archive is unpacked into `stagingDir` and checked against its manifest (a file cut
 * short, changed or of the embedded database is refused there). Then the files go into the store first (a
 * file nothing names yet harms nobody, a row naming a missing file would), then `pg_restore` loads the dump in
 * one transaction (`--single-transaction`: all of it or, on an error, nothing), `--clean --if-exists`
 * dropping the objects the dump holds first (`force`), `--no-owner --no-privileges` so the database's own
 * user owns what it loads whatever user made the dump. Last the migrations bring a backup of an older Vitrin
 * up to this one.
 */
export async function restorePostgres(options: {
  file: string | undefined;
  /** The database opened on `restoreConnectionUrl(databaseUrl)`, for the checks and the migrations. */
  database: Database;
  databaseUrl: string;
  /** The shop's file store, which the backup's files are written back into. */
  files: FileStore;
  /** A folder to unpack into (made, and removed afterwards): room for the backup's size. */
  stagingDir: string;
  force: boolean;
  search?: PgToolSearch;
}): Promise<PostgresRestoreResult> {
  const file = await backupFileOf(options.file);
  const { database } = options;
  // A node still running would wait on the restore's locks, then serve its caches of the shop replaced. A
  // managed server's own agents may stay connected for good: `force` goes on past them.
  const sessions = await otherSessions(database);
  if (sessions > 0 && !options.force) {
    throw backupError(
      'VERITABANI_KULLANIMDA',
      `Veritabanına başka ${sessions} bağlantı açık (çalışan Vitrin sunucuları ya da başka bir araç); geri ` +
        'yüklemeden önce bütün sunucuları durdurun ve bağlantıları kapatın (bağlantılar Vitrin’in değilse ' +
        '--force ekleyin). Hiçbir şey değiştirilmedi.',
    );
  }
  const tables = await tableCount(database);
  if (tables > 0 && !options.force) {
    throw backupError(
      'VERITABANI_DOLU',
      `Veritabanı boş değil (${tables} tablo); geri yükleme boş bir veritabanına yapılır. Boş bir veritabanı ` +
        'verin (createdb) ya da içeriğini yedekteki ile değiştirmek için --force ekleyin. Hiçbir şey değiştirilmedi.',
    );
  }
  // Before the archive is read: a machine without the program learns it at once.
  const pgRestore = await findPgTool('pg_restore', await serverMajor(database), options.search);
  const staging = path.resolve(options.stagingDir);
  try {
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true, mode: 0o700 }).catch((err: unknown) => {
      throw writeFailure(err, 'Geçici geri yükleme klasörü');
    });
    const { manifest } = await readBackup(file, staging, 'postgres');
    checkMigrations(manifest);
    for (const { path: key } of manifest.files) {
      await options.files.putFile(key, path.join(staging, ...key.split('/')));
    }
    const { dbname, env } = connectionOf(options.databaseUrl);
    await runPgTool(
      pgRestore,
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--no-password',
        `--dbname=${dbname}`,
        pgDumpFileIn(staging),
      ],
      env,
    );
    // A backup of an older version catches up with this one's schema.
    await database.migrate();
    await forgetLastResult(database);
    return { manifest, info: await describeDatabase(database) };
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw writeFailure(err, 'Geri yüklenen veri');
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
