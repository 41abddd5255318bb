import type { InstalmentGroupView } from '@vitrin/shared/api/instalments';
import { formatMoney } from '@vitrin/shared/money';
import { useTranslation } from '../i18n/index.ts';
import { groupName, useInstalmentTable } from './instalment-table.ts';

/** The instalment rows (count 2 and up) of each programme, one small table each: readable on a phone. */
function InstalmentGroups({ groups }: { groups: InstalmentGroupView[] }) {
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
 * The product page's table once opened: the provider's general table for the product's instalment price,
 * loaded with this module only then (`product-instalments.tsx`), so a product page carries none of it.
 */
export default function ProductInstalmentTable({ amountMinor }: { amountMinor: number }) {
  const { t } = useTranslation();
  const loaded = useInstalmentTable({ amountMinor });
  if (loaded.state === 'done') {
    return loaded.table.available ? (
      <InstalmentGroups groups={loaded.table.groups} />
    ) : (
      <p className="mt-3 text-sm text-ink-700">{loaded.table.message}</p>
    );
  }
  if (loaded.state === 'failed')
    return <p className="mt-3 text-sm text-ink-700">{t('instalmentTable.failed')}</p>;
  return (
    <p className="mt-3 text-sm text-ink-700" role="status">
      {t('instalmentTable.loading')}
    </p>
  );
}
