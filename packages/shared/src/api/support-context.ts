/**
 * What the server gives the contact page and the support pages (`/contact`, `/panel/support`) in the load
 * context, and the shapes of the support API's answers. Types only (no zod): route modules import it
 * without growing the browser bundle. Inputs are the raw form fields (a ticket's attachment is the posted
 * `File` under `file`); the server validates them with the schemas of `contact.ts` and `support.ts`.
 */
import type { TicketStatus } from '../ticket-status.ts';
import type { FormFields, Result } from './account-context.ts';

export interface TicketStatusView {
  code: TicketStatus;
  label: string;
  badge: 'warning' | 'success' | 'dark';
}

export interface TicketSummary {
  ticketNo: string;
  subject: string;
  status: TicketStatusView;
  /** The order the ticket is about (one of the customer's own), or null. */
  orderNo: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TicketAttachment {
  name: string;
  type: string;
  size: number;
  /** Served only to the ticket's owner (session cookie or Bearer). */
  url: string;
}

export interface TicketMessage {
  id: number;
  author: 'customer' | 'shop';
  body: string;
  createdAt: string;
  attachment: TicketAttachment | null;
}

export interface TicketDetail extends TicketSummary {
  messages: TicketMessage[];
  canReply: boolean;
  canClose: boolean;
}

/** An order the customer may name on a new ticket. */
export interface TicketOrderChoice {
  orderNo: string;
  createdAt: string;
}

export interface TicketList {
  /** One page of the customer's tickets, last change first. */
  tickets: TicketSummary[];
  page: number;
  perPage: number;
  total: number;
  pageCount: number;
  /** The customer's recent orders, newest first, for the "new ticket" form. */
  orders: TicketOrderChoice[];
}

export interface ContactContext {
  /** Fields: name, email, subject, message, kvkk; `website` is the honeypot (filled: a quiet fake success). */
  send(fields: FormFields): Promise<Result>;
}

export interface SupportContext {
  // Every method needs a logged-in customer: without one it answers 401 OTURUM_GECERSIZ.
  /** One page (`TICKETS_PER_PAGE` a page) of the customer's tickets; 400 GECERSIZ_ISTEK for a bad page. */
  list(page: number): Promise<Result<TicketList>>;
  /** Fields: subject, message, orderNo (optional), file (optional). */
  open(fields: FormFields): Promise<Result<TicketDetail>>;
  detail(ticketNo: string): Promise<Result<TicketDetail>>;
  /** Fields: message, file (optional). */
  reply(ticketNo: string, fields: FormFields): Promise<Result<TicketDetail>>;
  close(ticketNo: string): Promise<Result<TicketDetail>>;
}
