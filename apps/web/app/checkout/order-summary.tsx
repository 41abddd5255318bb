import type { CartTotals, CartView } from '@vitrin/shared/api/cart';
import { useTranslation } from '../i18n/index.ts';
import { OrderLine, TotalsList } from '../orders/order-lines.tsx';
import '../i18n/tr-checkout.ts';

/**
 * The order as it will be placed: lines and the totals of the chosen payment method. The server computes
 * the same totals again when the order is placed; nothing here is sent back.
 */
export function OrderSummary({
  cart,
  totals,
  instalmentFeeMinor,
}: {
  cart: CartView;
  totals: CartTotals;
  /** Card instalments chosen above the sale prices. */
  instalmentFeeMinor: number;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="summary-title"
      className="rounded-2xl border border-sand-200 bg-white p-5 md:p-6"
    >
      <h2 id="summary-title" className="text-xl font-semibold text-ink-900">
        {t('checkout.summary')}
      </h2>
      {/* Beside the form the summary stays in view (sticky): a long cart scrolls inside it, so the total does
          not fall below the screen. */}
      <ul className="mt-4 divide-y divide-sand-200 lg:max-h-[45vh] lg:overflow-y-auto">
        {cart.lines.map((line) => (
          <OrderLine key={line.id} {...line} />
        ))}
      </ul>
      <div className="mt-4 border-t border-sand-200 pt-4">
        <TotalsList
          totals={{
            ...totals,
            instalmentFeeMinor: totals.instalmentFeeMinor + instalmentFeeMinor,
            totalMinor: totals.totalMinor + instalmentFeeMinor,
          }}
          couponCode={cart.coupon?.code ?? null}
          needsShipping={totals.needsShipping}
        />
      </div>
    </section>
  );
}
