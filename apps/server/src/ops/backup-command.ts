import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Services } from '@vitrin/core';
import { dumpDatabase } from '@vitrin/core/backup/archive';
import { commandError } from './command-error.ts';

export const BACKUP_USAGE = `  backup DOSYA [--force]      Veritabanını (gömülü ya da PostgreSQL: pg_dump) ve mağazanın dosyalarını
                              tek dosyaya yedekler (mağaza çalışırken de; --force: var olan dosyanın
                              üzerine yazar)
  restore DOSYA [--force]     Bir yedeği boş bir veri dizinine ya da boş bir PostgreSQL veritabanına
                              geri yükler (sunucular durmuşken; --force: dolu dizinin içeriğini kenara
                              taşır, dolu veritabanının içeriğini yedektekiyle değiştirir)`;

/** The control command the CLI sends the server that holds the database: write its image to a file. */
export const DUMP_COMMAND = 'backup-dump';

/**
 * Inside the server that holds the embedded database (over the control socket): writes the database's image,
 * taken between transactions, to the file the CLI names (a new one) and answers its description. The CLI adds the uploads.
 */
export async function dumpCommand(
  services: Services,
  args: readonly string[],
  signal?: AbortSignal,
): Promise<string> {
  const [file] = args;
  if (!file || !path.isAbsolute(file))
    throw commandError('KOMUT_GECERSIZ', 'Döküm için tam bir dosya yolu gerekli.');
  const info = await dumpDatabase(services.database, file);
  // The CLI that asked went away meanwhile (killed): nobody will pack the image or remove it.
  if (signal?.aborted) {
    await rm(file, { force: true });
    throw commandError('YEDEK_IPTAL', 'Dökümü isteyen komut durdu; döküm silindi.');
  }
  return JSON.stringify(info);
}
