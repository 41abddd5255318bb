import { DomainError } from '../errors.ts';

/**
 * A backup or restore that cannot be done, with a Turkish message for the owner; nothing was left
 * half-written. Never an HTTP answer (500 if one ever were).
 */
export const backupError = (code: string, message: string) => new DomainError(500, code, message);

/** What an owner of a PostgreSQL shop does instead (docs/operations.md, "Backups", has the full steps). */
export const POSTGRES_BACKUP_HINT =
  'Mağaza PostgreSQL üzerinde çalışıyor (DATABASE_URL); bu komut yalnızca gömülü veritabanını yedekler. ' +
  'Veritabanını pg_dump ile yedekleyin: pg_dump --format=custom --file=vitrin.dump "$DATABASE_URL" ' +
  've dosya klasörlerini (DATA_DIR/uploads ve DATA_DIR/private) ayrıca kopyalayın, ör. tar -czf dosyalar.tar.gz -C "$DATA_DIR" uploads private.';

export const POSTGRES_RESTORE_HINT =
  'Mağaza PostgreSQL üzerinde çalışıyor (DATABASE_URL); bu komut yalnızca gömülü veritabanını geri yükler. ' +
  'Boş bir veritabanına pg_restore ile yükleyin: pg_restore --no-owner --dbname="$DATABASE_URL" vitrin.dump ' +
  've dosya klasörlerini geri açın: tar -xzf dosyalar.tar.gz -C "$DATA_DIR".';

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
