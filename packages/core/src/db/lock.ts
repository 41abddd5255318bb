import { mkdirSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { StartupError } from './errors.ts';

/**
 * PGlite does not lock its directory and two processes on one directory corrupt it, so the app holds an
 * exclusive lock for as long as it runs. The lock is refreshed every few seconds; a crashed holder's lock
 * goes stale after `STALE_MS` and the next start takes it over.
 */
const STALE_MS = 10_000;

export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, 'pg');
  try {
    return await lockfile.lock(target, {
      realpath: false,
      stale: STALE_MS,
      lockfilePath: path.join(dataDir, 'vitrin.lock'),
      onCompromised: (err) => {
        console.error(`Veri dizini kilidi kayboldu (${dataDir}): ${err.message}`);
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new StartupError(
        'DATA_DIR_LOCKED',
        `Veri dizini "${dataDir}" başka bir Vitrin süreci tarafından kullanılıyor (kilit: ${path.join(dataDir, 'vitrin.lock')}). ` +
          'Gömülü veritabanını aynı anda yalnızca bir süreç açabilir: çalışan sunucuyu kullanın (CLI komutları ona iletilir), ' +
          'diğer süreci durdurun ya da DATABASE_URL ile bir PostgreSQL sunucusuna geçin.',
      );
    }
    throw err;
  }
}
