import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { writeDataDirTar } from './data-dir-tar.ts';
import { startupError } from './errors.ts';
import { createListener } from './listener.ts';
import { lockDataDir } from './lock.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations (idempotent; serialised across app nodes on PostgreSQL). */
  migrate(): Promise<void>;
  /** Raw parameterised SQL for what the query builder cannot say (extensions, maintenance). */
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /** Cross-process notifications (PostgreSQL LISTEN/NOTIFY); in-process on PGlite. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * False while the database server is known to be away (its connections dropped, not back yet): answer
   * "try again shortly" rather than wait for queries that fail. Always true on the embedded database.
   */
  available(): boolean;
  /** Called when the connection to the server is back: notifications of the time between were lost. */
  onReconnect(callback: () => void): void;
  close(): Promise<void>;
  /**
   * Embedded database only: an image of its data directory (a tar), to open copies from (`image` option) and
   * for backups. Consistent while the shop runs: taken between transactions.
   */
  snapshot?(): Promise<Blob>;
  /**
   * Embedded database only: the same image written to `file` (a new file), file by file, never whole in
   * memory: a backup of a large shop does not grow the server by the database's size.
   */
  dumpTo?(file: string): Promise<void>;
  /**
   * Embedded database only: closes the engine and starts a new one on the same files, keeping the
   * directory's lock. The WASM engine's memory grows to the most it ever needed and never shrinks: creating
   * the cluster and loading the demo shop leave 400-600 MB resident that an everyday engine does not need.
   */
  reopen?(): Promise<Database>;
  /** Embedded database only: this open created its files (a new directory). */
  created?: boolean;
}

export interface DatabaseOptions {
  /** postgres:// URL of a PostgreSQL server; when absent the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; `undefined` with `memory: true` keeps it in memory (tests). */
  dataDir?: string | undefined;
  memory?: boolean;
  /** Start from this image (`Database.snapshot()`): in memory, or in a new data directory (a restore). */
  image?: Blob | undefined;
  poolSize?: number;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/**
 * PGlite's own buffer pool: its default of 128 MB sits in the WASM heap and is touched as pages are read,
 * so it becomes resident. 16 MB took the demo shop's server from 528 to 377 MB RSS after start (2026-11-25,
 * bench/RESULTS.md "memory"); pages it does not hold are read from the OS file cache (PGlite's files are
 * plain files), which costs a system call, not a disk read.
 */
const PGLITE_SHARED_BUFFERS = '16MB';
/** Arbitrary constant key of the advisory lock that serialises migrations between app nodes. */
const MIGRATION_LOCK_KEY = 7_310_442;

export function parseDatabaseUrl(databaseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw startupError(
      'DATABASE_URL_INVALID',
      'DATABASE_URL geçerli bir adres değil. Beklenen biçim: postgres://kullanici:sifre@sunucu:5432/veritabani',
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw startupError(
      'DATABASE_URL_INVALID',
      `DATABASE_URL "${url.protocol}" ile başlıyor; yalnızca postgres:// veya postgresql:// desteklenir.`,
    );
  }
  if (!url.hostname && !url.searchParams.get('host')) {
    throw startupError('DATABASE_URL_INVALID', 'DATABASE_URL bir sunucu adı içermiyor.');
  }
  return url;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options);
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const dataDir = options.memory ? undefined : path.resolve(options.dataDir ?? './data');
  const unlock = dataDir ? await lockDataDir(dataDir) : async () => {};
  const created = !dataDir || !existsSync(path.join(dataDir, 'pg', 'PG_VERSION'));
  try {
    return { ...(await startPglite(options, dataDir, unlock)), created };
  } catch (err) {
    await unlock();
    throw err;
  }
}

async function startPglite(
  options: DatabaseOptions,
  dataDir: string | undefined,
  unlock: () => Promise<void>,
): Promise<Database> {
  const client = await PGlite.create({
    dataDir: dataDir ? path.join(dataDir, 'pg') : undefined,
    extensions: { pg_trgm, unaccent },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(options.image ? { loadDataDir: options.image } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // A checkpoint first (a restored copy then starts without replaying the log), and the dump waits for any
  // open transaction: `dumpDataDir` alone takes only the statement lock, so it could copy one half-done.
  const snapshot = async () => {
    await client.query('CHECKPOINT');
    return client._runExclusiveTransaction(() => client.dumpDataDir('none'));
  };
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onMessage) => {
      await client.listen(channel, onMessage);
    },
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    available: () => true,
    onReconnect: () => {},
    close: async () => {
      await client.close();
      await unlock();
    },
    snapshot,
    // The same locks as `dumpDataDir` (no transaction open, no statement running) while the files are read.
    dumpTo: async (file: string) => {
      if (!dataDir) {
        // An in-memory database (tests) has no files to read: its engine's own dump.
        const image = new Uint8Array(await (await snapshot()).arrayBuffer());
        return writeFile(file, image, { flag: 'wx', mode: 0o600 });
      }
      await client.query('CHECKPOINT');
      await client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(() => writeDataDirTar(path.join(dataDir, 'pg'), file)),
      );
    },
    // An in-memory database lives in the engine's memory: only a directory's files outlive the engine.
    ...(dataDir
      ? {
          reopen: async () => {
            await client.close();
            return startPglite(options, dataDir, unlock).catch(async (err: unknown) => {
              await unlock();
              throw err;
            });
          },
        }
      : {}),
  };
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<Database> {
  parseDatabaseUrl(databaseUrl);
  const connection = {
    connectionString: databaseUrl,
    connectionTimeoutMillis: 10_000,
    // JIT compiling pays off for long analytics, not for a shop's queries: a search over a broad word spent
    // 0.9 s compiling to save milliseconds. A URL that sets `options` itself wins.
    options: '-c jit=off',
  };
  const pool = new pg.Pool({ ...connection, max: poolSize });
  const logError = (err: Error) => console.error(`PostgreSQL bağlantı hatası: ${err.message}`);
  // A client that loses its server emits 'error', and one without a listener crashes the process: the pool
  // listens on idle clients, this on clients checked out (a transaction when PostgreSQL restarts). The pool
  // drops a dead client when it is released.
  pool.on('error', logError);
  pool.on('connect', (client) => client.on('error', logError));
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => {});
    const reason = err instanceof Error ? err.message : String(err);
    throw startupError('DATABASE_UNREACHABLE', `PostgreSQL sunucusuna bağlanılamadı: ${reason}`);
  }
  const db = drizzleNodePg(pool, { schema });
  const listener = createListener(connection, (message) => console.error(message));
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: async () => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        // On the connection holding the lock: with DB_POOL_SIZE=1 a second one would never come.
        await migrateNodePg(drizzleNodePg(lockClient, { schema }), { migrationsFolder });
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        lockClient.release();
      }
    },
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, onMessage) => listener.listen(channel, onMessage),
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    available: () => listener.connected(),
    onReconnect: (callback) => listener.onReconnect(callback),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}
