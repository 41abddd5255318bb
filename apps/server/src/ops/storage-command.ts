import path from 'node:path';
import { DomainError } from '@vitrin/core/errors';
import { createDiskStore } from '@vitrin/core/storage/disk-store';
import { MIGRATED_AREAS, type MigrationCounts, migrateFiles } from '@vitrin/core/storage/migrate';
import { isStoreUnavailable } from '@vitrin/core/storage/unavailable';
import { commandError } from './command-error.ts';
import type { Config } from './config.ts';

export const STORAGE_USAGE = `  storage migrate [--cache]   Veri dizinindeki dosyaları (uploads/, private/, imports/) S3_BUCKET
                              kovasına aynı adlarla kopyalar; kovada aynısı olanı atlar, yarıda
                              kalırsa yeniden çalıştırınca kaldığı yerden sürer
                              (--cache: küçültülmüş görselleri de kopyalar)`;

const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('tr-TR', { maximumFractionDigits: 1 })} MB`;

/** What a long run has done so far, for a line every few seconds. */
export const progressLine = (c: MigrationCounts) =>
  `… ${c.copied} dosya kopyalandı (${megabytes(c.bytes)}), ${c.skipped} dosya atlandı`;

const summary = (c: MigrationCounts) =>
  `${c.copied} dosya kopyalandı (${megabytes(c.bytes)}), ${c.skipped} dosya kovada zaten aynısıyla vardı (atlandı).`;

/**
 * `npm run vitrin -- storage migrate [--cache]`: copies the data directory's files into the bucket the S3_*
 * variables name, run by the CLI itself (no database is opened: the files are all it reads). Safe while
 * the shop runs and as often as wanted; the last run before the nodes switch to the bucket copies what the
 * shop wrote meanwhile.
 */
export async function storageCliCommand(
  config: Config,
  args: readonly string[],
  /** Told of each file done, copied or skipped, with the counts so far (progress lines; tests cut a run short). */
  onFile?: (key: string, outcome: 'copied' | 'skipped', counts: MigrationCounts) => void,
): Promise<string> {
  const [, sub, ...rest] = args;
  const unknown = rest.find((a) => a !== '--cache');
  if (sub !== 'migrate' || unknown !== undefined) {
    throw commandError('KOMUT_GECERSIZ', `Geçersiz kullanım. Kullanım:\n${STORAGE_USAGE}`);
  }
  const { s3 } = config.storage;
  if (!s3) {
    throw commandError(
      'KOVA_AYARLANMAMIS',
      'S3_BUCKET ayarlı değil: dosyaların kopyalanacağı kovayı S3_BUCKET, S3_ACCESS_KEY_ID ve S3_SECRET_ACCESS_KEY ' +
        '(S3 dışında bir hizmette S3_ENDPOINT) ile verin; hiçbir şey kopyalanmadı.',
    );
  }
  const areas = rest.includes('--cache') ? [...MIGRATED_AREAS, 'cache' as const] : MIGRATED_AREAS;
  let progress: MigrationCounts = { copied: 0, skipped: 0, bytes: 0 };
  // Loaded here, not with the module: the server's command list names this command too.
  const { createS3Store } = await import('@vitrin/core/storage/s3-store');
  const target = createS3Store(s3);
  try {
    await target.checkBucket();
    const counts = await migrateFiles({
      source: createDiskStore(config.dataDir),
      target,
      areas,
      onFile: (key, outcome, counts) => {
        progress = counts;
        onFile?.(key, outcome, counts);
      },
    });
    return [
      `Veri dizini: ${path.resolve(config.dataDir)} → kova: ${s3.bucket} (${areas.map((a) => `${a}/`).join(', ')})`,
      summary(counts),
    ].join('\n');
  } catch (err) {
    if (!isStoreUnavailable(err)) throw err;
    // What was copied stays: the next run skips it and goes on.
    throw new DomainError(
      503,
      err.code,
      `${err.message}\nBu çalıştırmada ${progress.copied} dosya kopyalandı; komutu yeniden çalıştırınca kaldığı yerden sürer.`,
      undefined,
      { cause: err },
    );
  }
}
