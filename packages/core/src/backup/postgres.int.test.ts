import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { openTestDatabase } from '@vitrin/testing/database';
import { describeWhere } from '@vitrin/testing/only-where';
import { refusal } from '@vitrin/testing/refusal';
import { type LocalS3, startS3 } from '@vitrin/testing/s3';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { categories, products } from '../db/schema.ts';
import type { Settings } from '../settings/registry.ts';
import { createDiskStore } from '../storage/disk-store.ts';
import type { FileStore } from '../storage/file-store.ts';
import { type DatabaseKind, dumpDatabase, knownMigrations, writeBackup } from './archive.ts';
import { forgetLastResult, readLastResult, writeLastResult } from './last-result.ts';
import { createNightlyBackup } from './nightly.ts';
import { restoreBackup } from './restore.ts';
import { restoreConnectionUrl, restorePostgres } from './restore-postgres.ts';

/**
 * A backup through the shop's own database and file store, restored: on PostgreSQL (`npm run test:pg`) a
 * `pg_dump` and `pg_restore` of the server's major version, onto a database of the suite's server; on the
 * embedded database the same through its data directory. The files go in through the store, whatever it is.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-pg-backup-'));
/** Two buckets of an S3-compatible server started here: the shop's, and the one a restore writes into. */
const buckets: LocalS3[] = [];
const bucketStore = async (name: string): Promise<FileStore> => {
  const s3 = await startS3({ bucket: name, ports: [18530, 18539] });
  buckets.push(s3);
  return s3.store();
};
afterAll(async () => {
  for (const s3 of buckets) await s3.stop();
  rmSync(dir, { recursive: true, force: true });
});
let n = 0;
const fresh = (name: string) => path.join(dir, `${name}-${++n}`);

/** The files the shop keeps that a backup holds, and one it leaves out (a variant made again on demand). */
const files: Record<string, Buffer> = {
  'uploads/products/kupa-mavi.webp': randomBytes(60_000),
  'uploads/posts/2026/kapak.webp': randomBytes(777),
  'private/tickets/DT-1/fatura.pdf': randomBytes(2_048),
  'imports/2026/11/urunler.csv': Buffer.from('sku;ad\nKUPA;Kupa ğüşıöç\n'),
};
const CACHED = 'cache/images/ab/kupa-400.webp';

async function seed(database: Database, store: FileStore) {
  const [category] = await database.db
    .insert(categories)
    .values({ slug: 'seramik', name: 'Seramik' })
    .returning();
  await database.db.insert(products).values(
    ['kupa', 'tabak', 'vazo'].map((slug, i) => ({
      slug,
      sku: slug.toUpperCase(),
      name: `${slug} ğüşıöç`,
      stockType: 1,
      categoryId: category!.id,
      vatRate: 20,
      stock: 3 + i,
    })),
  );
  await writeLastResult(database, {
    at: new Date().toISOString(),
    ok: true,
    file: 'x',
    sizeBytes: 1,
    reason: null,
  });
  for (const [key, data] of Object.entries(files)) await store.put(key, data);
  await store.put(CACHED, Buffer.from('önbellek'));
}

const productRows = (database: Pick<Database, 'query'>) =>
  database.query<{ slug: string; name: string; stock: number }>(
    'select slug, name, stock from products order by slug',
  );

/** Every file of a store's backed-up areas, by key. */
async function storedFiles(store: FileStore): Promise<Record<string, Buffer>> {
  const out: Record<string, Buffer> = {};
  for (const area of ['uploads/', 'private/', 'imports/', 'cache/']) {
    for await (const file of store.list(area)) out[file.key] = (await store.readBytes(file.key))!;
  }
  return out;
}

/** Writes a backup of `database` and `store` to a new file. */
async function backUp(database: Database, store: FileStore, kind: DatabaseKind, databaseUrl?: string) {
  const file = fresh('yedek.tar.gz');
  const imageFile = `${file}.dokum`;
  const info = await dumpDatabase(database, imageFile, { databaseUrl });
  // The dump holds every customer: readable by its owner only, whatever the umask.
  expect(statSync(imageFile).mode & 0o777).toBe(0o600);
  const written = await writeBackup({ file, imageFile, databaseKind: kind, info, files: store });
  rmSync(imageFile);
  return { file, info, manifest: written.manifest };
}

/** The archive's entry names, in order. */
async function entryNames(file: string): Promise<string[]> {
  const extract = tar.extract();
  const names: string[] = [];
  extract.end(gunzipSync(readFileSync(file)));
  for await (const entry of extract) {
    names.push(entry.header.name);
    entry.resume();
  }
  return names;
}

describeWhere(serverUrl)('a backup on PostgreSQL', () => {
  let source: Awaited<ReturnType<typeof openTestDatabase>>;
  let store: FileStore;
  let backup: Awaited<ReturnType<typeof backUp>>;
  const made: string[] = [];
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  /** A new, empty database on the suite's server (dropped afterwards), opened. */
  async function emptyDatabase(): Promise<{ database: Database; url: string }> {
    const name = `vitrin_geri_${randomBytes(5).toString('hex')}`;
    await admin(`create database ${name}`);
    made.push(name);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return {
      database: await openDatabase({ databaseUrl: restoreConnectionUrl(url.toString()), poolSize: 2 }),
      url: url.toString(),
    };
  }
  const opened: Database[] = [];
  const restoreOnto = (
    target: { database: Database; url: string },
    targetStore: FileStore,
    file: string,
    force = false,
  ) =>
    restorePostgres({
      file,
      database: target.database,
      databaseUrl: target.url,
      files: targetStore,
      stagingDir: fresh('acilan'),
      force,
    });
  const tableCount = async (database: Database) =>
    (
      await database.query<{ n: number }>(
        "select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')",
      )
    )[0]!.n;

  beforeAll(async () => {
    source = await openTestDatabase();
    store = createDiskStore(fresh('kaynak'));
    await seed(source.database, store);
    backup = await backUp(source.database, store, 'postgres', source.url);
  }, 60_000);
  afterAll(async () => {
    for (const database of opened) await database.close().catch(() => {});
    await source?.dispose();
    for (const name of made) await admin(`drop database if exists ${name} with (force)`);
  });

  it('holds the pg_dump of the database first, then the files of uploads, private and imports, then the manifest', async () => {
    expect(await entryNames(backup.file)).toEqual([
      'database.pgdump',
      'uploads/posts/2026/kapak.webp',
      'uploads/products/kupa-mavi.webp',
      'private/tickets/DT-1/fatura.pdf',
      'imports/2026/11/urunler.csv',
      'manifest.json',
    ]);
    expect(backup.manifest).toMatchObject({ databaseKind: 'postgres', migrations: knownMigrations() });
    expect(backup.info.counts).toMatchObject({ products: 3, orders: 0 });
  });

  it('restores onto an empty database: the rows and every file byte-equal, the last nightly result forgotten', async () => {
    const target = await emptyDatabase();
    opened.push(target.database);
    const targetStore = createDiskStore(fresh('hedef'));
    const result = await restoreOnto(target, targetStore, backup.file);
    expect(result.info.counts).toMatchObject({ products: 3 });
    expect(result.info.migrations).toBe(knownMigrations());
    expect(await productRows(target.database)).toEqual(await productRows(source.database));
    expect(await readLastResult(target.database)).toBeNull();
    expect(await storedFiles(targetStore)).toEqual(files);
  }, 60_000);

  it('backs up a shop whose files are in a bucket and restores them into another bucket, byte-equal', async () => {
    const shop = await openTestDatabase();
    try {
      const bucket = await bucketStore('kaynak');
      await seed(shop.database, bucket);
      const fromBucket = await backUp(shop.database, bucket, 'postgres', shop.url);
      expect(fromBucket.manifest.files.map((f) => f.path).sort()).toEqual(Object.keys(files).sort());
      const target = await emptyDatabase();
      opened.push(target.database);
      const targetBucket = await bucketStore('hedef');
      await restoreOnto(target, targetBucket, fromBucket.file);
      expect(await productRows(target.database)).toEqual(await productRows(shop.database));
      expect(await storedFiles(targetBucket)).toEqual(files);
    } finally {
      await shop.dispose();
    }
  }, 60_000);

  it('restores a backup of an earlier schema and migrates it to this one, its rows kept', async () => {
    const DROPPED = 3;
    const folder = fresh('eski-gocler');
    cpSync(fileURLToPath(new URL('../db/migrations', import.meta.url)), folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries = journal.entries.slice(0, -DROPPED);
    writeFileSync(journalFile, JSON.stringify(journal));
    const earlier = await emptyDatabase();
    opened.push(earlier.database);
    await migrate(earlier.database.db as never, { migrationsFolder: folder });
    await earlier.database.query(
      `insert into pages (type, slug, title, body) values (1, 'eski-sayfa', 'Eski sayfa', '<p>Eski</p>')`,
    );
    const old = await backUp(earlier.database, createDiskStore(fresh('eski')), 'postgres', earlier.url);
    expect(old.manifest.migrations).toBe(knownMigrations() - DROPPED);

    const target = await emptyDatabase();
    opened.push(target.database);
    const result = await restoreOnto(target, createDiskStore(fresh('eski-hedef')), old.file);
    expect(result.manifest.migrations).toBe(knownMigrations() - DROPPED);
    expect(result.info.migrations).toBe(knownMigrations());
    expect(await target.database.query('select slug from pages')).toEqual([{ slug: 'eski-sayfa' }]);
  }, 60_000);

  it('a bucket refusing writes fails the restore with its Turkish message, the database untouched; the same restore works once it accepts', async () => {
    const s3 = await startS3({ bucket: 'reddeden', ports: [18530, 18539] });
    buckets.push(s3);
    const bucket = s3.store();
    const target = await emptyDatabase();
    opened.push(target.database);
    s3.refuseWrites(true);
    const err = await refusal(() => restoreOnto(target, bucket, backup.file));
    expect(err.code).toBe('DEPOLAMA_KULLANILAMIYOR');
    expect(err.message).toContain('Dosya deposuna şu anda ulaşılamıyor');
    expect(await tableCount(target.database)).toBe(0);
    s3.refuseWrites(false);
    await restoreOnto(target, bucket, backup.file);
    expect(await storedFiles(bucket)).toEqual(files);
    expect(await productRows(target.database)).toEqual(await productRows(source.database));
  }, 60_000);

  it('a bucket that does not answer fails the backup with its Turkish message, leaving no file', async () => {
    const s3 = await startS3({ bucket: 'kapali', ports: [18530, 18539] });
    const bucket = s3.store();
    await s3.stop();
    const folder = fresh('kovasiz');
    mkdirSync(folder);
    const file = path.join(folder, 'yedek.tar.gz');
    const imageFile = `${file}.dokum`;
    const info = await dumpDatabase(source.database, imageFile, { databaseUrl: source.url });
    const err = await refusal(() =>
      writeBackup({ file, imageFile, databaseKind: 'postgres', info, files: bucket }),
    );
    expect(err.code).toBe('DEPOLAMA_KULLANILAMIYOR');
    rmSync(imageFile);
    expect(readdirSync(folder)).toEqual([]);
  }, 60_000);

  it('refuses a non-empty database without --force, changing nothing; with it, replaces its rows', async () => {
    const target = await emptyDatabase();
    opened.push(target.database);
    await target.database.migrate();
    await target.database.db.insert(categories).values({ slug: 'baska', name: 'Başka dükkân' });
    const targetStore = createDiskStore(fresh('dolu'));
    const err = await refusal(() => restoreOnto(target, targetStore, backup.file));
    expect(err.code).toBe('VERITABANI_DOLU');
    expect(err.message).toContain('Veritabanı boş değil');
    expect(err.message).toContain('--force');
    expect(await target.database.query('select slug from categories')).toEqual([{ slug: 'baska' }]);
    expect(await storedFiles(targetStore)).toEqual({});

    await restoreOnto(target, targetStore, backup.file, true);
    expect(await target.database.query('select slug from categories')).toEqual([{ slug: 'seramik' }]);
    expect(await productRows(target.database)).toEqual(await productRows(source.database));
    expect(await storedFiles(targetStore)).toEqual(files);
  }, 60_000);

  it('refuses a database another client is connected to (a node left running), changing nothing, unless --force', async () => {
    const target = await emptyDatabase();
    opened.push(target.database);
    const node = await openDatabase({ databaseUrl: target.url, poolSize: 1 });
    try {
      const targetStore = createDiskStore(fresh('kullanimda'));
      const err = await refusal(() => restoreOnto(target, targetStore, backup.file));
      expect(err.code).toBe('VERITABANI_KULLANIMDA');
      expect(err.message).toContain('sunucuları durdurun');
      expect(await tableCount(target.database)).toBe(0);
      expect(await storedFiles(targetStore)).toEqual({});
      // A client that is not a node (a managed server's agent): --force goes on past it.
      await restoreOnto(target, targetStore, backup.file, true);
      expect(await productRows(target.database)).toEqual(await productRows(source.database));
    } finally {
      await node.close();
    }
  }, 60_000);

  it('refuses a backup cut short or corrupted, changing nothing', async () => {
    const target = await emptyDatabase();
    opened.push(target.database);
    const targetStore = createDiskStore(fresh('bozuk'));
    const whole = readFileSync(backup.file);
    const cut = fresh('kesik.tar.gz');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect((await refusal(() => restoreOnto(target, targetStore, cut))).code).toBe('YEDEK_EKSIK');
    const corrupted = fresh('bozuk.tar.gz');
    const changed = Buffer.from(whole);
    for (let i = 0; i < 64; i++) changed[Math.floor(changed.length / 2) + i]! ^= 0xff;
    writeFileSync(corrupted, changed);
    const err = await refusal(() => restoreOnto(target, targetStore, corrupted));
    expect(['YEDEK_GECERSIZ', 'YEDEK_EKSIK', 'YEDEK_BOZUK']).toContain(err.code);
    expect(err.message).toContain('hiçbir şey değiştirilmedi');
    expect(await tableCount(target.database)).toBe(0);
    expect(await storedFiles(targetStore)).toEqual({});
    expect(
      readdirSync(dir).filter((name) => name.startsWith('acilan') && existsSync(path.join(dir, name))),
    ).toEqual([]);
  }, 60_000);

  it('refuses a backup of the other kind of database both ways, changing nothing', async () => {
    const embedded = await openDatabase({ memory: true });
    try {
      await embedded.migrate();
      const embeddedBackup = await backUp(embedded, createDiskStore(fresh('gomulu')), 'pglite');
      const target = await emptyDatabase();
      opened.push(target.database);
      const err = await refusal(() =>
        restoreOnto(target, createDiskStore(fresh('tur')), embeddedBackup.file),
      );
      expect(err.code).toBe('YEDEK_TURU_FARKLI');
      expect(err.message).toContain('gömülü veritabanının');
      expect(await tableCount(target.database)).toBe(0);
    } finally {
      await embedded.close();
    }
    const dataDir = fresh('veri');
    const err = await refusal(() => restoreBackup({ file: backup.file, dataDir, force: false }));
    expect(err.code).toBe('YEDEK_TURU_FARKLI');
    expect(err.message).toContain('PostgreSQL’e geri yükleyin');
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('without a pg_dump or pg_restore of the server’s version: a Turkish error naming the package, nothing written', async () => {
    const none = { versionsDir: fresh('yok'), searchPath: fresh('bos') };
    const imageFile = fresh('dokum');
    const err = await refusal(() =>
      dumpDatabase(source.database, imageFile, { databaseUrl: source.url, search: none }),
    );
    expect(err.code).toBe('PG_ARACI_YOK');
    expect(err.message).toMatch(/postgresql-client-\d+/);
    expect(existsSync(imageFile)).toBe(false);

    const target = await emptyDatabase();
    opened.push(target.database);
    const targetStore = createDiskStore(fresh('aracsiz'));
    const refused = await refusal(() =>
      restorePostgres({
        file: backup.file,
        database: target.database,
        databaseUrl: target.url,
        files: targetStore,
        stagingDir: fresh('acilan'),
        force: false,
        search: none,
      }),
    );
    expect(refused.code).toBe('PG_ARACI_YOK');
    expect(refused.message).toContain('pg_restore');
    expect(await tableCount(target.database)).toBe(0);
    expect(await storedFiles(targetStore)).toEqual({});
  }, 60_000);
});

describeWhere(serverUrl)('the nightly backup on PostgreSQL', () => {
  it('is made by one of two nodes (pg_dump and the files), the other finding it made', async () => {
    const shop = await openTestDatabase();
    const second = await openDatabase({ databaseUrl: shop.url!, poolSize: 2 });
    try {
      const store = createDiskStore(fresh('gece-dosyalar'));
      await seed(shop.database, store);
      await forgetLastResult(shop.database);
      const started = new Date('2026-06-01T00:00:00Z');
      let clock = started;
      const settings = { all: async () => ({ backup_time: '03:30', backup_keep: 2 }) as unknown as Settings };
      const dirs = [fresh('gece-a'), fresh('gece-b')];
      const nodes = [shop.database, second].map((database, i) =>
        createNightlyBackup({
          database,
          settings,
          files: store,
          databaseUrl: shop.url,
          backupDir: dirs[i]!,
          log: () => {},
          now: () => clock,
        }),
      );
      clock = new Date('2026-06-01T00:31:00Z');
      const results = await Promise.all(nodes.map((node) => node.tick()));
      const made = results.filter((r) => r !== null);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ ok: true, reason: null });
      const files = dirs.flatMap((d) => (existsSync(d) ? readdirSync(d) : []));
      expect(files).toEqual([made[0]!.file]);
      expect(await readLastResult(second)).toEqual(made[0]);
      // Nothing more is due tonight, on either node.
      expect(await Promise.all(nodes.map((node) => node.tick()))).toEqual([null, null]);

      const backupFile = dirs.map((d) => path.join(d, made[0]!.file!)).find((f) => existsSync(f))!;
      expect((await entryNames(backupFile))[0]).toBe('database.pgdump');
    } finally {
      await second.close();
      await shop.dispose();
    }
  }, 60_000);
});

describeWhere(!serverUrl)('a backup on the embedded database, through its file store', () => {
  it('restores the rows and the files of uploads, private and imports byte-equal, leaving the cache out', async () => {
    const database = await openDatabase({ memory: true });
    try {
      await database.migrate();
      const store = createDiskStore(fresh('kaynak'));
      await seed(database, store);
      const { file } = await backUp(database, store, 'pglite');
      const dataDir = fresh('veri');
      const result = await restoreBackup({ file, dataDir, force: false });
      expect(result.manifest.databaseKind).toBe('pglite');
      expect(await storedFiles(createDiskStore(dataDir))).toEqual(files);
      const restored = await openDatabase({ dataDir });
      try {
        expect(await productRows(restored)).toEqual(await productRows(database));
      } finally {
        await restored.close();
      }
    } finally {
      await database.close();
    }
  }, 60_000);

  it('with the files in a bucket: restores them into the bucket, not the data directory', async () => {
    const database = await openDatabase({ memory: true });
    try {
      await database.migrate();
      const bucket = await bucketStore('gomulu');
      await seed(database, bucket);
      const { file } = await backUp(database, bucket, 'pglite');
      const targetBucket = await bucketStore('gomulu-hedef');
      const dataDir = fresh('veri');
      await restoreBackup({ file, dataDir, files: targetBucket, force: false });
      expect(await storedFiles(targetBucket)).toEqual(files);
      expect(await storedFiles(createDiskStore(dataDir))).toEqual({});
      expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    } finally {
      await database.close();
    }
  }, 60_000);
});
