import { unlink, writeFile } from 'node:fs/promises';

/**
 * A write that found the disk (or the account's quota) full. Upload writers remove what they had written and
 * answer DISK_DOLU: 507 for an upload, 503 for a resized image. Nothing is remembered, so the same request
 * succeeds once space is freed.
 */
export const DISK_FULL_CODE = 'DISK_DOLU';
export const DISK_FULL_MESSAGE =
  'Sunucuda yer kalmadığı için dosya kaydedilemedi; hiçbir şey kaydedilmedi. Lütfen biraz sonra yeniden deneyin.';

/** Any other write (an order on the embedded database whose disk is full): nothing was saved. */
export const DISK_FULL_WRITE_MESSAGE =
  'Sunucuda yer kalmadığı için işleminiz kaydedilemedi; hiçbir şey değişmedi. Lütfen biraz sonra yeniden deneyin.';

/** Node's codes, and PostgreSQL's SQLSTATE disk_full. */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);

/**
 * Whether `err` (or an error it wraps, as Drizzle wraps the database's) is a full disk: its code, or the
 * system's message where a library keeps no code (the embedded database's "could not extend file").
 */
export function isDiskFull(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (typeof e.code === 'string' && FULL_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && /no space left on device|disk quota exceeded/i.test(e.message))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Writes `bytes` to the new file `file` (never over an existing one). A full disk can leave part of it
 * written: on any failure but "already exists" the file is removed before the error is thrown.
 */
export async function writeNewFile(file: string, bytes: Uint8Array, mode?: number): Promise<void> {
  try {
    await writeFile(file, bytes, { flag: 'wx', ...(mode === undefined ? {} : { mode }) });
  } catch (err) {
    if ((err as { code?: string }).code !== 'EEXIST') await unlink(file).catch(() => undefined);
    throw err;
  }
}
