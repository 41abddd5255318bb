import type { InstalmentRowView } from '@vitrin/shared/api/instalments';
import { formatMoney } from '@vitrin/shared/money';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { binOf, groupName, useInstalmentTable } from './instalment-table.ts';

/**
 * Beside the card number on /secure-pay: once six digits are typed, the card's bank and programme and its
 * rows from the provider. An order priced for instalments chooses among the card's counts (posted as
 * `instalments`); a single payment's order shows what the card is charged. `onChoose` hears the row.
 */
export function CardInstalments({
  typed,
  amountMinor,
  orderInstalments,
  onChoose,
}: {
  typed: string;
  amountMinor: number;
  orderInstalments: number;
  onChoose(row: InstalmentRowView | null): void;
}) {
  const { t } = useTranslation();
  const bin = binOf(typed);
  const loaded = useInstalmentTable(bin ? { bin, amountMinor } : null);
  const [count, setCount] = useState(orderInstalments);
  const headingId = useId();
  const table = loaded.state === 'done' ? loaded.table : null;
  const rows = (table?.groups[0]?.rows ?? []).filter((r) =>
    orderInstalments > 1 ? r.count > 1 : r.count === 1,
  );
  const chosen = rows.find((r) => r.count === count) ?? rows[0] ?? null;
  useEffect(() => onChoose(chosen), [chosen, onChoose]);
  if (!bin || loaded.state === 'idle') return null;
  if (loaded.state === 'loading') {
    return (
      <p role="status" className="text-sm text-ink-700">
        {t('instalmentTable.loading')}
      </p>
    );
  }
  if (!table?.available) {
    return (
      <p role="status" className="rounded-lg bg-sand-100 p-3 text-sm text-ink-900">
        {table?.message ?? t('instalmentTable.failed')}
      </p>
    );
  }
  const name = table.card ? groupName(table.card) : '';
  const heading = name ? t('instalmentTable.card', { name }) : t('instalmentTable.cardUnknown');
  if (orderInstalments <= 1 || rows.length === 0) {
    return (
      <div role="status" className="rounded-lg bg-sand-100 p-3 text-sm text-ink-900">
        <p className="font-medium">{heading}</p>
        <p>
          {orderInstalments > 1
            ? t('instalmentTable.cardNoInstalments')
            : t('instalmentTable.singleOrder', { total: formatMoney(chosen?.totalMinor ?? amountMinor) })}
        </p>
      </div>
    );
  }
  return (
    <div
      role="radiogroup"
      aria-labelledby={headingId}
      className="space-y-2 rounded-lg bg-sand-100 p-3 text-sm"
    >
      <p id={headingId} className="font-medium text-ink-900">
        {heading} — {t('instalmentTable.choose')}
      </p>
      {rows.map((row) => (
        <label key={row.count} className="flex cursor-pointer items-center gap-2 text-ink-900">
          <input
            type="radio"
            name="instalments"
            value={row.count}
            checked={chosen?.count === row.count}
            onChange={() => setCount(row.count)}
            className="accent-clay-700"
          />
          <span className="tabular-nums">
            {t('instalmentTable.option', {
              count: row.count,
              monthly: formatMoney(row.monthlyMinor),
              total: formatMoney(row.totalMinor),
            })}
          </span>
        </label>
      ))}
    </div>
  );
}
