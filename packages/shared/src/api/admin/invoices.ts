import { z } from '../../zod.ts';

/**
 * An order's e-invoice (issue 42) as the panel and the shopper's order page show it: issued by the
 * integrator (Paraşüt) by a durable job; the PDF is kept and served by the shop.
 */
export const INVOICE_STATUSES = ['pending', 'issued', 'failed', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const invoiceSchema = z.object({
  status: z
    .enum(INVOICE_STATUSES)
    .describe(
      'pending: being issued (retried while the integrator is away); issued; failed: needs the owner',
    ),
  number: z.string().nullable().describe('The GİB invoice number, once issued'),
  type: z
    .enum(['e_archive', 'e_invoice'])
    .nullable()
    .describe('e_archive (e-Arşiv) or e_invoice (e-Fatura, to a buyer with an inbox)'),
  pdfUrl: z.string().nullable().describe("The shop's own link to the PDF, once stored"),
  lastError: z.string().nullable().describe('The last failure, in Turkish'),
  attempts: z.number().int(),
  reversal: z
    .object({
      reason: z.enum(['cancelled', 'refunded']).describe('The order was cancelled, or refunded in full'),
      kind: z
        .enum(['cancel', 'return', 'note'])
        .nullable()
        .describe(
          'cancel: the e-Arşiv cancelled the day it was issued; return: a return (iade) document; note: an e-Fatura, left to the accountant; null: not decided yet',
        ),
      done: z.boolean(),
      number: z.string().nullable().describe("The return document's number"),
    })
    .nullable()
    .describe('What undoes the issued invoice after the order was cancelled or refunded'),
});
export type InvoiceView = z.infer<typeof invoiceSchema>;

/** `POST /api/admin/orders/{number}/invoice`. */
export const invoiceAnswer = z.object({ invoice: invoiceSchema });
export type InvoiceAnswer = z.infer<typeof invoiceAnswer>;

const instant = z.string().nullable().describe('ISO 8601');

/** `GET /api/admin/einvoice/health`: the integrator's last good call and last failure. */
export const einvoiceHealthAnswer = z.object({
  provider: z.enum(['none', 'parasut']).describe('The einvoice_provider setting'),
  configured: z.boolean().describe("The integrator's keys are in the environment"),
  lastSuccessAt: instant,
  lastErrorAt: instant,
  lastError: z.string().nullable(),
  pending: z.number().int().describe('Invoices waiting to be issued'),
  failed: z.number().int().describe('Invoices that need the owner'),
});
export type EInvoiceHealthAnswer = z.infer<typeof einvoiceHealthAnswer>;
