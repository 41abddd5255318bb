import { type DashboardAnswer, LEGAL_DETAILS, type LegalDetail } from '@vitrin/shared/api/admin/dashboard';
import { formatDateTime } from '@vitrin/shared/dates';
import { formatMoney } from '@vitrin/shared/money';
import { ORDER_STATES, type OrderState } from '@vitrin/shared/order-states';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../paths.ts';
import { Badge, type Tone } from '../ui/badge.tsx';

/** An amount in lira as the panel writes it, zero included (`₺0,00`, where formatMoney says `0`). */
export const money = (minor: number) => (minor === 0 ? '₺0,00' : formatMoney(minor));

const linkLook = 'font-medium text-amber-900 underline hover:text-amber-950';

/** The order states' badge colours in the panel's tones. */
const TONES: Record<string, Tone> = {
  secondary: 'neutral',
  info: 'info',
  primary: 'info',
  warning: 'warn',
  success: 'good',
  danger: 'bad',
  dark: 'neutral',
};
export const stateTone = (code: number) =>
  TONES[ORDER_STATES[code as OrderState]?.badge ?? 'secondary'] ?? 'neutral';

export function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-stone-300 bg-white p-4">
      <h2 id={id} className="mb-2 text-sm font-medium text-stone-700">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Today's and this month's orders and the open tickets: one card each. The revenue heads the orders' cards
 * when the answer has it (owners and managers); support sees the counts.
 */
export function Totals({ d }: { d: DashboardAnswer }) {
  const tally = (t: DashboardAnswer['today']) =>
    t.revenueMinor === undefined ? (
      <p>
        <span className="block text-2xl font-semibold text-stone-900">{t.orders}</span>
        <span className="text-sm text-stone-700">sipariş</span>
      </p>
    ) : (
      <p>
        <span className="block text-2xl font-semibold text-stone-900">{money(t.revenueMinor)}</span>
        <span className="text-sm text-stone-700">{t.orders} sipariş</span>
      </p>
    );
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <Card title="Bugün">{tally(d.today)}</Card>
      <Card title="Bu ay">{tally(d.month)}</Card>
      <Card title="Açık destek talepleri">
        <p className="text-2xl font-semibold text-stone-900">{d.openTickets}</p>
      </Card>
    </div>
  );
}

export function StateCounts({ states }: { states: DashboardAnswer['byState'] }) {
  return (
    <Card title="Durumlarına göre siparişler">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {states.map((s) => (
          <li
            key={s.code}
            className="flex items-center justify-between gap-2 rounded-md bg-stone-50 px-3 py-2"
          >
            <Badge tone={stateTone(s.code)}>{s.label}</Badge>
            <span className="font-semibold text-stone-900">{s.count}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function RecentOrders({ orders }: { orders: DashboardAnswer['recent'] }) {
  return (
    <Card title="Son siparişler">
      {orders.length === 0 ? (
        <p className="text-stone-700">Henüz sipariş yok.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200" aria-live="polite">
          {orders.map((o) => (
            <li key={o.orderNo} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
              <span className="flex flex-col">
                <span className="font-mono font-medium text-stone-900">{o.orderNo}</span>
                <span className="text-sm text-stone-700">
                  {o.name} · <time dateTime={o.at}>{formatDateTime(o.at)}</time>
                </span>
              </span>
              <span className="flex items-center gap-2">
                <Badge tone={stateTone(o.status)}>{ORDER_STATES[o.status as OrderState]?.label}</Badge>
                <span className="font-semibold text-stone-900">{money(o.totalMinor)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The products list filtered on a stock state, lowest stock first. */
export const productsWithStock = (state: 'low' | 'out') => `${paths.products}?stock=${state}&sort=stock`;

/**
 * The lowest stocks, each opening its product's editor; the products list on low stock (and on sold out,
 * when one is) for the rest.
 */
export function LowStock({ low }: { low: DashboardAnswer['lowStock'] }) {
  return (
    <Card title={`Azalan stok (${low.threshold} ve altı)`}>
      {low.items.length === 0 ? (
        <p className="text-stone-700">Stoku azalan ürün yok.</p>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-stone-200">
            {low.items.map((i) => (
              <li key={`${i.productId}-${i.variantId}`}>
                <Link
                  to={paths.product.replace(':id', String(i.productId))}
                  className="-mx-2 flex items-center justify-between gap-3 rounded-md px-2 py-2 hover:bg-stone-50"
                >
                  <span className="flex min-w-0 flex-col">
                    <span className="font-medium text-amber-900 underline">{i.name}</span>
                    <span className="text-sm text-stone-700">
                      {[i.sku, ...Object.entries(i.options).map(([k, v]) => `${k}: ${v}`)].join(' · ')}
                    </span>
                  </span>
                  <Badge tone={i.stock === 0 ? 'bad' : 'warn'}>
                    {i.stock === 0 ? 'Tükendi' : `${i.stock} adet`}
                  </Badge>
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 border-t border-stone-200 pt-2 text-sm">
            <Link to={productsWithStock('low')} className={linkLook}>
              Tümünü gör
            </Link>
            {low.items.some((i) => i.stock === 0) && (
              <Link to={productsWithStock('out')} className={linkLook}>
                Tükenenleri gör
              </Link>
            )}
          </p>
        </>
      )}
    </Card>
  );
}

/**
 * While the seller's legal details an invoice names are empty: which, and (for the owner) a link to the
 * settings' Mağaza section where they are typed.
 */
export function LegalDetailsWarning({ missing, canEdit }: { missing: LegalDetail[]; canEdit: boolean }) {
  if (missing.length === 0) return null;
  return (
    <section
      aria-labelledby="legal-details-title"
      className="rounded-lg border border-amber-400 bg-amber-50 p-4 text-stone-900"
    >
      <h2 id="legal-details-title" className="font-semibold">
        Fatura bilgileri eksik
      </h2>
      <p className="mt-1 text-sm">
        Faturada satıcı olarak yazılacak şu bilgiler henüz girilmedi:{' '}
        <strong>{missing.map((key) => LEGAL_DETAILS[key]).join(', ')}</strong>.{' '}
        {canEdit ? (
          <Link to={`${paths.settings}#magaza`} className={linkLook}>
            Ayarlar → Mağaza bölümünden girin
          </Link>
        ) : (
          'Mağaza sahibi Ayarlar → Mağaza bölümünden girebilir.'
        )}
      </p>
    </section>
  );
}
