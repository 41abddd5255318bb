import { DomainError } from '../errors.ts';

/**
 * A backup or restore that cannot be done, with a Turkish message for the owner; nothing was left
 * half-written. Never an HTTP answer (500 if one ever were).
 */
export const backupError = (code: string, message: string) => new DomainError(500, code, message);

/** The file-system error behind a failed write, in Turkish. */
export function writeFailure(err: unknown, where: string): DomainError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return backupError('DISK_DOLU', `Diskte yer kalmadı; ${where} yazılamadı. Yer açıp yeniden deneyin.`);
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return backupError('YAZMA_IZNI_YOK', `${where} yazılamadı: bu klasöre yazma izni yok.`);
  }
  return backupError(
    'YEDEK_YAZILAMADI',
    `${where} yazılamadı: ${err instanceof Error ? err.message : String(err)}`,
  );
}
