/** A backup or restore that cannot be done, with a Turkish message for the owner; nothing was left half-written. */
export class BackupError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

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
export function writeFailure(err: unknown, where: string): BackupError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new BackupError('DISK_DOLU', `Diskte yer kalmadı; ${where} yazılamadı. Yer açıp yeniden deneyin.`);
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new BackupError('YAZMA_IZNI_YOK', `${where} yazılamadı: bu klasöre yazma izni yok.`);
  }
  return new BackupError(
    'YEDEK_YAZILAMADI',
    `${where} yazılamadı: ${err instanceof Error ? err.message : String(err)}`,
  );
}
