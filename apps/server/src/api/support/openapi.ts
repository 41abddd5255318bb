import { contactAnswer, contactRequest } from '@vitrin/shared/api/contact';
import { apiErrorBodySchema } from '@vitrin/shared/api/errors';
import {
  openTicketRequest,
  TICKETS_PER_PAGE,
  type TicketDetail,
  type TicketList,
  ticketListQuery,
  ticketReplyRequest,
} from '@vitrin/shared/api/support';
import { z } from '@vitrin/shared/zod';
import type { Operation } from '../operation.ts';

/** The contact form and support tickets in the OpenAPI document (their answers as zod schemas). */

const error = (description: string) => ({ description, schema: apiErrorBodySchema });
const invalid = { 400: error('GECERSIZ_ISTEK: `fields` names each bad field in Turkish') };
const noSession = { 401: error('OTURUM_GECERSIZ: no valid session') };
const crossOrigin = { 403: error('KAYNAK_REDDEDILDI: a cookie-carrying write from another site') };
const notFound = { 404: error('TALEP_BULUNAMADI: unknown or another customer’s ticket') };
const maintenance = { 503: error('Mağaza bakımda (yazma istekleri)') };
const upload = {
  413: error('DOSYA_COK_BUYUK: the attachment is over 5 MB'),
  415: error('DOSYA_TURU_GECERSIZ: not a JPEG, PNG, WebP or PDF (by content)'),
};

const status = z.object({
  code: z.enum(['open', 'answered', 'closed']),
  label: z.string().describe('Açık, Yanıtlandı or Kapandı'),
  badge: z.enum(['warning', 'success', 'dark']),
});
const summary = z.object({
  ticketNo: z.string().describe('DT- and 8 characters'),
  subject: z.string(),
  status,
  orderNo: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
});
const detail = summary.extend({
  messages: z.array(
    z.object({
      id: z.number().int(),
      author: z.enum(['customer', 'shop']),
      body: z.string(),
      createdAt: z.string(),
      attachment: z
        .object({ name: z.string(), type: z.string(), size: z.number().int(), url: z.string() })
        .nullable(),
    }),
  ),
  canReply: z.boolean(),
  canClose: z.boolean(),
}) satisfies z.ZodType<TicketDetail>;
const list = z.object({
  tickets: z.array(summary).describe(`One page, at most ${TICKETS_PER_PAGE} tickets`),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int().describe('All the customer’s tickets'),
  pageCount: z.number().int().describe('At least 1'),
  orders: z.array(z.object({ orderNo: z.string(), createdAt: z.string() })),
}) satisfies z.ZodType<TicketList>;
const ticketAnswer = z.object({ ticket: detail });
const withFile = (schema: z.ZodObject) =>
  schema.extend({
    file: z.string().optional().describe('multipart/form-data only: JPEG, PNG, WebP or PDF, ≤ 5 MB'),
  });

export const supportOperations: Operation[] = [
  {
    method: 'post',
    path: '/api/front/contact',
    summary: 'The contact form: stored and mailed to the shop (5 per IP address in 10 minutes)',
    tag: 'support',
    body: contactRequest,
    responses: {
      201: { description: 'Received', schema: contactAnswer },
      ...invalid,
      ...crossOrigin,
      429: error('COK_FAZLA_ISTEK: too many messages from this address (Retry-After)'),
      ...maintenance,
    },
  },
  {
    method: 'get',
    path: '/api/front/support/tickets',
    summary: `The customer's tickets, ${TICKETS_PER_PAGE} a page (last change first), and their recent orders to name on a new one`,
    tag: 'support',
    auth: true,
    query: ticketListQuery,
    responses: { 200: { description: 'Tickets', schema: list }, ...invalid, ...noSession },
  },
  {
    method: 'post',
    path: '/api/front/support/tickets',
    summary: 'Opens a ticket (JSON, or multipart/form-data with an optional `file`)',
    tag: 'support',
    auth: true,
    body: withFile(openTicketRequest),
    responses: {
      201: { description: 'The new ticket with its thread', schema: ticketAnswer },
      ...invalid,
      ...noSession,
      ...crossOrigin,
      ...upload,
      422: error('SIPARIS_GECERSIZ: the order is not one of the customer’s'),
      ...maintenance,
    },
  },
  {
    method: 'get',
    path: '/api/front/support/tickets/{ticketNo}',
    summary: 'One ticket with its thread',
    tag: 'support',
    auth: true,
    responses: { 200: { description: 'The ticket', schema: ticketAnswer }, ...noSession, ...notFound },
  },
  {
    method: 'post',
    path: '/api/front/support/tickets/{ticketNo}/messages',
    summary: "The customer's reply (JSON or multipart with an optional `file`): the ticket is open again",
    tag: 'support',
    auth: true,
    body: withFile(ticketReplyRequest),
    responses: {
      201: { description: 'The ticket with the new message', schema: ticketAnswer },
      ...invalid,
      ...noSession,
      ...crossOrigin,
      ...notFound,
      ...upload,
      ...maintenance,
    },
  },
  {
    method: 'post',
    path: '/api/front/support/tickets/{ticketNo}/close',
    summary: 'Closes the ticket (closing a closed one changes nothing)',
    tag: 'support',
    auth: true,
    responses: {
      200: { description: 'The closed ticket', schema: ticketAnswer },
      ...noSession,
      ...crossOrigin,
      ...notFound,
      ...maintenance,
    },
  },
  {
    method: 'get',
    path: '/api/front/support/tickets/{ticketNo}/attachments/{messageId}',
    summary: "A message's attachment, for the ticket's owner only (Content-Disposition, nosniff)",
    tag: 'support',
    auth: true,
    responses: { 200: { description: 'The file' }, ...noSession, ...notFound },
  },
];
