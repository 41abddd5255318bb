import type { BackupState } from '@vitrin/shared/api/admin/dashboard';
import { formatDateTime } from '@vitrin/shared/dates';
import { Badge } from '../ui/badge.tsx';
import { Card } from './figures.tsx';

const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('tr-TR', { maximumFractionDigits: 1 })} MB`;

/**
 * The nightly backup: when it runs, and how the last one went (a failure with its reason, so an owner sees it
 * the morning after). On PostgreSQL one app node makes it with pg_dump; the card adds that the database
 * server's own backups (point-in-time recovery) are the finer net, and that they do not hold the files.
 */
export function BackupCard({ backup }: { backup: BackupState }) {
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
        {backup.database === 'postgres' && (
          <p className="text-stone-700">
            Veritabanı bir PostgreSQL sunucusunda: gece yedeğini sunuculardan biri pg_dump ile alır. Sunucunun
            kendi yedekleri (anlık geri dönüş) veritabanını dakikası dakikasına korur ama yüklenen dosyaları
            içermez; ayrıntılar kılavuzun “Yedekleme” bölümünde.
          </p>
        )}
      </div>
    </Card>
  );
}
