/**
 * Support tickets in the staff panel (`/api/admin/tickets`): the queue's filters and the answers' schemas.
 * A staff reply uses the customer side's message schema (`ticketReplyRequest`), with the same attachment
 * limits. Brings zod: imported by path.
 */
import { TICKET_STATUSES, type TicketStatus } from '../../ticket-status.ts';
import { z } from '../../zod.ts';
import { pageNumber } from '../page-number.ts';

export { type TicketReplyRequest, ticketReplyRequest } from '../support.ts';

export const ADMIN_TICKETS_PER_PAGE = 25;

const STATUSES = Object.keys(TICKET_STATUSES) as [TicketStatus, ...TicketStatus[]];

export const adminTicketQuery = z.object({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(STATUSES, { error: 'Durum açık, yanıtlandı ya da kapandı olmalı' }).optional(),
  ),
  page: pageNumber,
});
export type AdminTicketQuery = z.input<typeof adminTicketQuery>;

const iso = () => z.string().describe('ISO 8601');
const statusView = z.object({ code: z.enum(STATUSES), label: z.string(), badge: z.string() });
const customerRef = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const adminTicketRowSchema = z.object({
  ticketNo: z.string(),
  subject: z.string(),
  status: statusView,
  orderNo: z.string().nullable(),
  customer: customerRef,
  createdAt: iso(),
  updatedAt: iso(),
});
export type AdminTicketRow = z.output<typeof adminTicketRowSchema>;

export const adminTicketListAnswer = z.object({
  items: z.array(adminTicketRowSchema),
  counts: z.object({ open: z.number().int(), answered: z.number().int(), closed: z.number().int() }),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  pageCount: z.number().int(),
});
export type AdminTicketList = z.output<typeof adminTicketListAnswer>;

export const adminTicketSchema = adminTicketRowSchema.extend({
  messages: z.array(
    z.object({
      id: z.number().int(),
      author: z.enum(['customer', 'shop']),
      body: z.string(),
      createdAt: iso(),
      attachment: z
        .object({ name: z.string(), type: z.string(), size: z.number().int(), url: z.string() })
        .nullable(),
    }),
  ),
  canReply: z.boolean(),
  canClose: z.boolean(),
  canReopen: z.boolean(),
  orders: z
    .array(z.string())
    .describe(
      "The orders the ticket is about: its chosen order and the order numbers named in its subject or the customer's messages, each an order of the ticket's customer or placed as a guest with their e-mail address",
    ),
});
export type AdminTicket = z.output<typeof adminTicketSchema>;

export const adminTicketAnswer = z.object({ ticket: adminTicketSchema });
