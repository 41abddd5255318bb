import type { BackupState } from '@vitrin/shared/api/admin/dashboard';
import { formatDateTime } from '@vitrin/shared/dates';
import { Badge } from '../ui/badge.tsx';
import { Card } from './figures.tsx';

const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('tr-TR', { maximumFractionDigits: 1 })} MB`;

/**
 * The nightly backup: when it runs, and how the last one went (a failure with its reason, so an owner sees it
 * the morning after). On PostgreSQL the database server keeps the backups, and the card says so.
 */
export function BackupCard({ backup }: { backup: BackupState }) {
  if (backup.database === 'postgres') {
    return (
      <Card title="Yedekleme">
        <p className="text-sm text-stone-800">
          Veritabanı bir PostgreSQL sunucusunda: yedeklerini veritabanı sunucusu alır (pg_dump ya da
          barındırma sağlayıcısının otomatik yedekleri). Yüklenen dosyaları ve destek eklerini (uploads ve
          private klasörleri) ayrıca yedekleyin; adımlar README’nin “Yedekleme” bölümünde.
        </p>
      </Card>
    );
  }
  const { last } = backup;
  return (
    <Card title="Gece yedeği">
      <div className="flex flex-col gap-2 text-sm text-stone-800">
        {!last ? (
          <p>
            <Badge tone="warn">Henüz yok</Badge> Bu mağazanın henüz bir gece yedeği yok.
          </p>
        ) : last.ok ? (
          <p>
            <Badge tone="good">Başarılı</Badge> Son yedek {formatDateTime(last.at)},{' '}
            {megabytes(last.sizeBytes ?? 0)}
            <span className="block break-all text-stone-700">{last.file}</span>
          </p>
        ) : (
          <p>
            <Badge tone="bad">Alınamadı</Badge> {formatDateTime(last.at)}: {last.reason}
          </p>
        )}
        <p className="text-stone-700">
          {backup.time
            ? `Her gece alınır (saat ${backup.time}, Türkiye saati); son ${backup.keep} yedek saklanır.`
            : 'Gece yedeği kapalı: Ayarlar → Gece yedeği bölümünden bir saat girin.'}
        </p>
      </div>
    </Card>
  );
}
