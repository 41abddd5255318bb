import type { DashboardAnswer } from '@vitrin/shared/api/admin/dashboard';
import { formatDateTime } from '@vitrin/shared/dates';
import { formatMoney } from '@vitrin/shared/money';
import { ORDER_STATES, type OrderState } from '@vitrin/shared/order-states';
import { type ReactNode, useId } from 'react';
import { Badge, type Tone } from '../ui/badge.tsx';

const money = (minor: number) => (minor === 0 ? '₺0,00' : formatMoney(minor));

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

/** Today's and this month's orders and revenue, and the open tickets: one card each. */
export function Totals({ d }: { d: DashboardAnswer }) {
  const tally = (t: DashboardAnswer['today']) => (
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

export function LowStock({ low }: { low: DashboardAnswer['lowStock'] }) {
  return (
    <Card title={`Azalan stok (${low.threshold} ve altı)`}>
      {low.items.length === 0 ? (
        <p className="text-stone-700">Stoku azalan ürün yok.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200">
          {low.items.map((i) => (
            <li
              key={`${i.productId}-${i.variantId}`}
              className="flex items-center justify-between gap-3 py-2"
            >
              <span className="flex flex-col">
                <span className="text-stone-900">{i.name}</span>
                <span className="text-sm text-stone-700">
                  {[i.sku, ...Object.entries(i.options).map(([k, v]) => `${k}: ${v}`)].join(' · ')}
                </span>
              </span>
              <Badge tone={i.stock === 0 ? 'bad' : 'warn'}>
                {i.stock === 0 ? 'Tükendi' : `${i.stock} adet`}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
