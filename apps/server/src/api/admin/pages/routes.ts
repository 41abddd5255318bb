import type { Services } from '@vitrin/core';
import { pageAnswer, pageListAnswer, pageListQuery, pageRequest } from '@vitrin/shared/api/admin/pages';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, invalid, staffRefusals } from '../../route.ts';
import { registerRecordRoutes } from './record-routes.ts';

const TAG = 'Yönetim: içerik sayfaları';

/**
 * Content pages of the four page types (owners and managers: `content.write`). The body is sanitized before
 * it is stored (`html/sanitize.ts`); a blank slug is made from the title. Every change is audited and in the
 * storefront at once.
 */
export function registerAdminPageRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const admin = services.pageAdmin;

  route({
    method: 'GET',
    url: '/api/admin/pages',
    summary: 'Content pages, by type and position (`type` 1–4: only that type)',
    tag: TAG,
    permission: 'content.write',
    querystring: pageListQuery,
    responses: { 200: { description: 'The pages', schema: pageListAnswer }, ...invalid, ...staffRefusals },
    handler: async (request) => ({ items: await admin.list(request.query.type) }),
  });

  registerRecordRoutes(route, staffOf, {
    url: '/api/admin/pages',
    tag: TAG,
    key: 'page',
    admin,
    request: pageRequest,
    answer: pageAnswer,
    notFound: 'SAYFA_BULUNAMADI',
    versioned: true,
    summaries: {
      get: 'A page with its body, for the form',
      create: 'Adds a page (its body sanitized; a blank slug made from the title)',
      update: 'Changes a page: every field given, as the form sends it',
      remove: 'Removes a page',
    },
  });
}
