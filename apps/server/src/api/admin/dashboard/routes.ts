import type { Services } from '@vitrin/core';
import { backupState } from '@vitrin/core/backup/last-result';
import { dashboardAnswer } from '@vitrin/shared/api/admin/dashboard';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, staffRefusals } from '../../route.ts';

/**
 * The panel's home: today's and this month's orders and revenue, states, low stock, open tickets, 30 days,
 * and the nightly backup's last result.
 */
export function registerDashboardRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);

  route({
    method: 'GET',
    url: '/api/admin/dashboard',
    summary:
      'The shop at a glance (days in Turkey time). Revenue: the VAT-included totals of orders neither cancelled nor failed in payment',
    tag: 'Yönetim: gösterge paneli',
    permission: 'dashboard.read',
    responses: { 200: { description: 'The figures', schema: dashboardAnswer }, ...staffRefusals },
    handler: async () => ({
      ...(await services.reports.dashboard()),
      backup: await backupState(services.database, services.settings),
    }),
  });
}
