import type { CartTotals, CartView } from '@vitrin/shared/api/cart';
import { formatMoney } from '@vitrin/shared/money';
import { ResponsiveImage } from '../components/responsive-image.tsx';
import { useTranslation } from '../i18n/index.ts';

/** One row of the totals: a label and an amount (negative for the discount). */
function Row({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 ${strong ? 'text-lg font-semibold text-ink-900' : 'text-ink-800'}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{amount}</dd>
    </div>
  );
}

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
      <ul className="mt-4 divide-y divide-sand-200">
        {cart.lines.map((line) => (
          <li key={line.id} className="flex gap-3 py-3">
            <ResponsiveImage
              path={line.image}
              alt=""
              width={64}
              height={64}
              sizes="64px"
              widths={[160]}
              className="size-16 shrink-0 rounded-lg object-cover"
            />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-ink-900">{line.name}</p>
              {Object.entries(line.options).length > 0 && (
                <p className="text-ink-700">
                  {Object.entries(line.options)
                    .map(([k, v]) => `${k}: ${v}`)
                    .join(' · ')}
                </p>
              )}
              {line.personalization && Object.keys(line.personalization.fields).length > 0 && (
                <p className="text-ink-700">
                  {Object.values(line.personalization.fields).filter(Boolean).join(' · ')}
                </p>
              )}
              <p className="text-ink-700">
                {t('checkout.lineQuantity', {
                  quantity: line.quantity,
                  price: formatMoney(line.unitPriceMinor),
                })}
              </p>
            </div>
            <p className="text-sm font-medium tabular-nums text-ink-900">
              {formatMoney(line.lineTotalMinor)}
            </p>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-sand-200 pt-4 text-sm">
        <Row label={t('checkout.subtotal')} amount={formatMoney(totals.subtotalMinor)} />
        {totals.discountMinor > 0 && (
          <Row
            label={
              cart.coupon ? t('checkout.discountCode', { code: cart.coupon.code }) : t('checkout.discount')
            }
            amount={`-${formatMoney(totals.discountMinor)}`}
          />
        )}
        {totals.needsShipping && (
          <Row
            label={t('checkout.shipping')}
            amount={
              totals.shippingMinor === 0 ? t('checkout.shippingFree') : formatMoney(totals.shippingMinor)
            }
          />
        )}
        {totals.codFeeMinor > 0 && (
          <Row label={t('checkout.codFee')} amount={formatMoney(totals.codFeeMinor)} />
        )}
        {instalmentFeeMinor > 0 && (
          <Row label={t('checkout.instalmentFee')} amount={formatMoney(instalmentFeeMinor)} />
        )}
        <Row
          label={t('checkout.total')}
          amount={formatMoney(totals.totalMinor + instalmentFeeMinor)}
          strong
        />
      </dl>
      <div className="mt-2 space-y-1 text-xs text-ink-600">
        {totals.vatLines
          .filter((v) => v.vatMinor > 0)
          .map((v) => (
            <p key={v.rate} className="flex justify-between">
              <span>{t('checkout.vatLine', { rate: v.rate })}</span>
              <span className="tabular-nums">{formatMoney(v.vatMinor)}</span>
            </p>
          ))}
        <p>{t('checkout.vatIncluded')}</p>
      </div>
    </section>
  );
}
