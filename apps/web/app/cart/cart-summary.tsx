import type { CartView } from '@vitrin/shared/api/cart';
import { formatMoney } from '@vitrin/shared/money';
import type { ReactNode } from 'react';
import { AppLink } from '../components/app-link.tsx';
import { useTranslation } from '../i18n/index.ts';

function Row({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 py-1">
      <dt className="text-ink-700">{label}</dt>
      <dd className="font-medium text-ink-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Ara Toplam, İndirim, Kargo, Toplam (KDV Dahil, with the VAT it holds per rate) and `Ödemeye Geç`: to the
 * customer checkout for a logged-in customer, the guest checkout otherwise; inactive with the reason while
 * a line cannot be bought as it is.
 */
export function CartSummary({ cart, signedIn }: { cart: CartView; signedIn: boolean }) {
  const { t } = useTranslation();
  const { totals, coupon } = cart;
  const shipping = !totals.needsShipping
    ? t('cart.shippingNone')
    : totals.shippingMinor === 0
      ? t('cart.shippingFree')
      : formatMoney(totals.shippingMinor);
  return (
    <div className="space-y-4">
      <dl className="text-sm">
        <Row label={t('cart.subtotal')} value={formatMoney(totals.subtotalMinor)} testId="cart-subtotal" />
        {totals.discountMinor > 0 && (
          <Row
            label={coupon ? t('cart.discountWith', { code: coupon.code }) : t('cart.discount')}
            value={<span className="text-olive-600">−{formatMoney(totals.discountMinor)}</span>}
            testId="cart-discount"
          />
        )}
        <Row label={t('cart.shipping')} value={shipping} testId="cart-shipping" />
        <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-sand-200 pt-3">
          <dt className="text-base font-semibold">{t('cart.total')}</dt>
          <dd className="text-right">
            <span className="block text-xl font-semibold text-ink-900" data-testid="cart-total">
              {formatMoney(totals.totalMinor)}
            </span>
            <span className="text-xs text-ink-600">{t('cart.vatIncluded')}</span>
          </dd>
        </div>
        {totals.vatLines
          .filter((line) => line.vatMinor > 0)
          .map((line) => (
            <div key={line.rate} className="flex justify-between gap-4 text-xs text-ink-600">
              <dt>{t('cart.vatLine', { rate: line.rate })}</dt>
              <dd>{formatMoney(line.vatMinor)}</dd>
            </div>
          ))}
      </dl>
      {cart.canCheckout ? (
        <AppLink
          to={signedIn ? '/user-checkout' : '/checkout'}
          className="block w-full rounded-lg bg-clay-700 px-5 py-3 text-center font-semibold text-white hover:bg-clay-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-clay-700"
        >
          {t('cart.checkout')}
        </AppLink>
      ) : (
        <>
          <button
            type="button"
            disabled
            aria-describedby="checkout-blocked"
            className="block w-full cursor-not-allowed rounded-lg bg-ink-600 px-5 py-3 text-center font-semibold text-white"
          >
            {t('cart.checkout')}
          </button>
          <p id="checkout-blocked" className="text-sm text-red-800">
            {t('cart.checkoutBlocked')}
          </p>
        </>
      )}
    </div>
  );
}
