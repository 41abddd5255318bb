import type { Services } from '@vitrin/core';
import { type CarrierHealth, SYNC_INTERVAL_MS } from '@vitrin/core/shipping/sync';
import { carrierHealthAnswer, carrierHealthSchema } from '@vitrin/shared/api/admin/shipping-health';
import type { z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, staffRefusals } from '../../route.ts';

// The core's health rows are what the shared answer describes (a field added on one side fails here).
const _rows: z.ZodType<CarrierHealth> = carrierHealthSchema;

/**
 * The carriers' health for the panel (issue 41): per carrier, whether its keys are set, the last status read it
 * answered and the last failure with its time (written by whichever node made the call), and its open and
 * failing shipments. Staff who see orders may read it.
 */
export function registerShippingHealthRoute(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);

  route({
    method: 'GET',
    url: '/api/admin/shipping/health',
    summary:
      "Each carrier's health: keys set, the last status read it answered, the last failure and when, open and failing shipments",
    tag: 'Yönetim: siparişler',
    permission: 'orders.read',
    responses: {
      200: { description: "The carriers' health", schema: carrierHealthAnswer },
      ...staffRefusals,
    },
    handler: async () => ({
      carriers: await services.shippingSync.health(),
      intervalMinutes: SYNC_INTERVAL_MS / 60_000,
    }),
  });
}
