import { execFile, spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Database } from '../db/client.ts';
import { backupError } from './errors.ts';

/**
 * PostgreSQL's own client programs, which a backup on PostgreSQL runs: `pg_dump` writes the database in the
 * custom format and `pg_restore` loads it. Both must be of the server's major version or newer: an older
 * `pg_dump` refuses a newer server, and a dump made by a newer one can hold what an older `pg_restore` cannot
 * read. Debian and Ubuntu keep every installed version in `/usr/lib/postgresql/<major>/bin`.
 */
export type PgTool = 'pg_dump' | 'pg_restore';

export interface PgToolSearch {
  /** Where each major version has its `bin/` (Debian's layout); tests point it elsewhere. */
  versionsDir?: string;
  /** The folders searched next, `:`-separated as `PATH`. */
  searchPath?: string | undefined;
}

const run = promisify(execFile);

/** The server's major version (15 for 15.4), from `server_version_num` (150004). */
export async function serverMajor(database: Pick<Database, 'query'>): Promise<number> {
  const [row] = await database.query<{ server_version_num: string }>('show server_version_num');
  return Math.floor(Number(row?.server_version_num) / 10_000);
}

const executable = (file: string) =>
  access(file, constants.X_OK).then(
    () => true,
    () => false,
  );

/** The major version a client program says it is (`pg_dump (PostgreSQL) 15.18 (Debian …)` → 15). */
async function toolMajor(file: string): Promise<number | null> {
  try {
    const { stdout } = await run(file, ['--version'], { timeout: 10_000 });
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The `pg_dump` or `pg_restore` to run against a server of major version `major`: Debian's of exactly that
 * version when installed, else the first on `PATH` when it is that version or newer. None: a Turkish error
 * naming the package to install.
 */
export async function findPgTool(tool: PgTool, major: number, search: PgToolSearch = {}): Promise<string> {
  const versioned = path.join(search.versionsDir ?? '/usr/lib/postgresql', String(major), 'bin', tool);
  if (await executable(versioned)) return versioned;
  let tooOld: number | null = null;
  for (const dir of (search.searchPath ?? process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, tool);
    if (!(await executable(candidate))) continue;
    const found = await toolMajor(candidate);
    if (found !== null && found >= major) return candidate;
    tooOld ??= found;
    break;
  }
  throw backupError(
    'PG_ARACI_YOK',
    `Veritabanı PostgreSQL ${major} sunucusunda; bunun için ${major} ya da daha yeni sürüm bir ${tool} gerekli` +
      (tooOld !== null ? `, bulunan ${tool} ${tooOld} sürümü` : `, bu makinede ${tool} bulunamadı`) +
      `. postgresql-client-${major} paketini kurun (Debian/Ubuntu: sudo apt-get install postgresql-client-${major}; ` +
      'paket dağıtımda yoksa PostgreSQL’in apt deposundan) ve yeniden deneyin.',
  );
}

/**
 * The libpq environment for `url`: its password goes in `PGPASSWORD` rather than on the command line, where
 * every user of the machine could read it in the process list.
 */
export function connectionOf(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}), PGCONNECT_TIMEOUT: '10' },
  };
}

/**
 * Runs a client program to its end; a failure is a Turkish error with what the program said (its last
 * lines), a full disk told as such.
 */
export function runPgTool(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const tool = path.basename(file);
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let said = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      said = (said + chunk).slice(-4000);
    });
    child.on('error', (err) =>
      reject(backupError('PG_ARACI_CALISMADI', `${tool} çalıştırılamadı: ${err.message}`)),
    );
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(); // state-number: a process exit code, 0 is success
      const message = said.trim().split('\n').slice(-5).join('\n') || `çıkış ${signal ?? code}`;
      if (/No space left on device/i.test(said)) {
        return reject(
          backupError('DISK_DOLU', `Diskte yer kalmadı; ${tool} yazamadı. Yer açıp yeniden deneyin.`),
        );
      }
      reject(backupError('PG_ARACI_HATASI', `${tool} başarısız oldu: ${message}`));
    });
  });
}
