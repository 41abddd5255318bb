import { unlink, writeFile } from 'node:fs/promises';

/**
 * A write that found the disk (or the account's quota) full. Upload writers remove what they had written and
 * answer DISK_DOLU: 507 for an upload, 503 for a resized image. Nothing is remembered, so the same request
 * succeeds once space is freed.
 */
export const DISK_FULL_CODE = 'DISK_DOLU';
export const DISK_FULL_MESSAGE =
  'Sunucuda yer kalmadığı için dosya kaydedilemedi; hiçbir şey kaydedilmedi. Lütfen biraz sonra yeniden deneyin.';

const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** Whether `err` is a full disk: Node's error code, or the system's message where a library keeps no code. */
export function isDiskFull(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && FULL_CODES.has(code)) return true;
  return typeof message === 'string' && /no space left on device|disk quota exceeded/i.test(message);
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
