import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import {
  access,
  constants,
  lstat,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import type { Database } from '../db/client.ts';
import { DomainError } from '../errors.ts';
import { backupError, writeFailure } from './errors.ts';
import { temporaryFileOf } from './leftovers.ts';

/**
 * A Vitrin backup is one gzip-compressed tar: `database.tar` (the embedded database's data directory, as PGlite
 * dumps it between transactions), the data directory's files the database names (`uploads/…`: pictures and
 * personalization photos; `private/…`: support tickets' attachments) and, last, `manifest.json` with the
 * checksum of every other entry. The manifest comes last so the archive is written in one pass; a file cut short
 * has none and is refused whole.
 */
export const BACKUP_FORMAT = 'vitrin-yedek';
const FORMAT_VERSION = 1;
const DATABASE_ENTRY = 'database.tar';
const MANIFEST_ENTRY = 'manifest.json';
/** The data directory's folders of files the database names: in every backup, restored beside it. */
const FILE_FOLDERS = ['uploads', 'private'] as const;

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
  createdAt: string;
  vitrinVersion: string;
  database: { size: number; sha256: string };
  /** Every file of `FILE_FOLDERS`, its path starting with its folder (`uploads/products/…`). */
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
 * Writes the database's image to `file` (a new file; the running server does this for the CLI, and the nightly
 * backup beside its target) and answers its description. The image goes to the disk file by file: it is never
 * whole in memory.
 */
export async function dumpDatabase(database: Database, file: string): Promise<DatabaseInfo> {
  if (!database.dumpTo) throw backupError('POSTGRESQL_YEDEGI', 'PostgreSQL veritabanı dökülemez.');
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

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Every regular file of the folders backed up, as paths from the data directory with `/`, in a stable order. */
async function dataFiles(dataDir: string): Promise<string[]> {
  const files: string[] = [];
  for (const folder of FILE_FOLDERS) {
    const names = await readdir(path.join(dataDir, folder), { recursive: true }).catch(
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [] as string[];
        throw err;
      },
    );
    for (const name of names.sort()) {
      const info = await lstat(path.join(dataDir, folder, name)).catch(() => null);
      if (info?.isFile()) files.push(`${folder}/${name.split(path.sep).join('/')}`);
    }
  }
  return files;
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

/** Adds the file `from` as the entry `name`, read as a stream; answers its size and SHA-256. */
async function addFileEntry(
  pack: tar.Pack,
  name: string,
  from: string,
  mtime: Date,
): Promise<{ size: number; sha256: string }> {
  const { size } = await stat(from);
  const hash = createHash('sha256');
  const sink = pack.entry({ name, size, mtime, mode: 0o600 });
  const reading = createReadStream(from);
  reading.on('data', (chunk) => hash.update(chunk));
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
  info: DatabaseInfo;
  /** The data directory whose `FILE_FOLDERS` go in. */
  dataDir: string;
  now?: Date;
}): Promise<{ file: string; sizeBytes: number; manifest: BackupManifest }> {
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
    ...options.info,
    database: { size: 0, sha256: '' },
    files: [],
  };
  try {
    const filling = (async () => {
      manifest.database = await addFileEntry(pack, DATABASE_ENTRY, options.imageFile, now);
      for (const name of await dataFiles(options.dataDir)) {
        // A file removed since the listing (the hourly purge of unused uploads) is simply not in the backup.
        const data = await readFile(path.join(options.dataDir, ...name.split('/'))).catch(() => null);
        if (!data) continue;
        manifest.files.push({ path: name, size: data.byteLength, sha256: sha256(data) });
        await addEntry(pack, name, data, now);
      }
      await addEntry(pack, MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)), now);
      pack.finalize();
    })();
    await Promise.all([written, filling]);
    await rename(temporary, options.file);
  } catch (err) {
    await rm(temporary, { force: true }).catch(() => {});
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

/** Whether a path from the archive is a file of one of `FILE_FOLDERS` (never one that could leave it). */
function safeFilePath(name: string): boolean {
  const [folder, ...rest] = name.split('/');
  return (
    (FILE_FOLDERS as readonly string[]).includes(folder!) &&
    rest.length > 0 &&
    !name.includes('\\') &&
    rest.every((p) => p !== '..' && p !== '' && p !== '.')
  );
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
  const hash = createHash('sha256');
  let size = 0;
  const counted = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      hash.update(chunk);
      size += chunk.byteLength;
      yield chunk;
    }
  };
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
  return { size, sha256: hash.digest('hex') };
}

async function collect(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Reads a backup: its files are written under `intoDir` (`uploads/`, `private/`), its database's directory
 * under `intoDir/pg` (streamed, never whole in memory), and every entry is checked against the manifest. A file
 * that is not one of ours, cut short or changed is refused.
 */
export async function readBackup(file: string, intoDir: string): Promise<{ manifest: BackupManifest }> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  let manifestText: Buffer | null = null;
  let image: { size: number; sha256: string } | null = null;
  const found = new Map<string, { size: number; sha256: string }>();
  try {
    // The pipeline's failure (not gzip, cut short) also ends the loop below with an error.
    reading.catch(() => {});
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (type !== 'file') throw notABackup(file);
      if (name === DATABASE_ENTRY) {
        image = await unpackDatabase(entry as AsyncIterable<Buffer>, path.join(intoDir, 'pg'), file);
        continue;
      }
      const data = await collect(entry as AsyncIterable<Buffer>);
      if (name === MANIFEST_ENTRY) manifestText = data;
      else if (safeFilePath(name)) {
        const target = path.join(intoDir, ...name.split('/'));
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, data).catch((err: unknown) => {
          throw writeFailure(err, 'Yüklenen dosyalar');
        });
        found.set(name, { size: data.byteLength, sha256: sha256(data) });
      } else throw notABackup(file);
    }
    await reading;
  } catch (err) {
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
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.files)) throw notABackup(file);
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
