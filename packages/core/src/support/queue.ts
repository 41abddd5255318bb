import {
  ADMIN_TICKETS_PER_PAGE,
  type AdminTicket,
  type AdminTicketList,
  type AdminTicketRow,
} from '@vitrin/shared/api/admin/tickets';
import { canApply, type TicketStatus } from '@vitrin/shared/ticket-status';
import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customers, orders, supportTickets } from '../db/schema.ts';
import { statusView, type TicketRow, ticketDetail } from './queries.ts';

/** Reads of tickets as staff see them in the panel: every customer's, with who wrote. */

const queueColumns = {
  ticketNo: supportTickets.ticketNo,
  subject: supportTickets.subject,
  status: supportTickets.status,
  orderNo: orders.orderNo,
  customerId: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
};

type QueueRow = {
  ticketNo: string;
  subject: string;
  status: TicketStatus;
  orderNo: string | null;
  customerId: number;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: Date;
  updatedAt: Date;
};

const toQueueRow = (r: QueueRow): AdminTicketRow => ({
  ticketNo: r.ticketNo,
  subject: r.subject,
  status: statusView(r.status),
  orderNo: r.orderNo,
  customer: { id: r.customerId, name: `${r.firstName} ${r.lastName}`.trim(), email: r.email },
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** One page of the queue (of one status, or all), last change first, and how many tickets each status has. */
export async function ticketQueue(
  db: Db,
  { status, page }: { status?: TicketStatus; page: number },
): Promise<AdminTicketList> {
  const where = status ? eq(supportTickets.status, status) : undefined;
  const [rows, counted] = await Promise.all([
    db
      .select(queueColumns)
      .from(supportTickets)
      .innerJoin(customers, eq(customers.id, supportTickets.customerId))
      .leftJoin(orders, eq(orders.id, supportTickets.orderId))
      .where(where)
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
      .limit(ADMIN_TICKETS_PER_PAGE)
      .offset((page - 1) * ADMIN_TICKETS_PER_PAGE),
    db
      .select({ status: supportTickets.status, n: count() })
      .from(supportTickets)
      .groupBy(supportTickets.status),
  ]);
  const counts = { open: 0, answered: 0, closed: 0 };
  for (const c of counted) counts[c.status] = c.n;
  const total = status ? counts[status] : counts.open + counts.answered + counts.closed;
  return {
    items: (rows as QueueRow[]).map(toQueueRow),
    counts,
    page,
    perPage: ADMIN_TICKETS_PER_PAGE,
    total,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_TICKETS_PER_PAGE)),
  };
}

/** An order number as the shop makes them (`checkout/order-number.ts`), anywhere in a text. */
const ORDER_NO_IN_TEXT = /\bVT-[A-HJKMNP-Z2-9]{8}\b/gi;
/** Order numbers looked up per ticket at most: a message full of numbers costs one bounded query. */
const MAX_NAMED_ORDERS = 20;

/**
 * The orders a ticket is about, for the panel's links: the one the customer chose, then the order numbers
 * named in the subject and the customer's messages, in that order; only orders that exist and are the
 * ticket customer's own or guest orders placed with their e-mail address (another person's number stays text).
 */
async function ticketOrders(
  db: Db,
  ticket: { customerId: number; email: string; chosen: string | null; texts: string[] },
): Promise<string[]> {
  const named = ticket.texts.flatMap((text) =>
    [...text.matchAll(ORDER_NO_IN_TEXT)].map((m) => m[0].toUpperCase()),
  );
  const wanted = [...new Set([...(ticket.chosen ? [ticket.chosen] : []), ...named])].slice(
    0,
    MAX_NAMED_ORDERS,
  );
  if (!wanted.length) return [];
  const theirs = or(
    eq(orders.customerId, ticket.customerId),
    ticket.email
      ? and(isNull(orders.customerId), sql`lower(${orders.email}) = ${ticket.email.toLowerCase()}`)
      : undefined,
  );
  const found = await db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(inArray(orders.orderNo, wanted), theirs));
  const known = new Set(found.map((o) => o.orderNo));
  return wanted.filter((no) => known.has(no));
}

/** A ticket with its thread for staff: attachments under the admin API, and what staff may do next. */
export async function staffTicketDetail(db: Db, row: TicketRow): Promise<AdminTicket> {
  const [[customer], detail] = await Promise.all([
    db
      .select({
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
      })
      .from(customers)
      .where(eq(customers.id, row.customerId)),
    ticketDetail(db, row, `/api/admin/tickets/${encodeURIComponent(row.ticketNo)}/attachments`),
  ]);
  return {
    ticketNo: detail.ticketNo,
    subject: detail.subject,
    status: detail.status,
    orderNo: detail.orderNo,
    customer: {
      id: row.customerId,
      name: `${customer?.firstName ?? ''} ${customer?.lastName ?? ''}`.trim(),
      email: customer?.email ?? '',
    },
    createdAt: detail.createdAt,
    updatedAt: detail.updatedAt,
    messages: detail.messages,
    canReply: canApply('shopReply', row.status),
    canClose: canApply('close', row.status),
    canReopen: canApply('reopen', row.status),
    orders: await ticketOrders(db, {
      customerId: row.customerId,
      email: customer?.email ?? '',
      chosen: detail.orderNo,
      texts: [detail.subject, ...detail.messages.filter((m) => m.author === 'customer').map((m) => m.body)],
    }),
  };
}
