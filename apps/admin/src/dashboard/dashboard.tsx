import { ExportForm } from '../documents/export-form.tsx';
import { messageOf } from '../lib/api.ts';
import { has, useStaff } from '../session/staff-session.ts';
import { FormError } from '../ui/field.tsx';
import { Loading } from '../ui/page.tsx';
import { BackupCard } from './backup-card.tsx';
import { useDashboard } from './dashboard-query.ts';
import { LowStock, RecentOrders, StateCounts, Totals } from './figures.tsx';
import { RevenueChart } from './revenue-chart.tsx';

/** The panel's home for those who read the dashboard: the figures, kept current while it is open. */
export function Dashboard() {
  const staff = useStaff();
  const dashboard = useDashboard();
  if (dashboard.isPending) return <Loading />;
  if (dashboard.isError) return <FormError message={messageOf(dashboard.error)} />;
  const d = dashboard.data;
  return (
    <div className="flex flex-col gap-4">
      <Totals d={d} />
      <div className="grid gap-4 lg:grid-cols-2">
        <RevenueChart days={d.days} />
        <RecentOrders orders={d.recent} />
      </div>
      <StateCounts states={d.byState} />
      <div className="grid gap-4 lg:grid-cols-2">
        <LowStock low={d.lowStock} />
        {has(staff, 'orders.read') && <ExportForm />}
      </div>
      {d.backup && <BackupCard backup={d.backup} />}
    </div>
  );
}
