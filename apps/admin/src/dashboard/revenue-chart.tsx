import type { DashboardAnswer } from '@vitrin/shared/api/admin/dashboard';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { money } from './figures.tsx';

const dayMonth = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

/** The axis' whole lira as Turkish writes them, short past a thousand: ₺0, ₺950, ₺12 B, ₺1,5 Mn. */
const axisLira = new Intl.NumberFormat('tr-TR', {
  style: 'currency',
  currency: 'TRY',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** The last 30 days' revenue in lira as bars, each day's amount and orders in its tooltip. */
export function RevenueChart({ days }: { days: NonNullable<DashboardAnswer['days']> }) {
  const data = days.map((d) => ({ ...d, lira: (d.revenueMinor ?? 0) / 100 }));
  const total = days.reduce((n, d) => n + (d.revenueMinor ?? 0), 0);
  const orders = days.reduce((n, d) => n + d.orders, 0);
  return (
    <figure className="rounded-lg border border-stone-300 bg-white p-4">
      <figcaption className="mb-3">
        <span className="block text-lg font-semibold text-stone-900">Son 30 gün</span>
        <span className="text-sm text-stone-700">
          {orders} sipariş, {money(total)} ciro
        </span>
      </figcaption>
      <div className="h-60" role="img" aria-label={`Son 30 günün günlük cirosu (₺): toplam ${money(total)}`}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#d6d3d1" />
            <XAxis
              dataKey="day"
              tickFormatter={dayMonth}
              tick={{ fontSize: 12, fill: '#44403c' }}
              minTickGap={16}
            />
            <YAxis
              width={64}
              tick={{ fontSize: 12, fill: '#44403c' }}
              tickFormatter={(v: number) => axisLira.format(v)}
            />
            <Tooltip
              labelFormatter={(day) => dayMonth(String(day))}
              formatter={(_value, _name, item) => [
                `${money(item.payload.revenueMinor ?? 0)} · ${item.payload.orders} sipariş`,
                'Ciro',
              ]}
            />
            <Bar dataKey="lira" fill="#92400e" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
