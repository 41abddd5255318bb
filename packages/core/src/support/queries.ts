import type { TicketDetail, TicketList, TicketSummary } from '@vitrin/shared/api/support-context';
import { canApply, TICKET_STATUSES, type TicketStatus } from '@vitrin/shared/ticket-status';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customers, orders, supportMessages, supportTickets } from '../db/schema.ts';

/** How many tickets the CLI lists, and how many orders the panel offers on a new ticket (newest first). */
export const LIST_LIMIT = 100;
export const ORDER_CHOICES = 50;

const ticketColumns = {
  id: supportTickets.id,
  ticketNo: supportTickets.ticketNo,
  customerId: supportTickets.customerId,
  subject: supportTickets.subject,
  status: supportTickets.status,
  orderNo: orders.orderNo,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
};

export type TicketRow = {
  id: number;
  ticketNo: string;
  customerId: number;
  subject: string;
  status: TicketStatus;
  orderNo: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export const statusView = (code: TicketStatus) => ({ code, ...TICKET_STATUSES[code] });

function summary(row: TicketRow): TicketSummary {
  return {
    ticketNo: row.ticketNo,
    subject: row.subject,
    status: statusView(row.status),
    orderNo: row.orderNo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findTicket(db: Db, ticketNo: string): Promise<TicketRow | undefined> {
  const [row] = await db
    .select(ticketColumns)
    .from(supportTickets)
    .leftJoin(orders, eq(orders.id, supportTickets.orderId))
    .where(eq(supportTickets.ticketNo, ticketNo));
  return row as TicketRow | undefined;
}

/** One page of the customer's tickets, last change first (the id breaks ties so pages never overlap). */
export async function listTickets(
  db: Db,
  customerId: number,
  { page, perPage }: { page: number; perPage: number },
): Promise<TicketList> {
  const mine = eq(supportTickets.customerId, customerId);
  const [tickets, [counted], recent] = await Promise.all([
    db
      .select(ticketColumns)
      .from(supportTickets)
      .leftJoin(orders, eq(orders.id, supportTickets.orderId))
      .where(mine)
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(supportTickets).where(mine),
    db
      .select({ orderNo: orders.orderNo, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.customerId, customerId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDER_CHOICES),
  ]);
  const total = counted?.n ?? 0;
  return {
    tickets: (tickets as TicketRow[]).map(summary),
    page,
    perPage,
    total,
    pageCount: Math.max(1, Math.ceil(total / perPage)),
    orders: recent.map((o) => ({ orderNo: o.orderNo, createdAt: o.createdAt.toISOString() })),
  };
}

/** Every ticket, newest change first (the CLI's `ticket list`), with its customer's e-mail. */
export async function listAllTickets(db: Db, status?: TicketStatus) {
  return db
    .select({ ...ticketColumns, email: customers.email })
    .from(supportTickets)
    .innerJoin(customers, eq(customers.id, supportTickets.customerId))
    .leftJoin(orders, eq(orders.id, supportTickets.orderId))
    .where(status ? eq(supportTickets.status, status) : undefined)
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
    .limit(LIST_LIMIT);
}

export async function ownOrderId(db: Db, customerId: number, orderNo: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.customerId, customerId)));
  return row?.id;
}

/** The ticket with its thread; attachments are served under `base` (the customer's API unless staff read). */
export async function ticketDetail(
  db: Db,
  row: TicketRow,
  base = `/api/front/support/tickets/${encodeURIComponent(row.ticketNo)}/attachments`,
): Promise<TicketDetail> {
  const messages = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, row.id))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  return {
    ...summary(row),
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
      attachment:
        m.attachmentPath && m.attachmentType
          ? {
              name: m.attachmentName ?? 'ek',
              type: m.attachmentType,
              size: m.attachmentSize ?? 0,
              url: `${base}/${m.id}`,
            }
          : null,
    })),
    canReply: canApply('customerReply', row.status),
    canClose: canApply('close', row.status),
  };
}
