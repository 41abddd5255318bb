import type {
  InstalmentGroupView,
  InstalmentRowView,
  InstalmentTableView,
} from '@vitrin/shared/api/instalments';
import { formatMoney } from '@vitrin/shared/money';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { useApi } from '../lib/api-context.tsx';

/** What is asked: the general table of an amount, or a card's by its first six digits (never more). */
export type InstalmentAsk =
  | { amountMinor: number; singleMinor?: number; bin?: undefined }
  | { amountMinor: number; singleMinor?: number; bin: string };

type Loaded =
  | { state: 'idle' | 'loading' }
  | { state: 'done'; table: InstalmentTableView }
  | { state: 'failed' };

/** The first six digits of what is typed in a card number field, once there are six. */
export const binOf = (typed: string) => {
  const digits = typed.replace(/\D/g, '');
  return digits.length >= 6 ? digits.slice(0, 6) : null;
};

/**
 * The provider's table through the shop's API: a GET for the general one (browsers keep it a minute), a
 * POST with the BIN alone for a card's. Null asks nothing. A failure without an answer reads as `failed`.
 */
export function useInstalmentTable(ask: InstalmentAsk | null): Loaded {
  const api = useApi();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'idle' });
  const key = ask ? `${ask.bin ?? ''}|${ask.amountMinor}|${ask.singleMinor ?? ''}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names everything `ask` holds.
  useEffect(() => {
    if (!ask) {
      setLoaded({ state: 'idle' });
      return;
    }
    let current = true;
    setLoaded({ state: 'loading' });
    const single = ask.singleMinor !== undefined ? { single: ask.singleMinor } : {};
    const request = ask.bin
      ? api<InstalmentTableView>('/api/front/payments/instalments/card', {
          method: 'POST',
          body: { bin: ask.bin, amount: ask.amountMinor, ...single },
          quiet: true,
        })
      : api<InstalmentTableView>('/api/front/payments/instalments', {
          query: { amount: ask.amountMinor, ...single },
          quiet: true,
        });
    request.then(
      (table) => current && setLoaded({ state: 'done', table }),
      () => current && setLoaded({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [key, api]);
  return loaded;
}

const groupName = (g: { bank: string | null; family: string | null }) =>
  [g.bank, g.family].filter(Boolean).join(' · ');

/** The instalment rows (count 2 and up) of each programme, one small table each: readable on a phone. */
export function InstalmentGroups({ groups }: { groups: InstalmentGroupView[] }) {
  const { t } = useTranslation();
  const shown = groups.filter((g) => g.rows.some((r) => r.count > 1));
  if (shown.length === 0) return <p className="mt-3 text-sm text-ink-700">{t('instalmentTable.none')}</p>;
  return (
    <div className="mt-3 grid items-start gap-4 sm:grid-cols-2">
      {shown.map((group) => (
        <table key={groupName(group) || 'all'} className="w-full text-left text-sm">
          <caption className="pb-1 text-left font-medium text-ink-900">
            {groupName(group) || t('instalmentTable.allCards')}
          </caption>
          <thead>
            <tr className="border-b border-sand-200">
              <th scope="col" className="py-1 pr-2">
                {t('catalog.instalmentCount')}
              </th>
              <th scope="col" className="py-1 pr-2">
                {t('catalog.monthly')}
              </th>
              <th scope="col" className="py-1">
                {t('catalog.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {group.rows
              .filter((r) => r.count > 1)
              .map((row) => (
                <tr key={row.count} className="border-b border-sand-100">
                  <td className="py-1 pr-2">{t('catalog.instalmentRow', { count: row.count })}</td>
                  <td className="py-1 pr-2 tabular-nums">{formatMoney(row.monthlyMinor)}</td>
                  <td className="py-1 tabular-nums">{formatMoney(row.totalMinor)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

/**
 * The product page's "Taksit seçenekleri": the provider's general table for the product's instalment price,
 * asked when the shopper opens it (pages stay cacheable, and a provider is not asked for every view).
 */
export function ProductInstalments({ amountMinor }: { amountMinor: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const loaded = useInstalmentTable(open ? { amountMinor } : null);
  return (
    <details
      className="rounded-xl border border-sand-200 bg-white p-4"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpen(true);
      }}
    >
      <summary className="cursor-pointer font-medium">{t('catalog.instalments')}</summary>
      {loaded.state === 'done' ? (
        loaded.table.available ? (
          <InstalmentGroups groups={loaded.table.groups} />
        ) : (
          <p className="mt-3 text-sm text-ink-700">{loaded.table.message}</p>
        )
      ) : loaded.state === 'failed' ? (
        <p className="mt-3 text-sm text-ink-700">{t('instalmentTable.failed')}</p>
      ) : (
        <p className="mt-3 text-sm text-ink-700" role="status">
          {open ? t('instalmentTable.loading') : t('instalmentTable.noScript')}
        </p>
      )}
    </details>
  );
}

/**
 * The checkout's instalment counts from the provider's general table: the counts any card programme offers
 * (the test bank: all the shop's), or a single payment with why when the provider did not answer. Until it
 * answers (and without JavaScript) the shop's own counts stand.
 */
export function useOfferedCounts(amountMinor: number, singleMinor: number) {
  const loaded = useInstalmentTable({ amountMinor, singleMinor });
  if (loaded.state === 'failed') return { counts: [1], unavailable: true, interest: false };
  if (loaded.state !== 'done') return null;
  const { table } = loaded;
  if (!table.available) return { counts: [1], unavailable: true, interest: false };
  const rows = table.groups.flatMap((g) => g.rows);
  return {
    counts: [...new Set(rows.map((r) => r.count))].sort((a, b) => a - b),
    unavailable: false,
    interest: rows.some((r) => r.count > 1 && r.totalMinor > amountMinor),
  };
}

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
