import type { SettingsAnswer } from '@vitrin/shared/api/admin/settings';
import { useId, useState } from 'react';
import { messageOf } from '../lib/api.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FormError } from '../ui/field.tsx';
import { useSaveSettings } from './settings-api.ts';

/**
 * Maintenance on and off, its state in words, and whether the bypass key is set (never it). Closing the shop
 * is asked first, saying what happens; opening it is one press.
 */
export function MaintenanceSwitch({ answer }: { answer: SettingsAnswer }) {
  const headingId = useId();
  const save = useSaveSettings();
  const [asking, setAsking] = useState(false);
  const inMaintenance = !answer.settings.is_online;
  const close = () =>
    save.mutate({ is_online: false }, { onSuccess: () => setAsking(false), onError: () => setAsking(false) });
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-stone-300 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="mb-4 text-lg font-semibold">
        Bakım modu
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={inMaintenance}
          disabled={save.isPending}
          onClick={() => (inMaintenance ? save.mutate({ is_online: true }) : setAsking(true))}
          className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border-2 ${
            inMaintenance ? 'border-red-700 bg-red-700' : 'border-stone-500 bg-stone-300'
          }`}
        >
          <span className="sr-only">Bakım modu</span>
          <span
            aria-hidden="true"
            className={`inline-block size-6 rounded-full bg-white shadow transition-transform ${
              inMaintenance ? 'translate-x-6' : 'translate-x-0.5'
            }`}
          />
        </button>
        <p role="status">
          {inMaintenance ? (
            <Badge tone="bad">Bakımda: mağaza ziyaretçilere kapalı</Badge>
          ) : (
            <Badge tone="good">Açık: mağaza ziyaretçilere açık</Badge>
          )}
        </p>
      </div>
      <p className="mt-3 text-sm text-stone-700">
        {answer.maintenance.bypassKeySet
          ? 'Bakım atlama anahtarı sunucuda tanımlı: anahtarı bilen, bakım sırasında mağazayı görebilir.'
          : 'Bakım atlama anahtarı tanımlı değil (MAINTENANCE_BYPASS_KEY): bakım sırasında mağazayı kimse göremez.'}{' '}
        Panel bakım sırasında da çalışır.
      </p>
      <FormError message={save.error ? messageOf(save.error) : undefined} />
      <Dialog title="Mağaza bakıma alınsın mı?" open={asking} onClose={() => setAsking(false)}>
        <p>
          Mağaza ziyaretçilere kapanır: her sayfada bakım ekranı görünür, sepete ekleme ve sipariş alınmaz.
          Panelde oturum açmış çalışanlar mağazayı üstte bir uyarıyla görmeye devam eder. Bakımı buradan
          istediğiniz an kapatabilirsiniz.
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button look="secondary" onClick={() => setAsking(false)}>
            Vazgeç
          </Button>
          <Button look="danger" disabled={save.isPending} onClick={close}>
            Mağazayı bakıma al
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
