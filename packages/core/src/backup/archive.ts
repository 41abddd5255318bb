import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { access, constants, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import * as tar from 'tar-stream';
import type { Database } from '../db/client.ts';
import { DomainError } from '../errors.ts';
import type { FileStore, StoredFile } from '../storage/file-store.ts';
import { backupError, writeFailure } from './errors.ts';
import { temporaryFileOf } from './leftovers.ts';
import { connectionOf, findPgTool, type PgToolSearch, runPgTool, serverMajor } from './pg-tools.ts';

/**
 * A Vitrin backup is one gzip-compressed tar: the database first, either `database.tar` (the embedded
 * database's data directory, as PGlite dumps it between transactions) or `database.pgdump` (a PostgreSQL
 * database as `pg_dump --format=custom` writes it); then the shop's files the database names, read through its
 * file store (`uploads/…`: pictures and personalization photos; `private/…`: support tickets' attachments;
 * `imports/…`: import files kept for their report), whether that is the data directory or a bucket; and, last,
 * `manifest.json` with the checksum of every other entry. The manifest comes last so the archive is written in
 * one pass; a file cut short has none and is refused whole.
 */
export const BACKUP_FORMAT = 'vitrin-yedek';
const FORMAT_VERSION = 1;
export type DatabaseKind = Database['kind'];
/** The database's entry by its kind: a backup holds one, restored only onto a database of the same kind. */
const DATABASE_ENTRIES: Record<DatabaseKind, string> = {
  pglite: 'database.tar',
  postgres: 'database.pgdump',
};
const MANIFEST_ENTRY = 'manifest.json';
/** The file store's areas of files the database names: in every backup (`cache/` can be made again). */
export const FILE_AREAS = ['uploads', 'private', 'imports'] as const;

/** The tables an owner recognises, counted into the manifest (and shown after a restore). */
const COUNTED_TABLES = ['orders', 'order_items', 'payments', 'products', 'customers'] as const;

export interface DatabaseInfo {
  /** Migrations applied to the database; a restore refuses a backup with more than this code knows. */
  migrations: number;
  lastMigration: string | null;
  counts: Record<string, number>;
}

export interface BackupManifest extends DatabaseInfo {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** The database's kind (absent in backups made before PostgreSQL had its own: the embedded one). */
  databaseKind?: DatabaseKind;
  createdAt: string;
  vitrinVersion: string;
  database: { size: number; sha256: string };
  /** Every file of `FILE_AREAS`, its path starting with its folder (`uploads/products/…`). */
  files: { path: string; size: number; sha256: string }[];
}

interface Journal {
  entries: { when: number; tag: string }[];
}
const journal = (): Journal =>
  JSON.parse(
    readFileSync(new URL('../db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
  ) as Journal;
const vitrinVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;

/** The migrations this code knows. */
export const knownMigrations = (): number => journal().entries.length;

/** The schema's place in the migrations and the owner's main counts. */
export async function describeDatabase(database: Pick<Database, 'query'>): Promise<DatabaseInfo> {
  const [applied] = await database.query<{ n: number; last: string | null }>(
    'select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const last = applied?.last ? Number(applied.last) : null;
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const [row] = await database.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    counts[table] = row?.n ?? 0;
  }
  return {
    migrations: applied?.n ?? 0,
    lastMigration: journal().entries.find((e) => e.when === last)?.tag ?? null,
    counts,
  };
}

/**
 * Writes the database's image to `file` (a new file; for the embedded database the running server does this
 * for the CLI, and the nightly backup beside its target) and answers its description. The image goes to the
 * disk as it is made: it is never whole in memory. On PostgreSQL it is `pg_dump`'s custom format, made with
 * the client of the server's major version (`pg-tools.ts`) from `databaseUrl`.
 */
export async function dumpDatabase(
  database: Database,
  file: string,
  postgres: { databaseUrl?: string | undefined; search?: PgToolSearch } = {},
): Promise<DatabaseInfo> {
  if (database.kind === 'postgres' && postgres.databaseUrl) {
    try {
      return await dumpPostgres(database, postgres.databaseUrl, file, postgres.search);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') await rm(file, { force: true }).catch(() => {});
      if (err instanceof DomainError) throw err;
      throw writeFailure(err, 'Veritabanı dökümü');
    }
  }
  if (!database.dumpTo) {
    throw backupError(
      'POSTGRESQL_YEDEGI',
      'PostgreSQL veritabanı, adresi (DATABASE_URL) verilmeden dökülemez.',
    );
  }
  try {
    await database.dumpTo(file);
  } catch (err) {
    // What this dump began (a full disk midway), never a file that was there before (`wx` refused it).
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') await rm(file, { force: true }).catch(() => {});
    if (err instanceof DomainError) throw err;
    throw writeFailure(err, 'Veritabanı dökümü');
  }
  return describeDatabase(database);
}

/**
 * `pg_dump` of the database into `file`, from a snapshot a read-only transaction exports: the description
 * (migrations, counts) is read in that transaction, so the manifest's counts are the dump's own while the
 * shop keeps taking orders.
 */
async function dumpPostgres(
  database: Database,
  databaseUrl: string,
  file: string,
  search: PgToolSearch | undefined,
): Promise<DatabaseInfo> {
  const pgDump = await findPgTool('pg_dump', await serverMajor(database), search);
  const { dbname, env } = connectionOf(databaseUrl);
  // Made here, new and readable by its owner only: pg_dump keeps the mode of the file it writes into, where
  // its own would follow the umask (often readable by every user of the machine, with every customer in it).
  await writeFile(file, '', { flag: 'wx', mode: 0o600 });
  let info: DatabaseInfo | undefined;
  await database.db.transaction(
    async (tx) => {
      const query = async <T>(text: string) =>
        ((await tx.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
      const [exported] = await query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
      info = await describeDatabase({ query });
      await runPgTool(
        pgDump,
        [
          '--format=custom',
          `--file=${file}`,
          `--snapshot=${exported!.snapshot}`,
          '--no-password',
          `--dbname=${dbname}`,
        ],
        env,
      );
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return info!;
}

/**
 * Refuses a target the backup cannot be written to, before anything is dumped: no name, an existing file
 * (unless `force`), a folder that is missing or not writable.
 */
export async function checkTarget(file: string | undefined, force: boolean): Promise<string> {
  if (!file?.trim()) {
    throw backupError(
      'YEDEK_DOSYASI_GEREKLI',
      'Yedek dosyasının adını yazın, ör. npm run vitrin -- backup /yedekler/vitrin-2026-11-27.tar.gz',
    );
  }
  const target = path.resolve(file);
  const existing = await stat(target).catch(() => null);
  if (existing?.isDirectory()) {
    throw backupError('YEDEK_DOSYASI_KLASOR', `"${target}" bir klasör; yedek için bir dosya adı yazın.`);
  }
  if (existing && !force) {
    throw backupError(
      'YEDEK_DOSYASI_VAR',
      `"${target}" zaten var; üzerine yazılmadı. Başka bir ad seçin ya da üzerine yazmak için --force ekleyin.`,
    );
  }
  const dir = path.dirname(target);
  const dirStat = await stat(dir).catch(() => null);
  if (!dirStat?.isDirectory()) {
    throw backupError('YEDEK_KLASORU_YOK', `"${dir}" klasörü yok; önce oluşturun ya da başka bir yer seçin.`);
  }
  try {
    await access(dir, constants.W_OK);
  } catch {
    throw backupError('YAZMA_IZNI_YOK', `"${dir}" klasörüne yazma izni yok; yedek yazılamaz.`);
  }
  return target;
}

/** Every file of the areas backed up, area by area, each area's keys in a stable order. */
async function storedFiles(files: FileStore): Promise<StoredFile[]> {
  const all: StoredFile[] = [];
  for (const area of FILE_AREAS) {
    const listed: StoredFile[] = [];
    for await (const file of files.list(`${area}/`)) listed.push(file);
    all.push(...listed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)));
  }
  return all;
}

function addEntry(pack: tar.Pack, name: string, data: Uint8Array, mtime: Date): Promise<void> {
  return new Promise((resolve, reject) => {
    const sink = pack.entry({ name, size: data.byteLength, mtime, mode: 0o600 }, data, (err) =>
      err ? reject(err) : resolve(),
    );
    // A failed write (a full disk) destroys the entry too: the callback above reports it, and an 'error'
    // event nobody listens to would end the process.
    sink.on('error', () => {});
  });
}

/** Adds `reading` (`size` bytes) as the entry `name`, streamed; answers its size and SHA-256. */
async function addStreamEntry(
  pack: tar.Pack,
  name: string,
  reading: Readable,
  size: number,
  mtime: Date,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  const sink = pack.entry({ name, size, mtime, mode: 0o600 });
  reading.on('data', (chunk: Buffer) => hash.update(chunk));
  await pipeline(reading, sink);
  return { size, sha256: hash.digest('hex') };
}

/**
 * Writes the backup archive: into a temporary file beside the target, renamed over it only once complete, so a
 * full disk or a crash leaves no half backup under the target's name.
 */
export async function writeBackup(options: {
  file: string;
  /** The database's image, as `dumpDatabase` wrote it. */
  imageFile: string;
  /** The kind of database the image is of (the embedded one when not said). */
  databaseKind?: DatabaseKind;
  info: DatabaseInfo;
  /** The shop's file store, whose `FILE_AREAS` areas go in. */
  files: FileStore;
  now?: Date;
}): Promise<{ file: string; sizeBytes: number; manifest: BackupManifest }> {
  const kind = options.databaseKind ?? 'pglite';
  const now = options.now ?? new Date();
  const temporary = temporaryFileOf(options.file);
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
  // A failed write ends the pipeline first; the entries then fail with it instead of waiting.
  written.catch(() => pack.destroy());
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: FORMAT_VERSION,
    createdAt: now.toISOString(),
    vitrinVersion: vitrinVersion(),
    databaseKind: kind,
    ...options.info,
    database: { size: 0, sha256: '' },
    files: [],
  };
  try {
    const filling = (async () => {
      const { size } = await stat(options.imageFile);
      manifest.database = await addStreamEntry(
        pack,
        DATABASE_ENTRIES[kind],
        createReadStream(options.imageFile),
        size,
        now,
      );
      for (const listed of await storedFiles(options.files)) {
        // A file removed since the listing (the hourly purge of unused uploads) is simply not in the backup.
        const opened = await options.files.read(listed.key);
        if (!opened) continue;
        const entry = await addStreamEntry(pack, listed.key, opened.body, opened.file.size, now);
        manifest.files.push({ path: listed.key, ...entry });
      }
      await addEntry(pack, MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)), now);
      pack.finalize();
    })();
    await Promise.all([written, filling]);
    await rename(temporary, options.file);
  } catch (err) {
    await rm(temporary, { force: true }).catch(() => {});
    // The store's own refusal (the bucket away) says so itself.
    if (err instanceof DomainError) throw err;
    throw writeFailure(err, 'Yedek dosyası');
  }
  return { file: options.file, sizeBytes: (await stat(options.file)).size, manifest };
}

const notABackup = (file: string) =>
  backupError('YEDEK_GECERSIZ', `"${file}" bir Vitrin yedeği değil; hiçbir şey değiştirilmedi.`);
const cutShort = (file: string) =>
  backupError(
    'YEDEK_EKSIK',
    `"${file}" eksik ya da bozuk (dosya yarıda kesilmiş olabilir); hiçbir şey değiştirilmedi.`,
  );

/** Whether a path from the archive is a file of one of `FILE_AREAS` (never one that could leave it). */
function safeFilePath(name: string): boolean {
  const [folder, ...rest] = name.split('/');
  return (
    (FILE_AREAS as readonly string[]).includes(folder!) &&
    rest.length > 0 &&
    !name.includes('\\') &&
    rest.every((p) => p !== '..' && p !== '' && p !== '.')
  );
}

/** A pass-through of a read that counts its bytes and hashes them (SHA-256) on the way. */
function countedBytes() {
  const hash = createHash('sha256');
  let size = 0;
  return {
    counted: async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        hash.update(chunk);
        size += chunk.byteLength;
        yield chunk;
      }
    },
    result: () => ({ size, sha256: hash.digest('hex') }),
  };
}

/**
 * Unpacks the database's image (a tar of its directory, as `dumpTo` and PGlite's `dumpDataDir` write it) into
 * the directory `into` as it is read, file by file; answers the image's size and SHA-256. PGlite then opens the
 * directory as it is: its own `loadDataDir` would hold the image and every file of it in memory.
 */
async function unpackDatabase(
  image: AsyncIterable<Buffer>,
  into: string,
  file: string,
): Promise<{ size: number; sha256: string }> {
  const { counted, result } = countedBytes();
  const extract = tar.extract();
  const feeding = pipeline(image, counted, extract);
  // Its failure (the archive cut short) also ends the loop below with an error.
  feeding.catch(() => {});
  for await (const entry of extract) {
    const parts = entry.header.name.split('/').filter((p) => p !== '' && p !== '.');
    if (parts.length === 0 || parts.includes('..') || entry.header.name.includes('\\'))
      throw notABackup(file);
    const target = path.join(into, ...parts);
    const written =
      entry.header.type === 'directory'
        ? mkdir(target, { recursive: true, mode: 0o700 }).then(() => entry.resume())
        : entry.header.type === 'file'
          ? mkdir(path.dirname(target), { recursive: true, mode: 0o700 }).then(() =>
              pipeline(entry, createWriteStream(target, { flags: 'wx', mode: 0o600 })),
            )
          : Promise.reject(notABackup(file));
    await written.catch((err: unknown) => {
      // The disk's refusal (full, not writable); anything else is the archive's.
      throw (err as NodeJS.ErrnoException).syscall ? writeFailure(err, 'Veritabanı') : err;
    });
  }
  await feeding;
  return result();
}

async function collect(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Writes an entry to the new file `target` as it is read; answers its size and SHA-256. */
async function saveEntry(
  entry: AsyncIterable<Buffer>,
  target: string,
  what: string,
): Promise<{ size: number; sha256: string }> {
  const { counted, result } = countedBytes();
  try {
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(entry, counted, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  } catch (err) {
    // The disk's refusal (full, not writable); anything else is the archive's.
    throw (err as NodeJS.ErrnoException).syscall ? writeFailure(err, what) : err;
  }
  return result();
}

/** Where `readBackup` puts a PostgreSQL backup's dump, for `pg_restore`. */
export const pgDumpFileIn = (intoDir: string) => path.join(intoDir, DATABASE_ENTRIES.postgres);

const kindNames: Record<DatabaseKind, string> = {
  pglite: 'gömülü veritabanının (DATABASE_URL olmadan çalışan mağazanın)',
  postgres: 'bir PostgreSQL veritabanının (DATABASE_URL ile çalışan mağazanın)',
};
/**
 * A backup of the other kind of database. Loading one into the other would mean translating the whole
 * database (PGlite has no `pg_dump` of the custom format, a `pg_dump` cannot be loaded into PGlite's
 * directory image), so it is refused before anything is written.
 */
const otherKind = (file: string, found: DatabaseKind) =>
  backupError(
    'YEDEK_TURU_FARKLI',
    `"${file}" ${kindNames[found]} yedeği; bu mağaza ${found === 'postgres' ? 'gömülü veritabanında' : 'PostgreSQL üzerinde'} çalışıyor. ` +
      `Yedek yalnızca aynı türde bir veritabanına geri yüklenir: ${
        found === 'postgres'
          ? 'DATABASE_URL ile PostgreSQL’e geri yükleyin'
          : 'DATABASE_URL olmadan boş bir veri dizinine geri yükleyin'
      }. Hiçbir şey değiştirilmedi.`,
  );

/**
 * Reads a backup: its files are written under `intoDir` (`uploads/`, `private/`, `imports/`), its database's
 * directory under `intoDir/pg` or its PostgreSQL dump to `pgDumpFileIn(intoDir)` (streamed, never whole in
 * memory), and every entry is checked against the manifest. A file that is not one of ours, cut short or
 * changed is refused, and so is a backup of another kind of database than `expected`, at its first entry.
 */
export async function readBackup(
  file: string,
  intoDir: string,
  expected: DatabaseKind = 'pglite',
): Promise<{ manifest: BackupManifest }> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  // The pipeline's failure (not gzip, cut short) ends the reading of the entries with it: an entry's stream
  // whose archive failed under it may neither end nor fail, and a wait on it alone would never end (the
  // process then exited 0, as if restored).
  const failed = new Promise<never>((_, reject) => {
    reading.catch(reject);
  });
  failed.catch(() => {});
  const orFailed = <T>(step: Promise<T>) => Promise.race([step, failed]);
  let manifestText: Buffer | null = null;
  let image: { size: number; sha256: string } | null = null;
  let imageKind: DatabaseKind | null = null;
  const found = new Map<string, { size: number; sha256: string }>();
  try {
    const entries = extract[Symbol.asyncIterator]();
    for (let next = await orFailed(entries.next()); !next.done; next = await orFailed(entries.next())) {
      const entry = next.value;
      const { name, type } = entry.header;
      if (type !== 'file') throw notABackup(file);
      const kind = (Object.keys(DATABASE_ENTRIES) as DatabaseKind[]).find(
        (k) => DATABASE_ENTRIES[k] === name,
      );
      if (kind) {
        if (kind !== expected) throw otherKind(file, kind);
        if (image) throw notABackup(file);
        imageKind = kind;
        image = await orFailed(
          kind === 'pglite'
            ? unpackDatabase(entry as AsyncIterable<Buffer>, path.join(intoDir, 'pg'), file)
            : saveEntry(entry as AsyncIterable<Buffer>, pgDumpFileIn(intoDir), 'Veritabanı dökümü'),
        );
        continue;
      }
      if (name === MANIFEST_ENTRY) manifestText = await orFailed(collect(entry as AsyncIterable<Buffer>));
      else if (safeFilePath(name) && !found.has(name)) {
        const target = path.join(intoDir, ...name.split('/'));
        found.set(
          name,
          await orFailed(saveEntry(entry as AsyncIterable<Buffer>, target, 'Yüklenen dosyalar')),
        );
      } else throw notABackup(file);
    }
    await reading;
  } catch (err) {
    // Left in the middle: the rest of the archive is not read.
    extract.destroy();
    if (err instanceof DomainError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'Z_DATA_ERROR') throw notABackup(file);
    throw cutShort(file);
  }
  if (!manifestText || !image) throw manifestText || image ? cutShort(file) : notABackup(file);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse((manifestText as Buffer).toString('utf8')) as BackupManifest;
  } catch {
    throw notABackup(file);
  }
  if (
    manifest.format !== BACKUP_FORMAT ||
    !Array.isArray(manifest.files) ||
    (manifest.databaseKind ?? 'pglite') !== imageKind
  )
    throw notABackup(file);
  if (manifest.formatVersion !== FORMAT_VERSION) {
    throw backupError(
      'YEDEK_SURUMU_DESTEKLENMIYOR',
      `Bu yedek daha yeni bir Vitrin sürümüyle alınmış (biçim ${manifest.formatVersion}); Vitrin'i güncelleyip yeniden deneyin.`,
    );
  }
  const dbImage = image as { size: number; sha256: string };
  const mismatch =
    manifest.database.size !== dbImage.size ||
    manifest.database.sha256 !== dbImage.sha256 ||
    manifest.files.length !== found.size ||
    manifest.files.some((u) => {
      const f = found.get(u.path);
      return !f || f.size !== u.size || f.sha256 !== u.sha256;
    });
  if (mismatch) {
    throw backupError(
      'YEDEK_BOZUK',
      `"${file}" içindeki dosyalar yedeğin sağlama toplamlarıyla uyuşmuyor (dosya bozulmuş ya da değiştirilmiş); hiçbir şey değiştirilmedi.`,
    );
  }
  return { manifest };
}
