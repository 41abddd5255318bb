import { z } from '../../zod.ts';
import { shipmentAnswer } from './shipments.ts';

/** A label cancelled at the carrier: the shipment (`cancelled`), and the order's state, left as it was. */
export const shipmentCancelAnswer = shipmentAnswer.extend({
  order: z.object({
    status: z.number().int().describe("The order's state code (unchanged by a cancel)"),
    label: z.string(),
  }),
  message: z.string().describe('What happened to the label and the order, in Turkish'),
});
export type ShipmentCancelAnswer = z.output<typeof shipmentCancelAnswer>;
