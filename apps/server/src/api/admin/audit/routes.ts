import type { Services } from '@vitrin/core';
import { auditEntitiesAnswer, auditPageAnswer, auditQuery } from '@vitrin/shared/api/admin/audit';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, invalid, staffRefusals } from '../../route.ts';

const TAG = 'Yönetim: denetim kaydı';

/** The audit log (owners: `audit.read`): who changed what, newest first, with filters. */
export function registerAuditRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);

  route({
    method: 'GET',
    url: '/api/admin/audit',
    summary: 'The audit log, 50 a page, by staff member, entity and days (YYYY-MM-DD, Turkey time)',
    tag: TAG,
    permission: 'audit.read',
    querystring: auditQuery,
    responses: { 200: { description: 'A page', schema: auditPageAnswer }, ...invalid, ...staffRefusals },
    handler: async (request) => services.audit.page(request.query),
  });

  route({
    method: 'GET',
    url: '/api/admin/audit/entities',
    summary: 'The entity names the audit log holds, for the filter',
    tag: TAG,
    permission: 'audit.read',
    responses: { 200: { description: 'The names', schema: auditEntitiesAnswer }, ...staffRefusals },
    handler: async () => ({ entities: await services.audit.entities() }),
  });
}
