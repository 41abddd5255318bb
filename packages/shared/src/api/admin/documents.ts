/**
 * An order's documents in the panel: the packing slip (`/api/admin/orders/{number}/packing-slip`, no prices)
 * and the invoice PDF (`/api/admin/orders/{number}/invoice.pdf`). Brings zod: imported by path.
 */
import { z } from '../../zod.ts';

const address = z.object({
  name: z.string(),
  phone: z.string(),
  lines: z.array(z.string()).describe('Street, district / province, postcode'),
});

export const packingSlipAnswer = z.object({
  orderNo: z.string(),
  at: z.string().describe('ISO 8601'),
  shop: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
  shipTo: address,
  billTo: address,
  note: z.string(),
  lines: z.array(
    z.object({
      name: z.string(),
      sku: z.string(),
      options: z.array(z.string()).describe('`Renk: Mavi`, and a personalization text'),
      quantity: z.number().int(),
    }),
  ),
});
export type PackingSlip = z.output<typeof packingSlipAnswer>;
