/**
 * Request schemas of the support API (`support-context.ts` has the answers' shapes). Messages are what a
 * customer reads next to the field. Brings zod: imported by path.
 */
import { lineText, multilineText, z } from '../zod.ts';
import { SUPPORT_LIMITS } from './form-limits.ts';
import { pageNumber } from './page-number.ts';

export type {
  TicketDetail,
  TicketList,
  TicketMessage,
  TicketSummary,
} from './support-context.ts';

export { SUPPORT_LIMITS };

/** `DT-` and 8 letters and digits without look-alikes (like order numbers). */
export const TICKET_NO_PATTERN = /^DT-[A-HJKMNP-Z2-9]{8}$/;

export const ticketNoSchema = z
  .string({ error: 'Talep numarası gerekli' })
  .trim()
  .toUpperCase()
  .regex(TICKET_NO_PATTERN, 'Talep numarası geçersiz');

const message = multilineText({ error: 'Mesajınızı yazın' })
  .trim()
  .min(1, 'Mesajınızı yazın')
  .min(5, 'Mesajınız en az 5 karakter olmalı')
  .max(SUPPORT_LIMITS.message, `Mesajınız en fazla ${SUPPORT_LIMITS.message} karakter olabilir`);

export const openTicketRequest = z.object({
  subject: lineText({ error: 'Konuyu yazın' })
    .trim()
    .min(1, 'Konuyu yazın')
    .min(3, 'Konu en az 3 karakter olmalı')
    .max(SUPPORT_LIMITS.subject, `Konu en fazla ${SUPPORT_LIMITS.subject} karakter olabilir`),
  /** One of the customer's own orders; empty means none. */
  orderNo: z
    .string({ error: 'Sipariş numarası geçersiz' })
    .trim()
    .max(40, 'Sipariş numarası geçersiz')
    .regex(/^[A-Za-z0-9-]*$/, 'Sipariş numarası geçersiz')
    .optional()
    .transform((v) => (v ? v.toUpperCase() : undefined)),
  message,
});
export type OpenTicketRequest = z.input<typeof openTicketRequest>;

export const ticketReplyRequest = z.object({ message });

/** How many tickets a page of the customer's list holds. */
export const TICKETS_PER_PAGE = 20;

/** `?page=` of the customer's ticket list (1 when absent). */
export const ticketListQuery = z.object({ page: pageNumber });
export type TicketReplyRequest = z.input<typeof ticketReplyRequest>;
