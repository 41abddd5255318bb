import { ExportForm } from '../documents/export-form.tsx';
import { messageOf } from '../lib/api.ts';
import { has, useStaff } from '../session/staff-session.ts';
import { FormError } from '../ui/field.tsx';
import { Loading } from '../ui/page.tsx';
import { BackupCard } from './backup-card.tsx';
import { useDashboard } from './dashboard-query.ts';
import { LegalDetailsWarning, LowStock, RecentOrders, StateCounts, Totals } from './figures.tsx';
import { MarketingCards } from './marketing-cards.tsx';
import { RevenueChart } from './revenue-chart.tsx';

/**
 * The panel's home for those who read the dashboard: the figures, kept current while it is open. The turnover
 * (the cards' revenue, the chart) and the orders export only for the roles that have them.
 */
export function Dashboard() {
  const staff = useStaff();
  const dashboard = useDashboard();
  if (dashboard.isPending) return <Loading />;
  if (dashboard.isError) return <FormError message={messageOf(dashboard.error)} />;
  const d = dashboard.data;
  const chart = has(staff, 'reports.read') && d.days;
  return (
    <div className="flex flex-col gap-4">
      <LegalDetailsWarning missing={d.legalDetailsMissing} canEdit={has(staff, 'settings.write')} />
      <Totals d={d} />
      <MarketingCards d={d} canSeeReviews={has(staff, 'reviews.answer')} />
      {chart ? (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            <RevenueChart days={chart} />
            <RecentOrders orders={d.recent} />
          </div>
          <StateCounts states={d.byState} />
          <div className="grid gap-4 lg:grid-cols-2">
            <LowStock low={d.lowStock} />
            {has(staff, 'exports.read') && <ExportForm />}
          </div>
        </>
      ) : (
        // Without the turnover (support): the newest orders and the low stock side by side.
        <>
          <StateCounts states={d.byState} />
          <div className="grid gap-4 lg:grid-cols-2">
            <RecentOrders orders={d.recent} />
            <LowStock low={d.lowStock} />
          </div>
          {has(staff, 'exports.read') && <ExportForm />}
        </>
      )}
      {d.backup && <BackupCard backup={d.backup} />}
    </div>
  );
}
