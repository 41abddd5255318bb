import type { Services } from '@vitrin/core';
import { type CarrierHealth, SYNC_INTERVAL_MS } from '@vitrin/core/shipping/sync';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, staffRefusals } from '../../route.ts';

const instant = z.string().nullable().describe('ISO 8601');

export const carrierHealthAnswer = z.object({
  carriers: z.array(
    z.object({
      carrier: z.enum(['geliver', 'yurtici']),
      name: z.string(),
      configured: z.boolean().describe('Its keys are in the environment'),
      lastSuccessAt: instant.describe('ISO 8601: the last status read the carrier answered'),
      lastErrorAt: instant,
      lastError: z.string().nullable().describe('The last failure, in Turkish'),
      openShipments: z.number().int().describe('Bought labels whose order is in Kargoya Verildi or Kargoda'),
      failingShipments: z.number().int().describe('Of those, the ones whose last read failed'),
    }) satisfies z.ZodType<CarrierHealth>,
  ),
  intervalMinutes: z.number().int().describe('How often the status round reads open shipments'),
});

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
