import type { PublicCoupon } from '@vitrin/shared/api/cart';
import { daysLeft, formatDaysLeft } from '@vitrin/shared/days-left';
import { AppLink } from '../components/app-link.tsx';
import { useTranslation } from '../i18n/index.ts';
import { couponDiscountText, couponMinimumText } from '../lib/cart.ts';
import { showErrorToast, showSuccessToast } from '../lib/toasts.tsx';

async function copy(code: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(code);
    return true;
  } catch {
    return false;
  }
}

/** A public coupon: its code, what it gives, its conditions, the days left and `Kodu Kopyala`. */
export function CouponCard({ coupon, now }: { coupon: PublicCoupon; now: Date | number }) {
  const { t } = useTranslation();
  const codeId = `coupon-${coupon.code}`;
  const left = coupon.endsAt ? formatDaysLeft(coupon.endsAt, now) : t('coupons.noEnd');
  const soon = coupon.endsAt !== null && daysLeft(coupon.endsAt, now) <= 3;
  return (
    <article
      aria-labelledby={codeId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white"
      data-testid="coupon-card"
    >
      <div className="flex items-center justify-between gap-3 border-b border-dashed border-sand-300 bg-sand-100 px-5 py-4">
        <p className="text-3xl font-bold text-clay-700" data-testid="coupon-discount">
          {couponDiscountText(coupon)}
          <span className="sr-only"> {t('coupons.discount')}</span>
        </p>
        <p
          className={`rounded-full px-3 py-1 text-sm font-medium ${soon ? 'bg-amber-100 text-amber-900' : 'bg-white text-ink-800'}`}
        >
          <span className="sr-only">{t('coupons.daysLeft')}: </span>
          <span data-testid="coupon-days">{left}</span>
        </p>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 id={codeId} className="font-mono text-xl font-semibold tracking-wider text-ink-900">
          <span className="sr-only">{t('coupons.code')}: </span>
          {coupon.code}
        </h2>
        {coupon.description && <p className="text-ink-700">{coupon.description}</p>}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-ink-600">{t('coupons.minBasket')}</dt>
          <dd className="font-medium">{couponMinimumText(coupon)}</dd>
          <dt className="text-ink-600">{t('coupons.scope')}</dt>
          <dd className="font-medium">
            {coupon.category ? (
              <AppLink
                to={`/shop/${coupon.category.slug}`}
                className="text-clay-700 underline underline-offset-2"
              >
                {t('coupons.category', { name: coupon.category.name })}
              </AppLink>
            ) : (
              t('coupons.allProducts')
            )}
          </dd>
        </dl>
        <button
          type="button"
          aria-describedby={codeId}
          onClick={async () => {
            if (await copy(coupon.code)) showSuccessToast(t('coupons.copied'), 'coupon-copied');
            else showErrorToast(t('coupons.copyFailed'), 'coupon-copy-failed');
          }}
          className="mt-auto rounded-lg border border-clay-700 px-4 py-2 font-medium text-clay-700 hover:bg-clay-700 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-clay-700"
        >
          {t('coupons.copy')}
        </button>
      </div>
    </article>
  );
}
