import { EXPORT_MAX_DAYS, exportQuery } from '@vitrin/shared/api/admin/dashboard';
import { fieldMessages } from '@vitrin/shared/zod';
import { useState } from 'react';
import { DateField } from '../ui/date-field.tsx';
import { parseTurkishDay, turkishDay } from '../ui/dates.ts';
import { apiLink } from './links.ts';

const shopToday = () => new Date(Date.now() + 3 * 60 * 60_000).toISOString().slice(0, 10);

const look =
  'inline-flex min-h-10 items-center justify-center rounded-md bg-amber-800 px-4 py-2 text-sm font-medium text-white hover:bg-amber-900';

/**
 * Orders of a date range as CSV or XLSX: plain links the browser downloads with the staff cookie; the range
 * is checked here with the server's schema first, so a wrong one says why on its field.
 */
export function ExportForm() {
  const today = shopToday();
  const [range, setRange] = useState({ from: turkishDay(`${today.slice(0, 8)}01`), to: turkishDay(today) });
  const from = parseTurkishDay(range.from);
  const to = parseTurkishDay(range.to);
  const checked = exportQuery.safeParse({ from: from.ok ? from.iso : '', to: to.ok ? to.iso : '' });
  const errors: { from?: string; to?: string } = checked.success ? {} : fieldMessages(checked.error);
  if (!from.ok) errors.from = from.message;
  if (!to.ok) errors.to = to.message;
  const ready = checked.success && from.ok && to.ok;
  const query = ready ? new URLSearchParams(checked.data as Record<string, string>).toString() : '';

  return (
    <section aria-labelledby="export-title" className="rounded-lg border border-stone-300 bg-white p-4">
      <h2 id="export-title" className="mb-1 text-lg font-semibold text-stone-900">
        Siparişleri dışa aktar
      </h2>
      <p className="mb-3 text-sm text-stone-700">
        Türkiye saatiyle gün gün, iki gün de dahil; en fazla {EXPORT_MAX_DAYS} gün. CSV, Türkçe Excel'de çift
        tıklamayla sütunlara ayrılır.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <DateField
          label="Başlangıç"
          value={range.from}
          onChange={(text) => setRange({ ...range, from: text })}
          error={errors.from}
        />
        <DateField
          label="Bitiş"
          value={range.to}
          onChange={(text) => setRange({ ...range, to: text })}
          error={errors.to}
        />
      </div>
      {ready && (
        <div className="mt-3 flex flex-wrap gap-2">
          <a href={apiLink(`exports/orders.csv?${query}`)} download className={look}>
            CSV indir
          </a>
          <a href={apiLink(`exports/orders.xlsx?${query}`)} download className={look}>
            Excel (XLSX) indir
          </a>
        </div>
      )}
    </section>
  );
}
