import type { Services } from '@vitrin/core';
import { dashboardAnswer } from '@vitrin/shared/api/admin/dashboard';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, staffRefusals } from '../../route.ts';

/** The panel's home: today's and this month's orders and revenue, states, low stock, open tickets, 30 days. */
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
    handler: () => services.reports.dashboard(),
  });
}
