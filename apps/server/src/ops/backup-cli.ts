import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '@vitrin/core';
import { checkTarget, type DatabaseInfo, dumpDatabase, writeBackup } from '@vitrin/core/backup/archive';
import { backupError, POSTGRES_BACKUP_HINT, POSTGRES_RESTORE_HINT } from '@vitrin/core/backup/errors';
import {
  imageFileOf,
  removedIfInterrupted,
  removeLeftovers,
  temporaryFileOf,
} from '@vitrin/core/backup/leftovers';
import { restoreBackup } from '@vitrin/core/backup/restore';
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

/** `npm run vitrin -- backup|restore …`, run by the CLI itself (never forwarded whole to a server). */
export async function backupCliCommand(config: Config, args: readonly string[]): Promise<string> {
  const { file, force } = parseArgs(args);
  if (args[0] === 'restore') {
    if (config.databaseUrl) throw backupError('POSTGRESQL_GERI_YUKLEME', POSTGRES_RESTORE_HINT);
    const restored = await restoreBackup({ file, dataDir: config.dataDir, force });
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
  if (config.databaseUrl) throw backupError('POSTGRESQL_YEDEGI', POSTGRES_BACKUP_HINT);
  const target = await checkTarget(file, force);
  // What killed backups left beside the target goes first; this one's image goes whatever ends it.
  await removeLeftovers(path.dirname(target));
  const imageFile = imageFileOf(target);
  let info: DatabaseInfo;
  let written: Awaited<ReturnType<typeof writeBackup>>;
  try {
    ({ info, written } = await removedIfInterrupted([imageFile, temporaryFileOf(target)], async () => {
      const info = await dumpImage(config.dataDir, imageFile);
      return {
        info,
        written: await writeBackup({ file: target, imageFile, info, dataDir: config.dataDir }),
      };
    }));
  } finally {
    await rm(imageFile, { force: true });
  }
  return `Yedek yazıldı: ${written.file} (${megabytes(written.sizeBytes)}). ${describe(info)}, ${written.manifest.files.length} dosya (yüklenen görseller ve destek ekleri).`;
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
