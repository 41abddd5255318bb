import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { type Database, openDatabase } from '@vitrin/core';
import { checkTarget, type DatabaseInfo, dumpDatabase, writeBackup } from '@vitrin/core/backup/archive';
import {
  imageFileOf,
  removedIfInterrupted,
  removeLeftovers,
  temporaryFileOf,
} from '@vitrin/core/backup/leftovers';
import { restoreBackup } from '@vitrin/core/backup/restore';
import { restoreConnectionUrl, restorePostgres } from '@vitrin/core/backup/restore-postgres';
import type { FileStore } from '@vitrin/core/storage/file-store';
import { createFileStore } from '@vitrin/core/storage/from-config';
import { BACKUP_USAGE, DUMP_COMMAND } from './backup-command.ts';
import { commandError } from './command-error.ts';
import type { Config } from './config.ts';
import { controlSocketPath, sendControlCommand } from './control.ts';

const describe = (info: DatabaseInfo) =>
  `${info.counts.orders ?? 0} sipariş, ${info.counts.products ?? 0} ürün, ${info.counts.customers ?? 0} müşteri`;

const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('tr-TR', { maximumFractionDigits: 1 })} MB`;

/** `backup|restore FILE [--force]`: the file and the flag, anything else refused. */
function parseArgs(args: readonly string[]): { file: string | undefined; force: boolean } {
  const rest = args.slice(1);
  const force = rest.includes('--force');
  const others = rest.filter((a) => a !== '--force');
  const unknown = others.find((a) => a.startsWith('--'));
  if (unknown || others.length > 1) {
    throw commandError(
      'KOMUT_GECERSIZ',
      `${unknown ? `Geçersiz seçenek "${unknown}"` : 'Fazla bağımsız değişken'}. Kullanım:\n${BACKUP_USAGE}`,
    );
  }
  return { file: others[0], force };
}

/**
 * The shop's file store, as the server opens it (the bucket with `S3_BUCKET`, else the data directory): the
 * backup reads the files from it and a restore writes them back into it.
 */
const shopFiles = async (config: Config): Promise<FileStore> =>
  createFileStore({ dataDir: config.dataDir, s3: config.storage.s3 });

/** The shop's PostgreSQL database for `work`, closed afterwards: two connections are all a backup uses. */
async function withPostgres<T>(databaseUrl: string, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** `npm run vitrin -- backup|restore …`, run by the CLI itself (never forwarded whole to a server). */
export async function backupCliCommand(config: Config, args: readonly string[]): Promise<string> {
  const { file, force } = parseArgs(args);
  const { databaseUrl } = config;
  if (args[0] === 'restore' && databaseUrl) {
    const dataDir = path.resolve(config.dataDir);
    const files = await shopFiles(config);
    const restored = await withPostgres(restoreConnectionUrl(databaseUrl), (database) =>
      restorePostgres({
        file,
        database,
        databaseUrl,
        files,
        // Beside the data directory, as the embedded database's restore: the node's own disk.
        stagingDir: path.join(
          path.dirname(dataDir),
          `.${path.basename(dataDir)}.geri-yukleniyor-${process.pid}`,
        ),
        force,
      }),
    );
    return [
      `Yedek PostgreSQL veritabanına geri yüklendi (yedeğin tarihi ${restored.manifest.createdAt}).`,
      `${describe(restored.info)}, ${restored.manifest.files.length} dosya (yüklenen görseller, destek ekleri ve içe aktarma dosyaları).`,
      ...(restored.manifest.migrations < restored.info.migrations
        ? [
            `Veritabanı şeması bu sürüme güncellendi (${restored.info.migrations - restored.manifest.migrations} adım).`,
          ]
        : []),
    ].join('\n');
  }
  if (args[0] === 'restore') {
    const restored = await restoreBackup({
      file,
      dataDir: config.dataDir,
      files: await shopFiles(config),
      force,
    });
    return [
      `Yedek geri yüklendi: ${path.resolve(config.dataDir)} (yedeğin tarihi ${restored.manifest.createdAt}).`,
      `${describe(restored.info)}, ${restored.manifest.files.length} dosya (yüklenen görseller ve destek ekleri).`,
      ...(restored.manifest.migrations < restored.info.migrations
        ? [
            `Veritabanı şeması bu sürüme güncellendi (${restored.info.migrations - restored.manifest.migrations} adım).`,
          ]
        : []),
      ...(restored.movedAside ? [`Dizinin önceki içeriği şuraya taşındı: ${restored.movedAside}`] : []),
    ].join('\n');
  }
  const target = await checkTarget(file, force);
  // What killed backups left beside the target goes first; this one's image goes whatever ends it.
  await removeLeftovers(path.dirname(target));
  const imageFile = imageFileOf(target);
  let info: DatabaseInfo;
  let written: Awaited<ReturnType<typeof writeBackup>>;
  try {
    ({ info, written } = await removedIfInterrupted([imageFile, temporaryFileOf(target)], async () => {
      const files = await shopFiles(config);
      if (databaseUrl) {
        // The files are read after the dump, as on the embedded database: every file a dumped row names is there.
        return withPostgres(databaseUrl, async (database) => {
          const info = await dumpDatabase(database, imageFile, { databaseUrl });
          const written = await writeBackup({
            file: target,
            imageFile,
            databaseKind: 'postgres',
            info,
            files,
          });
          return { info, written };
        });
      }
      const info = await dumpImage(config.dataDir, imageFile);
      return { info, written: await writeBackup({ file: target, imageFile, info, files }) };
    }));
  } finally {
    await rm(imageFile, { force: true });
  }
  return `Yedek yazıldı: ${written.file} (${megabytes(written.sizeBytes)}). ${describe(info)}, ${written.manifest.files.length} dosya (yüklenen görseller, destek ekleri ve içe aktarma dosyaları).`;
}

/**
 * Writes the database's image to `imageFile`: by the running server when one holds the directory (it dumps
 * between two transactions while it keeps taking orders), else from the directory opened here.
 */
async function dumpImage(dataDir: string, imageFile: string): Promise<DatabaseInfo> {
  const answer = await sendControlCommand(controlSocketPath(dataDir), [DUMP_COMMAND, imageFile]);
  if (answer) {
    if (!answer.ok) throw commandError(answer.code, answer.message);
    return JSON.parse(answer.output) as DatabaseInfo;
  }
  if (!existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))) {
    throw commandError(
      'VERI_DIZINI_BOS',
      `"${path.resolve(dataDir)}" veri dizininde bir mağaza veritabanı yok; yedeklenecek bir şey yok. Mağazanın veri dizinini DATA_DIR ile verin.`,
    );
  }
  const database = await openDatabase({ dataDir });
  try {
    return await dumpDatabase(database, imageFile);
  } finally {
    await database.close();
  }
}
