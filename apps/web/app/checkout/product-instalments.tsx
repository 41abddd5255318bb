import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../i18n/index.ts';

const Table = lazy(() => import('./instalment-groups.tsx'));

/**
 * The product page's "Taksit seçenekleri": the provider's general table for the product's instalment price,
 * asked when the shopper opens it (pages stay cacheable, a provider is not asked for every view, and the
 * table's code comes with it).
 */
export function ProductInstalments({ amountMinor }: { amountMinor: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <details
      className="rounded-xl border border-sand-200 bg-white p-4"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpen(true);
      }}
    >
      <summary className="cursor-pointer font-medium">{t('catalog.instalments')}</summary>
      {open ? (
        <Suspense
          fallback={
            <p className="mt-3 text-sm text-ink-700" role="status">
              {t('instalmentTable.loading')}
            </p>
          }
        >
          <Table amountMinor={amountMinor} />
        </Suspense>
      ) : (
        <p className="mt-3 text-sm text-ink-700">{t('instalmentTable.noScript')}</p>
      )}
    </details>
  );
}
