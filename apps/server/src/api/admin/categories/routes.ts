import type { Services } from '@vitrin/core';
import { categoryOptionsAnswer } from '@vitrin/shared/api/admin/categories';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, staffRefusals } from '../../route.ts';

const TAG = 'Yönetim: kategoriler';

/** The category tree for the panel's pickers (a coupon's category): read-only, any staff member. */
export function registerAdminCategoryRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);

  route({
    method: 'GET',
    url: '/api/admin/categories',
    summary: 'Every category, hidden ones too, depth-first in the storefront’s order, each with its depth',
    tag: TAG,
    permission: 'signedIn',
    responses: { 200: { description: 'The categories', schema: categoryOptionsAnswer }, ...staffRefusals },
    handler: async () => ({ items: await services.coupons.admin.categoryOptions() }),
  });
}
