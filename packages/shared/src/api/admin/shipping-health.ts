import { z } from '../../zod.ts';

const instant = z.string().nullable().describe('ISO 8601');

/** One carrier's health (issue 41): keys, the last good call and the last failure, open and failing shipments. */
export const carrierHealthSchema = z.object({
  carrier: z.enum(['geliver', 'yurtici']),
  name: z.string(),
  configured: z.boolean().describe('Its keys are in the environment'),
  lastSuccessAt: instant.describe(
    'ISO 8601: the last call the carrier answered (a status read, a label bought)',
  ),
  lastErrorAt: instant,
  lastError: z.string().nullable().describe('The last failure, in Turkish'),
  openShipments: z.number().int().describe('Bought labels whose order is in Kargoya Verildi or Kargoda'),
  failingShipments: z.number().int().describe('Of those, the ones whose last read failed'),
});

/** `GET /api/admin/shipping/health`. */
export const carrierHealthAnswer = z.object({
  carriers: z.array(carrierHealthSchema),
  intervalMinutes: z.number().int().describe('How often the status round reads open shipments'),
});

export type CarrierHealthView = z.infer<typeof carrierHealthSchema>;
export type CarrierHealthAnswer = z.infer<typeof carrierHealthAnswer>;
