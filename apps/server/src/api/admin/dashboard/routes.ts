import type { Services } from '@vitrin/core';
import { backupState } from '@vitrin/core/backup/last-result';
import { type DashboardAnswer, dashboardAnswer } from '@vitrin/shared/api/admin/dashboard';
import { can } from '@vitrin/shared/staff/permissions';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, staffRefusals } from '../../route.ts';

/** The figures without the turnover: today's and the month's revenue, the 30 days' chart and the recovered carts' revenue go. */
function withoutRevenue({
  today,
  month,
  days: _days,
  cartRecovery,
  ...rest
}: DashboardAnswer): DashboardAnswer {
  return {
    ...rest,
    today: { orders: today.orders },
    month: { orders: month.orders },
    cartRecovery: { reminded: cartRecovery.reminded, recovered: cartRecovery.recovered },
  };
}

/**
 * The panel's home: today's and this month's orders and revenue, states, low stock, open tickets, 30 days,
 * the nightly backup's last result and the legal details an invoice still lacks. The revenue figures only for
 * a role with `reports.read` (owners and managers).
 */
export function registerDashboardRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);

  route({
    method: 'GET',
    url: '/api/admin/dashboard',
    summary:
      'The shop at a glance (days in Turkey time). Revenue: the VAT-included totals of orders neither cancelled nor failed in payment, only for a role with `reports.read` (support gets the counts without it)',
    tag: 'Yönetim: gösterge paneli',
    permission: 'dashboard.read',
    responses: { 200: { description: 'The figures', schema: dashboardAnswer }, ...staffRefusals },
    handler: async (request) => {
      const staff = await staffOf(request);
      const figures: DashboardAnswer = {
        ...(await services.reports.dashboard()),
        backup: await backupState(services.database, services.settings),
      };
      return staff && can(staff.role, 'reports.read') ? figures : withoutRevenue(figures);
    },
  });
}
