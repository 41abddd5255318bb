import type { Services } from '@vitrin/core';
import { paymentSettingsAnswer } from '@vitrin/shared/api/admin/payment-settings';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, staffRefusals } from '../../route.ts';

/**
 * The "Kart ödemesi" section of the settings (owners: `settings.write`): each provider's state, the chosen
 * one, and PayTR's notification URL on this shop's address. Keys are named with whether they are set only.
 */
export function registerPaymentSettingsRoutes(
  app: FastifyInstance,
  services: Services,
  staffOf: StaffOf,
  publicUrl: string,
) {
  const route = apiRoutes(app, undefined, staffOf);
  route({
    method: 'GET',
    url: '/api/admin/settings/payments',
    summary: "The card payment providers' state, the chosen one and PayTR's notification URL (never a key)",
    tag: 'Yönetim: ayarlar',
    permission: 'settings.write',
    responses: { 200: { description: 'The providers', schema: paymentSettingsAnswer }, ...staffRefusals },
    handler: async () => ({
      ...(await services.paymentProviders.overview()),
      paytrNotifyUrl: new URL('/api/payments/paytr/notify', publicUrl).href,
    }),
  });
}
