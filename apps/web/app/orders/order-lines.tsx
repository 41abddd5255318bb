import type { OrderDetail } from '@vitrin/shared/api/orders';
import { formatMoney } from '@vitrin/shared/money';
import type { ReactNode } from 'react';
import { ResponsiveImage } from '../components/responsive-image.tsx';
import { useTranslation } from '../i18n/index.ts';
import '../i18n/tr-checkout.ts';

/** One line of an order or of the order about to be placed: picture, name, choices, quantity, amount. */
export function OrderLine({
  name,
  image,
  options,
  personalization,
  quantity,
  unitPriceMinor,
  lineTotalMinor,
}: {
  name: ReactNode;
  image: string | null;
  options: Record<string, string>;
  personalization: { fields: Record<string, string> } | null;
  quantity: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
}) {
  const { t } = useTranslation();
  const choices = Object.entries(options).map(([k, v]) => `${k}: ${v}`);
  const texts = personalization ? Object.values(personalization.fields).filter(Boolean) : [];
  return (
    <li className="flex gap-3 py-3 text-sm">
      <ResponsiveImage
        path={image}
        alt=""
        width={64}
        height={64}
        sizes="64px"
        widths={[160]}
        className="size-16 shrink-0 rounded-lg object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-ink-900">{name}</p>
        {choices.length > 0 && <p className="text-ink-700">{choices.join(' · ')}</p>}
        {texts.length > 0 && <p className="text-ink-700">{texts.join(' · ')}</p>}
        <p className="text-ink-700">
          {t('checkout.lineQuantity', { quantity, price: formatMoney(unitPriceMinor) })}
        </p>
      </div>
      <p className="font-medium tabular-nums text-ink-900">{formatMoney(lineTotalMinor)}</p>
    </li>
  );
}

/** An order's totals (the order about to be placed gives the same from its cart). */
export type TotalsView = OrderDetail['totals'];

/** Ara Toplam, İndirim, Kargo, fees, Toplam, and the VAT the total holds per rate. */
export function TotalsList({
  totals,
  couponCode,
  needsShipping,
}: {
  totals: TotalsView;
  couponCode: string | null;
  needsShipping: boolean;
}) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> = [[t('checkout.subtotal'), formatMoney(totals.subtotalMinor)]];
  if (totals.discountMinor > 0) {
    const label = couponCode ? t('checkout.discountCode', { code: couponCode }) : t('checkout.discount');
    rows.push([label, `-${formatMoney(totals.discountMinor)}`]);
  }
  if (needsShipping) {
    const shipping =
      totals.shippingMinor === 0 ? t('checkout.shippingFree') : formatMoney(totals.shippingMinor);
    rows.push([t('checkout.shipping'), shipping]);
  }
  if (totals.codFeeMinor > 0) rows.push([t('checkout.codFee'), formatMoney(totals.codFeeMinor)]);
  if (totals.instalmentFeeMinor > 0)
    rows.push([t('checkout.instalmentFee'), formatMoney(totals.instalmentFeeMinor)]);
  return (
    <>
      <dl className="space-y-2 text-sm">
        {rows.map(([label, amount]) => (
          <div key={label} className="flex justify-between gap-4 text-ink-800">
            <dt>{label}</dt>
            <dd className="tabular-nums">{amount}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 text-lg font-semibold text-ink-900">
          <dt>{t('checkout.total')}</dt>
          <dd className="tabular-nums">{formatMoney(totals.totalMinor)}</dd>
        </div>
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
    </>
  );
}
