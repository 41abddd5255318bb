import { mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { lockDataDir } from '../db/lock.ts';
import { DomainError } from '../errors.ts';
import type { FileStore } from '../storage/file-store.ts';
import {
  type BackupManifest,
  type DatabaseInfo,
  describeDatabase,
  FILE_AREAS,
  knownMigrations,
  readBackup,
} from './archive.ts';
import { backupError, writeFailure } from './errors.ts';
import { forgetLastResult } from './last-result.ts';

export interface RestoreResult {
  manifest: BackupManifest;
  /** The restored database after its migrations. */
  info: DatabaseInfo;
  /** Where the directory's previous contents were moved (`force` on a non-empty directory). */
  movedAside: string | null;
}

/**
 * Restores a backup into a data directory that no process holds: into a temporary directory beside it first
 * (checked against the manifest, the database opened and migrated there), then renamed into place, so a
 * refused or failed restore leaves the directory as it was. A non-empty directory is refused unless `force`;
 * its contents are then moved aside, not deleted.
 */
export async function restoreBackup(options: {
  file: string | undefined;
  dataDir: string;
  /**
   * The shop's file store when it is a bucket: the files go there rather than into the data directory (on
   * disk they are the data directory's own folders, renamed into place with the database).
   */
  files?: FileStore;
  force: boolean;
  now?: Date;
}): Promise<RestoreResult> {
  const file = await backupFileOf(options.file);
  const dataDir = path.resolve(options.dataDir);
  // Taking the lock makes the directory (and any missing parent): a refused restore removes what it made.
  const made = await firstMissing(dataDir);
  let unlock: () => Promise<void>;
  try {
    unlock = await lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DomainError && err.code === 'DATA_DIR_LOCKED') {
      throw backupError(
        'SUNUCU_CALISIYOR',
        `"${dataDir}" veri dizinini çalışan bir Vitrin sunucusu kullanıyor; geri yüklemeden önce sunucuyu durdurun. Hiçbir şey değiştirilmedi.`,
      );
    }
    await removeMade(made);
    throw writeFailure(err, 'Veri dizini');
  }
  let restored = false;
  const temporary = path.join(
    path.dirname(dataDir),
    `.${path.basename(dataDir)}.geri-yukleniyor-${process.pid}`,
  );
  try {
    const present = await readdir(dataDir);
    if (present.length > 0 && !options.force) {
      throw backupError(
        'VERI_DIZINI_DOLU',
        `"${dataDir}" veri dizini boş değil; geri yükleme boş bir dizine yapılır. Boş bir DATA_DIR verin ya da ` +
          'mevcut içeriği kenara taşıyıp yedeği yüklemek için --force ekleyin.',
      );
    }
    await rm(temporary, { recursive: true, force: true });
    await mkdir(temporary, { recursive: true }).catch((err: unknown) => {
      throw writeFailure(err, 'Geçici geri yükleme klasörü');
    });
    const { manifest } = await readBackup(file, temporary);
    checkMigrations(manifest);
    // The database's directory is unpacked in place: PGlite opens it as it is.
    const database = await openDatabase({ dataDir: temporary });
    let restoredInfo: DatabaseInfo;
    try {
      // A backup of an older version catches up with this one's schema.
      await database.migrate();
      await forgetLastResult(database);
      restoredInfo = await describeDatabase(database);
    } finally {
      await database.close();
    }
    if (options.files && options.files.kind !== 'disk') {
      for (const { path: key } of manifest.files) {
        await options.files.putFile(key, path.join(temporary, ...key.split('/')));
      }
      for (const area of FILE_AREAS) await rm(path.join(temporary, area), { recursive: true, force: true });
    }
    let movedAside: string | null = null;
    if (present.length > 0) {
      const stamp = (options.now ?? new Date()).toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
      movedAside = `${dataDir}.onceki-${stamp}`;
      await rename(dataDir, movedAside);
    } else {
      await rmdir(dataDir);
    }
    await rename(temporary, dataDir);
    restored = true;
    return { manifest, info: restoredInfo, movedAside };
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw writeFailure(err, 'Geri yüklenen veri');
  } finally {
    await rm(temporary, { recursive: true, force: true });
    await unlock();
    if (!restored) await removeMade(made);
  }
}

/** The backup file to restore, as an absolute path: refused when not named or not there. */
export async function backupFileOf(name: string | undefined): Promise<string> {
  if (!name?.trim()) {
    throw backupError(
      'YEDEK_DOSYASI_GEREKLI',
      'Geri yüklenecek yedek dosyasını yazın, ör. npm run vitrin -- restore /yedekler/vitrin-2026-11-27.tar.gz',
    );
  }
  const file = path.resolve(name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    throw backupError('YEDEK_DOSYASI_YOK', `"${file}" adında bir yedek dosyası yok.`);
  }
  return file;
}

/** The refusal of a backup of a schema newer than this code's migrations. */
export function checkMigrations(manifest: BackupManifest): void {
  if (manifest.migrations > knownMigrations()) {
    throw backupError(
      'YEDEK_DAHA_YENI',
      `Bu yedek daha yeni bir Vitrin sürümünün veritabanını içeriyor (${manifest.migrations} şema adımı, bu sürüm ${knownMigrations()}); önce Vitrin'i güncelleyin.`,
    );
  }
}

/** The outermost of `dir` and its parents that does not exist yet (`null`: the directory exists). */
async function firstMissing(dir: string): Promise<string | null> {
  let missing: string | null = null;
  for (let at = dir; !(await stat(at).catch(() => null)); at = path.dirname(at)) {
    missing = at;
    if (path.dirname(at) === at) break;
  }
  return missing;
}

/** Removes the directories a refused restore made, only while nothing has been put in them. */
async function removeMade(made: string | null) {
  if (!made) return;
  const empty = async (dir: string): Promise<boolean> => {
    const names = await readdir(dir).catch(() => null);
    if (!names) return false;
    for (const name of names) if (!(await empty(path.join(dir, name)))) return false;
    return true;
  };
  if (await empty(made)) await rm(made, { recursive: true, force: true });
}
