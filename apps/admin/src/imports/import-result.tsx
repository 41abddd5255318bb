import type { ImportAnswer, ImportProgress } from '@vitrin/shared/api/admin/imports';
import type { ReactNode } from 'react';

const PHASES: Record<ImportProgress['phase'], string> = {
  read: 'Dosya okunuyor',
  check: 'Satırlar denetleniyor',
  write: 'Kaydediliyor',
  done: 'Bitti',
  failed: 'Durdu',
};

/**
 * The run's phase and rows done of all as a bar (rows checked, then rows written of those to write). Until the
 * server tells the rows (the file still going up), the bar only moves to say it runs.
 */
export function ImportProgressBar({
  progress,
  dryRun,
}: {
  progress: ImportProgress | undefined;
  dryRun: boolean;
}) {
  const total = progress?.total ?? 0;
  const done = Math.min(progress?.done ?? 0, total);
  const percent = total > 0 ? Math.round((done / total) * 100) : undefined;
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm text-stone-800" aria-live="polite">
        {progress ? PHASES[progress.phase] : dryRun ? 'Dosya kontrol ediliyor' : 'İçe aktarılıyor'}
        {total > 0 && ` · ${done.toLocaleString('tr-TR')} / ${total.toLocaleString('tr-TR')} satır`}
      </p>
      <div
        role="progressbar"
        aria-label={dryRun ? 'Kontrol ilerlemesi' : 'İçe aktarma ilerlemesi'}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(percent === undefined ? {} : { 'aria-valuenow': percent })}
        className="h-3 w-full overflow-hidden rounded-full bg-stone-200"
      >
        {percent === undefined ? (
          <div className="h-full w-1/3 animate-pulse rounded-full bg-amber-700" />
        ) : (
          <div className="h-full bg-amber-700 transition-[width]" style={{ width: `${percent}%` }} />
        )}
      </div>
    </div>
  );
}

/** The counts of a run: what a dry run would do, or what the import did. */
export function ImportSummary({ answer }: { answer: ImportAnswer }) {
  const { summary, dryRun } = answer;
  const counts = [
    [dryRun ? 'Yeni' : 'Eklenen', summary.create],
    [dryRun ? 'Güncellenecek' : 'Güncellenen', summary.update],
    [dryRun ? 'Değişmeyecek' : 'Değişmeyen', summary.unchanged],
    ['Hatalı', summary.errors],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Özet">
      {counts.map(([label, count]) => (
        <div
          key={label}
          className={`rounded-md border p-3 ${label === 'Hatalı' && count > 0 ? 'border-red-300 bg-red-50' : 'border-stone-300 bg-white'}`}
        >
          <dt className="text-sm text-stone-700">{label}</dt>
          <dd className="text-xl font-semibold">{count.toLocaleString('tr-TR')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A list that scrolls within its box when long (reachable by keyboard), so the page stays short on a phone. */
function Scroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it
    <section aria-label={label} tabIndex={0} className="max-h-80 overflow-y-auto focus:outline-2">
      {children}
    </section>
  );
}

/** Each error of each row, as the server words it: `Satır 104 (VA-KIR-0004): Satış Fiyatı …`. */
export function ImportErrors({ rows }: { rows: ImportAnswer['rows'] }) {
  if (rows.length === 0) return null;
  const count = rows.reduce((n, row) => n + row.errors.length, 0);
  return (
    <section aria-labelledby="import-errors" className="rounded-lg border border-red-300 bg-white p-3">
      <h3 id="import-errors" className="mb-2 font-medium text-red-900">
        Hatalı satırlar ({rows.length.toLocaleString('tr-TR')} satır, {count.toLocaleString('tr-TR')} hata)
      </h3>
      <Scroller label="Hatalı satırların listesi">
        <ul className="flex flex-col gap-1 text-sm">
          {rows.flatMap((row) =>
            row.errors.map((error) => (
              <li
                key={`${row.line}-${error.field}-${error.message}`}
                className="border-t border-stone-200 pt-1"
              >
                {error.message}
              </li>
            )),
          )}
        </ul>
      </Scroller>
    </section>
  );
}

/** SKUs shown of a long list before "ve N daha". */
const SKUS_SHOWN = 100;

/** SKUs listed open; a longer list folds behind its title (a phone scrolls past it otherwise). */
const SKUS_OPEN = 20;

function SkuList({ title, skus }: { title: string; skus: string[] }) {
  if (skus.length === 0) return null;
  const rest = skus.length - SKUS_SHOWN;
  return (
    <section aria-label={title}>
      <details open={skus.length <= SKUS_OPEN}>
        <summary className="min-h-10 cursor-pointer py-2 font-medium text-stone-900">
          {title} ({skus.length.toLocaleString('tr-TR')})
        </summary>
        <p className="text-sm break-words text-stone-800">
          {skus.slice(0, SKUS_SHOWN).join(', ')}
          {rest > 0 && ` ve ${rest.toLocaleString('tr-TR')} SKU daha`}
        </p>
      </details>
    </section>
  );
}

const valueText = (value: string | null) => value ?? '(boş)';

/**
 * What the import would change (a dry run) or changed: the SKUs created and changed, and each changed product
 * or variant field by field, old → new (`VA-KIR-0004 Satış Fiyatı 229,90 → 239,90`), in a box that scrolls.
 */
export function ImportChanges({ answer }: { answer: ImportAnswer }) {
  const { created, updated, changes, changesLeftOut, dryRun } = answer;
  if (created.length === 0 && updated.length === 0) return null;
  const title = dryRun ? 'Değişecekler' : 'Yapılan değişiklikler';
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-stone-300 bg-white p-3">
      <SkuList title={dryRun ? 'Eklenecek SKU’lar' : 'Eklenen SKU’lar'} skus={created} />
      <SkuList title={dryRun ? 'Güncellenecek SKU’lar' : 'Güncellenen SKU’lar'} skus={updated} />
      {changes.length > 0 && (
        <section aria-labelledby="import-changes">
          <h3 id="import-changes" className="mb-1 font-medium text-stone-900">
            {title}
          </h3>
          <Scroller label={`${title}: alan alan`}>
            <ul className="flex flex-col gap-2 text-sm">
              {changes.map((change) => (
                <li key={change.sku} className="border-t border-stone-200 pt-1">
                  <span className="font-mono font-medium">{change.sku}</span>
                  {change.parentSku && <span className="text-stone-700"> ({change.parentSku} varyantı)</span>}
                  <ul className="ms-4 list-disc">
                    {change.fields.map((f) => (
                      <li key={f.field} className="break-words">
                        {f.title} {valueText(f.from)} → {valueText(f.to)}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </Scroller>
          {changesLeftOut > 0 && (
            <p className="mt-1 text-sm text-stone-700">
              ve {changesLeftOut.toLocaleString('tr-TR')} ürün ya da varyant daha (alan alan ilk{' '}
              {changes.length.toLocaleString('tr-TR')} tanesi gösterilir)
            </p>
          )}
        </section>
      )}
    </div>
  );
}
