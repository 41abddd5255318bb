import { type ImportAnswer, type ImportProgress, PRODUCT_COLUMNS } from '@vitrin/shared/api/admin/imports';

const PHASES: Record<ImportProgress['phase'], string> = {
  read: 'Dosya okunuyor',
  check: 'Satırlar denetleniyor',
  write: 'Kaydediliyor',
  done: 'Bitti',
  failed: 'Durdu',
};

const titleOf = (field: string) => PRODUCT_COLUMNS.find((c) => c.key === field)?.title ?? field;

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

/** Each error of each row: the line in the file (the header is line 1), the column and what is wrong. */
export function ImportErrors({ rows }: { rows: ImportAnswer['rows'] }) {
  if (rows.length === 0) return null;
  return (
    <div className="overflow-x-auto rounded-lg border border-red-300 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="px-3 py-2 text-left font-medium text-red-900">Hatalı satırlar</caption>
        <thead className="bg-stone-50 text-stone-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Satır
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Sütun
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Hata
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.flatMap((row) =>
            row.errors.map((error) => (
              <tr
                key={`${row.line}-${error.field}-${error.message}`}
                className="border-t border-stone-200 align-top"
              >
                <td className="px-3 py-2 whitespace-nowrap">{row.line}</td>
                <td className="px-3 py-2 whitespace-nowrap">{titleOf(error.field)}</td>
                <td className="px-3 py-2">{error.message}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}
