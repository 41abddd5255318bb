import type { Database } from '../db/client.ts';
import { withClusterLock } from '../db/cluster-lock.ts';
import { DomainError } from '../errors.ts';
import { DISK_FULL_CODE, DISK_FULL_MESSAGE, isDiskFull } from '../media/disk-full.ts';
import type { FileStore } from '../storage/file-store.ts';

/**
 * How long a product import's file is kept beside its report (the audit row names the run): long enough for
 * the owner to fetch again what was imported when a question comes up, short enough that the shop does not
 * hoard every price list it was sent.
 */
export const IMPORT_FILE_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV_TYPE = 'text/csv; charset=utf-8';

/** The run's folder in the store: a run id is 8-64 letters, digits and dashes (or a UUID), a key segment as it is. */
const folderOf = (id: string) => `imports/products/${id}/`;

/** The name the file came with as one key segment: no path, no control characters, never `.` or `..`. */
function nameSegment(name: string, type: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(-100);
  const fallback = type === XLSX_TYPE ? 'urunler.xlsx' : 'urunler.csv';
  return base && base !== '.' && base !== '..' ? encodeURIComponent(base) : fallback;
}

/** A kept import file as the panel downloads it. */
export interface KeptImportFile {
  bytes: Buffer;
  name: string;
  type: string;
}

/**
 * The files of product imports that were written, kept in the store's `imports/` area for their report: on
 * every node (the bucket) whichever node ran the import, removed after `IMPORT_FILE_DAYS` by the hourly purge.
 */
export function createKeptImportFiles(files: FileStore, database: Database) {
  async function removeRun(id: string) {
    for await (const file of files.list(folderOf(id))) await files.remove(file.key);
  }

  return {
    /**
     * Keeps the run's file before its changes are applied, so a written import always has its file: a full
     * disk (507 DISK_DOLU) or a bucket refusing writes (503 DEPOLAMA_KULLANILAMIYOR) stops the run with
     * nothing written, and the same request works once the store takes writes again.
     */
    async keep(id: string, file: { bytes: Buffer; name: string }): Promise<void> {
      // XLSX is a ZIP; anything else the import read is CSV text.
      const type = file.bytes.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004' ? XLSX_TYPE : CSV_TYPE;
      await removeRun(id);
      try {
        await files.put(`${folderOf(id)}${nameSegment(file.name, type)}`, file.bytes, { contentType: type });
      } catch (err) {
        throw isDiskFull(err) ? new DomainError(507, DISK_FULL_CODE, DISK_FULL_MESSAGE) : err;
      }
    },

    /** Takes back the file of a run whose changes were not applied. */
    forget: (id: string) => removeRun(id),

    /** The run's kept file, or undefined (a dry run, a refused one, one older than `IMPORT_FILE_DAYS`). */
    async read(id: string): Promise<KeptImportFile | undefined> {
      for await (const file of files.list(folderOf(id))) {
        const bytes = await files.readBytes(file.key);
        if (!bytes) continue;
        const name = decodeURIComponent(file.key.slice(folderOf(id).length));
        return { bytes, name, type: name.toLowerCase().endsWith('.xlsx') ? XLSX_TYPE : CSV_TYPE };
      }
      return undefined;
    },

    /** Removes the files kept longer than `IMPORT_FILE_DAYS`; one app node at a time. Returns how many. */
    async purge(at = new Date()): Promise<number> {
      const cutoff = at.getTime() - IMPORT_FILE_DAYS * DAY_MS;
      const purged = await withClusterLock(database, 'import-files-purge', async () => {
        let removed = 0;
        for await (const file of files.list('imports/products/')) {
          if (file.modified.getTime() >= cutoff) continue;
          await files.remove(file.key);
          removed += 1;
        }
        return removed;
      });
      return purged.ran ? purged.value : 0;
    },
  };
}

export type KeptImportFiles = ReturnType<typeof createKeptImportFiles>;
