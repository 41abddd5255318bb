import type { PriceView } from '@vitrin/shared/api/catalog';
import { formatMoney } from '@vitrin/shared/money';
import { useTranslation } from '../i18n/index.ts';

/** A price as the glossary wants it: VAT-inclusive, a higher market price struck through with the discount. */
export function Price({ price, size = 'md' }: { price: PriceView | null; size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  if (!price) return <p className="text-sm text-ink-600">{t('catalog.priceOnRequest')}</p>;
  const big = size === 'lg';
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      {price.marketMinor !== null && (
        <span className={`${big ? 'text-lg' : 'text-sm'} text-ink-600 line-through`}>
          <span className="sr-only">{t('catalog.oldPrice')}: </span>
          {formatMoney(price.marketMinor)}
        </span>
      )}
      <span className={`${big ? 'text-3xl' : 'text-lg'} font-semibold text-ink-900`}>
        <span className="sr-only">{t('catalog.newPrice')}: </span>
        {formatMoney(price.amountMinor)}
      </span>
      {price.discountPercent !== null && (
        <span className="rounded bg-clay-700 px-1.5 py-0.5 text-xs font-semibold text-white">
          {t('catalog.discount', { percent: price.discountPercent })}
        </span>
      )}
      <span className="w-full text-xs text-ink-600">
        {t('catalog.vatIncluded')}
        {price.isWholesale && ` · ${t('catalog.wholesale')}`}
      </span>
    </div>
  );
}
