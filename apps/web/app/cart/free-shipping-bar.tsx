import type { CartTotals } from '@vitrin/shared/api/cart';
import { formatMoney } from '@vitrin/shared/money';
import { useTranslation } from '../i18n/index.ts';
import { freeShippingProgress } from '../lib/cart.ts';

/** How far the cart is from free shipping; nothing when the shop has none or nothing ships. */
export function FreeShippingBar({ totals }: { totals: CartTotals }) {
  const { t } = useTranslation();
  const progress = freeShippingProgress(totals);
  if (!progress) return null;
  const text = progress.reached
    ? t('cart.freeShippingReached')
    : t('cart.freeShippingRemaining', { amount: formatMoney(progress.remainingMinor) });
  return (
    <div className="rounded-xl border border-sand-200 bg-white p-4" data-testid="free-shipping">
      <p className={`text-sm ${progress.reached ? 'font-semibold text-olive-600' : 'text-ink-800'}`}>
        {progress.reached && <span aria-hidden="true">✓ </span>}
        {text}
      </p>
      <div
        role="progressbar"
        aria-label={t('cart.freeShippingLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={text}
        className="mt-2 h-2 overflow-hidden rounded-full bg-sand-200"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-500 ${progress.reached ? 'bg-olive-600' : 'bg-clay-700'}`}
          style={{ width: `${progress.percent}%` }}
        />
      </div>
    </div>
  );
}
