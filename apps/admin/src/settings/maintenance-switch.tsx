import type { SettingsAnswer } from '@vitrin/shared/api/admin/settings';
import { useId } from 'react';
import { messageOf } from '../lib/api.ts';
import { Badge } from '../ui/badge.tsx';
import { FormError } from '../ui/field.tsx';
import { useSaveSettings } from './settings-api.ts';

/** Maintenance on and off at one press, its state in words, and whether the bypass key is set (never it). */
export function MaintenanceSwitch({ answer }: { answer: SettingsAnswer }) {
  const headingId = useId();
  const save = useSaveSettings();
  const inMaintenance = !answer.settings.is_online;
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
          onClick={() => save.mutate({ is_online: inMaintenance })}
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
    </section>
  );
}
