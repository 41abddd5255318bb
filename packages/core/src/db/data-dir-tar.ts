import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar-stream';

/**
 * Writes the embedded database's directory to `file` as the tar PGlite's `dumpDataDir` makes (the same entry
 * names, `/base/1/…`, directories included, so `loadDataDir` opens it), one file at a time from the disk:
 * PGlite's own dump reads every file into memory and builds the tar there too, about twice the database's
 * size in the server's memory. The caller holds the database still (no statement runs) meanwhile.
 */
export async function writeDataDirTar(dir: string, file: string): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  // A failed write (a full disk) ends the pipeline first; the entries then fail with it instead of waiting.
  written.catch(() => pack.destroy());
  const filling = (async () => {
    const walk = async (relative: string): Promise<void> => {
      const names = (await readdir(path.join(dir, relative))).sort();
      for (const name of names) {
        const entry = `${relative}/${name}`;
        const info = await lstat(path.join(dir, entry));
        const header = { name: entry, mode: info.mode & 0o7777, mtime: info.mtime };
        if (info.isDirectory()) {
          await new Promise<void>((resolve, reject) =>
            pack.entry({ ...header, type: 'directory' }, (err) => (err ? reject(err) : resolve())),
          );
          await walk(entry);
        } else if (info.isFile()) {
          const sink = pack.entry({ ...header, size: info.size });
          await pipeline(createReadStream(path.join(dir, entry)), sink);
        }
      }
    };
    await walk('');
    pack.finalize();
  })();
  try {
    await Promise.all([written, filling]);
  } catch (err) {
    // Never a file that was there before (`wx` refused it): only what this write began.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') await rm(file, { force: true }).catch(() => {});
    throw err;
  }
}
