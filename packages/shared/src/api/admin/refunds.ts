/**
 * Card refunds of chosen lines from the panel's order detail: what can still be given back, line by line,
 * and the refunds made so far. The panel sends a `key` made when the owner opens the dialog: a double click or
 * a retry of one confirmation is one refund.
 */
import { z } from '../../zod.ts';

export const cardRefundRequest = z.object({
  key: z
    .string({ error: 'İade anahtarı gerekli' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'İade anahtarı 16-64 harf, rakam, - ya da _ olmalı' }),
  lines: z
    .array(
      z.object({
        itemId: z.number({ error: 'Satır numarası gerekli' }).int().positive(),
        quantity: z
          .number({ error: 'Adet gerekli' })
          .int({ error: 'Adet tam sayı olmalı' })
          .min(1, { error: 'Adet en az 1 olmalı' })
          .max(999, { error: 'Adet en çok 999 olabilir' }),
      }),
      { error: 'İade edilecek satırları seçin' },
    )
    .min(1, { error: 'İade edilecek en az bir satır seçin' })
    .max(200, { error: 'Bir iadede en çok 200 satır olabilir' }),
});
export type CardRefundRequest = z.output<typeof cardRefundRequest>;

export const cardRefundSchema = z.object({
  reference: z.string(),
  kind: z.enum(['lines', 'all']),
  amountMinor: z.number().int(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  providerRef: z.string().nullable(),
  failureReason: z.string().nullable(),
  lines: z.array(
    z.object({ itemId: z.number().int(), quantity: z.number().int(), amountMinor: z.number().int() }),
  ),
  at: z.string().describe('ISO 8601'),
});
export type CardRefund = z.output<typeof cardRefundSchema>;

export const cardRefundsAnswer = z.object({
  /** Whether lines can be refunded now, and why not (Turkish) when they cannot. */
  available: z.boolean(),
  reason: z.string().nullable(),
  provider: z.string().nullable(),
  /** What is left of the card payment to give back, minor units. */
  leftMinor: z.number().int(),
  lines: z.array(
    z.object({
      itemId: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      /** Units refunded or being refunded. */
      refundedQuantity: z.number().int(),
      /** The line's share of the charged amount (a coupon's discount spread over the lines), minor units. */
      amountMinor: z.number().int(),
      /** Money of this line refunded or being refunded. */
      refundedMinor: z.number().int(),
    }),
  ),
  refunds: z.array(cardRefundSchema),
});
export type CardRefunds = z.output<typeof cardRefundsAnswer>;

/** The money `quantity` units of a line give back: all that is left of it for the last units. */
export function refundAmountOf(
  line: { quantity: number; refundedQuantity: number; amountMinor: number; refundedMinor: number },
  quantity: number,
): number {
  if (quantity >= line.quantity - line.refundedQuantity) return line.amountMinor - line.refundedMinor;
  return Math.floor((line.amountMinor * quantity) / line.quantity);
}
