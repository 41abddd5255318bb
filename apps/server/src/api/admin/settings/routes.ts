import type { Services } from '@vitrin/core';
import { settingsAnswer, settingsUpdateRequest } from '@vitrin/shared/api/admin/settings';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, invalid, staffRefusals } from '../../route.ts';
import { signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: ayarlar';

/**
 * The shop's settings (owners: `settings.write`): identity, contact, bank accounts, fees, rates and
 * maintenance. `bypassKeySet` says whether the maintenance bypass key is configured; its value stays here.
 */
export function registerAdminSettingsRoutes(
  app: FastifyInstance,
  services: Services,
  staffOf: StaffOf,
  bypassKeySet: boolean,
) {
  const route = apiRoutes(app, undefined, staffOf);
  const { admin } = services.settings;
  const answer = async () => ({ settings: await admin.view(), maintenance: { bypassKeySet } });

  route({
    method: 'GET',
    url: '/api/admin/settings',
    summary: 'The settings the panel shows, and whether the maintenance bypass key is set',
    tag: TAG,
    permission: 'settings.write',
    responses: { 200: { description: 'The settings', schema: settingsAnswer }, ...staffRefusals },
    handler: answer,
  });

  route({
    method: 'PATCH',
    url: '/api/admin/settings',
    summary: 'Saves some settings (a section) together, or none of them; the storefront follows at once',
    tag: TAG,
    permission: 'settings.write',
    body: settingsUpdateRequest,
    responses: { 200: { description: 'Saved', schema: settingsAnswer }, ...invalid, ...staffRefusals },
    handler: async (request) => {
      const actor = staffActor(await signedIn(staffOf, request));
      await admin.save(actor, request.body);
      return answer();
    },
  });
}
