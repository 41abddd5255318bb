import { type AdminTicket, type AdminTicketList, adminTicketQuery } from '@vitrin/shared/api/admin/tickets';
import {
  openTicketRequest,
  TICKETS_PER_PAGE,
  ticketListQuery,
  ticketNoSchema,
  ticketReplyRequest,
} from '@vitrin/shared/api/support';
import type { TicketDetail, TicketList } from '@vitrin/shared/api/support-context';
import { canApply, TICKET_EVENTS, type TicketEvent, type TicketStatus } from '@vitrin/shared/ticket-status';
import type { z } from '@vitrin/shared/zod';
import { fieldMessages } from '@vitrin/shared/zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Database, Db } from '../db/client.ts';
import { withClusterLock } from '../db/cluster-lock.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { customers, supportMessages, supportTickets } from '../db/schema.ts';
import { enqueueMail, type MailQueue, type QueuedMessage } from '../mail/queue.ts';
import { ticketReplyEmail } from '../mail/support-templates.ts';
import type { Tx } from '../orders/stock.ts';
import type { SettingsService } from '../settings/service.ts';
import type { FileStore } from '../storage/file-store.ts';
import { type AttachmentUpload, createAttachmentStore, type StoredAttachment } from './attachments.ts';
import { invalidSupportInput, orderNotYours, ticketChanged, ticketClosed, ticketNotFound } from './errors.ts';
import { deleteOrphanAttachments } from './orphan-attachments.ts';
import {
  findTicket,
  listAllTickets,
  listTickets,
  ownOrderId,
  type TicketRow,
  ticketDetail,
} from './queries.ts';
import { staffTicketDetail, ticketQueue } from './queue.ts';
import { newTicketNo } from './ticket-number.ts';

export interface SupportServiceOptions {
  /** The durable e-mail queue: a ticket's e-mail is written in the transaction of its change. */
  mail: MailQueue;
  settings: SettingsService;
  /** The storefront's public origin: the link in the reply e-mail starts with it. */
  shopUrl: string;
  /** The shop's files: attachments go to its private area (`private/support/…`). */
  files: FileStore;
  /** The database `db` belongs to: the purge of orphaned attachments runs on one app node at a time. */
  database: Database;
}

/** A downloaded attachment: its bytes and what to tell the browser. */
export interface AttachmentFile {
  bytes: Buffer;
  name: string;
  type: string;
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw invalidSupportInput(fieldMessages(result.error));
}

/**
 * Support tickets: a customer opens one (about one of their own orders, if they like), both sides write in
 * its thread, the customer closes it. Every status change obeys the table in `shared/ticket-status.ts`
 * and is one conditional update, so two requests at once cannot both move the same ticket.
 * Another customer's ticket, and an unknown one, answer the same 404.
 */
export function createSupportService(db: Db, options: SupportServiceOptions) {
  const { mail, settings } = options;
  const shopUrl = options.shopUrl.replace(/\/+$/, '');
  const store = createAttachmentStore(options.files);

  /** The ticket if it is this customer's; 404 otherwise. */
  async function own(customerId: number, ticketNo: unknown): Promise<TicketRow> {
    const parsed = ticketNoSchema.safeParse(ticketNo);
    if (!parsed.success) throw ticketNotFound();
    const row = await findTicket(db, parsed.data);
    if (!row || row.customerId !== customerId) throw ticketNotFound();
    return row;
  }

  async function anyTicket(ticketNo: unknown): Promise<TicketRow> {
    const parsed = ticketNoSchema.safeParse(ticketNo);
    if (!parsed.success) throw ticketNotFound();
    const row = await findTicket(db, parsed.data);
    if (!row) throw ticketNotFound();
    return row;
  }

  /** Stores the file (checked first) and runs `work`; the file is removed again if `work` fails. */
  async function withAttachment<T>(
    upload: AttachmentUpload | null | undefined,
    work: (stored: StoredAttachment | null) => Promise<T>,
  ): Promise<T> {
    const stored = upload ? await store.save(upload) : null;
    try {
      return await work(stored);
    } catch (err) {
      // The message's own error is the answer; a file that cannot be taken back now goes with the hourly
      // purge of attachments no message names.
      if (stored) await store.remove(stored.path).catch(() => undefined);
      throw err;
    }
  }

  const attachmentColumns = (stored: StoredAttachment | null) =>
    stored
      ? {
          attachmentPath: stored.path,
          attachmentName: stored.name,
          attachmentType: stored.type,
          attachmentSize: stored.size,
        }
      : {};

  /**
   * Applies `event` to the ticket (one conditional update), adds the message, the audit entry and the
   * e-mail the change causes, all in one transaction: the e-mail exists exactly when the change committed.
   * Refused when the ticket's status does not allow the event.
   */
  async function apply(
    row: TicketRow,
    event: TicketEvent,
    change: {
      message?: { author: 'customer' | 'shop'; body: string; stored: StoredAttachment | null };
      actor?: AuditActor;
      email?: (tx: Tx) => Promise<QueuedMessage>;
    } = {},
  ): Promise<void> {
    const { message, actor, email } = change;
    const { from, to } = TICKET_EVENTS[event];
    await db.transaction(async (tx) => {
      const moved = await tx
        .update(supportTickets)
        .set({ status: to, updatedAt: sql`now()` })
        .where(and(eq(supportTickets.id, row.id), inArray(supportTickets.status, [...from])))
        .returning({ id: supportTickets.id });
      if (moved.length === 0) throw event === 'shopReply' ? ticketClosed() : ticketChanged();
      if (message) {
        await tx.insert(supportMessages).values({
          ticketId: row.id,
          author: message.author,
          body: message.body,
          ...attachmentColumns(message.stored),
        });
      }
      if (email) await enqueueMail(tx, await email(tx));
      if (actor) {
        await recordAudit(tx, {
          actor,
          action: `ticket.${event}`,
          entity: 'ticket',
          entityId: row.ticketNo,
          before: { status: row.status },
          after: { status: to, ...(message ? { message: message.body } : {}) },
        });
      }
    });
    if (email) mail.kick();
  }

  /** The customer's e-mail about the shop's answer, read in the answer's transaction. */
  /**
   * The reply's e-mail, made in the reply's transaction. The shop's name is read before it: a settings read
   * inside would go around the transaction, and on the embedded database (one connection) wait for it forever
   * whenever a change had just dropped the settings cache.
   */
  const replyEmail =
    (row: TicketRow, reply: string, shopName: string) =>
    async (tx: Tx): Promise<QueuedMessage> => {
      const [customer] = await tx
        .select({ email: customers.email, firstName: customers.firstName })
        .from(customers)
        .where(eq(customers.id, row.customerId));
      if (!customer) throw ticketNotFound();
      return {
        kind: 'ticket-reply',
        to: customer.email,
        ...ticketReplyEmail({
          shopName,
          firstName: customer.firstName,
          ticketNo: row.ticketNo,
          ticketSubject: row.subject,
          reply,
          ticketUrl: `${shopUrl}/panel/support/${encodeURIComponent(row.ticketNo)}`,
        }),
      };
    };

  /**
   * The shop's answer (the CLI's, or a staff member's with an optional attachment): the ticket becomes
   * answered and its customer's e-mail with the link is queued with it.
   */
  async function answer(
    ticketNo: unknown,
    input: unknown,
    upload: AttachmentUpload | null | undefined,
    actor: AuditActor,
  ): Promise<TicketRow> {
    const row = await anyTicket(ticketNo);
    const { message } = parse(ticketReplyRequest, input);
    if (!canApply('shopReply', row.status)) throw ticketClosed();
    if (upload) store.check(upload);
    const shopName = await settings.get('brand_name');
    await withAttachment(upload, (stored) =>
      apply(row, 'shopReply', {
        message: { author: 'shop', body: message, stored },
        actor,
        email: replyEmail(row, message, shopName),
      }),
    );
    return row;
  }

  /** A message's attachment of `row`; 404 for anything else. */
  async function attachmentOf(row: TicketRow, messageId: unknown): Promise<AttachmentFile> {
    const id = typeof messageId === 'string' && /^[1-9]\d{0,9}$/.test(messageId) ? Number(messageId) : NaN;
    if (!Number.isSafeInteger(id)) throw ticketNotFound();
    const [message] = await db
      .select()
      .from(supportMessages)
      .where(and(eq(supportMessages.id, id), eq(supportMessages.ticketId, row.id)));
    if (!message?.attachmentPath || !message.attachmentType) throw ticketNotFound();
    // A file gone is the same 404 as a message without one; a store that cannot answer is its own error.
    const bytes = await store.read(message.attachmentPath);
    if (!bytes) throw ticketNotFound();
    return { bytes, name: message.attachmentName ?? 'ek', type: message.attachmentType };
  }

  const detailOf = async (ticketNo: string) => ticketDetail(db, (await findTicket(db, ticketNo))!);

  return {
    /** One page of the customer's tickets; `input` is the query (`{ page }`, 1 when absent). */
    async list(customerId: number, input: unknown = {}): Promise<TicketList> {
      const { page } = parse(ticketListQuery, input);
      return listTickets(db, customerId, { page, perPage: TICKETS_PER_PAGE });
    },

    async open(customerId: number, input: unknown, upload?: AttachmentUpload | null): Promise<TicketDetail> {
      const data = parse(openTicketRequest, input);
      const orderId = data.orderNo ? await ownOrderId(db, customerId, data.orderNo) : null;
      if (orderId === undefined) throw orderNotYours();
      if (upload) store.check(upload);
      return withAttachment(upload, async (stored) => {
        for (let attempt = 0; ; attempt++) {
          const ticketNo = newTicketNo();
          try {
            await db.transaction(async (tx) => {
              const [ticket] = await tx
                .insert(supportTickets)
                .values({ ticketNo, customerId, orderId, subject: data.subject, status: 'open' })
                .returning({ id: supportTickets.id });
              await tx.insert(supportMessages).values({
                ticketId: ticket!.id,
                author: 'customer',
                body: data.message,
                ...attachmentColumns(stored),
              });
            });
            return await detailOf(ticketNo);
          } catch (err) {
            if (attempt < 3 && isUniqueViolation(err)) continue;
            throw err;
          }
        }
      });
    },

    async detail(customerId: number, ticketNo: unknown): Promise<TicketDetail> {
      return ticketDetail(db, await own(customerId, ticketNo));
    },

    /** The customer's message: the ticket is open again (a closed one too). */
    async reply(
      customerId: number,
      ticketNo: unknown,
      input: unknown,
      upload?: AttachmentUpload | null,
    ): Promise<TicketDetail> {
      const row = await own(customerId, ticketNo);
      const { message } = parse(ticketReplyRequest, input);
      if (upload) store.check(upload);
      await withAttachment(upload, (stored) =>
        apply(row, 'customerReply', { message: { author: 'customer', body: message, stored } }),
      );
      return detailOf(row.ticketNo);
    },

    /** Closing twice is harmless: a closed ticket is answered as it is. */
    async close(customerId: number, ticketNo: unknown): Promise<TicketDetail> {
      const row = await own(customerId, ticketNo);
      if (row.status !== 'closed') await apply(row, 'close');
      return detailOf(row.ticketNo);
    },

    /** An attachment of one of the customer's tickets; 404 for anything else. */
    async attachment(customerId: number, ticketNo: unknown, messageId: unknown): Promise<AttachmentFile> {
      return attachmentOf(await own(customerId, ticketNo), messageId);
    },

    // --- the shop's side (the CLI until the admin panel exists) -------------------------------------

    /**
     * The shop's answer from the CLI (recorded in the audit log as `actor`, the CLI): the ticket becomes
     * answered and its customer gets an e-mail.
     */
    async shopReply(actor: AuditActor, ticketNo: unknown, body: string): Promise<TicketDetail> {
      const row = await answer(ticketNo, { message: body }, null, actor);
      return detailOf(row.ticketNo);
    },

    /** Any customer's ticket with its thread and the customer's e-mail (the CLI's `ticket show`). */
    async show(ticketNo: unknown): Promise<TicketDetail & { email: string }> {
      const row = await anyTicket(ticketNo);
      const [customer] = await db
        .select({ email: customers.email })
        .from(customers)
        .where(eq(customers.id, row.customerId));
      return { ...(await ticketDetail(db, row)), email: customer?.email ?? '' };
    },

    listAll: (status?: TicketStatus) => listAllTickets(db, status),

    // --- the staff panel: every ticket, each change in the audit log -------------------------------

    /** One page of the queue; `input` is the query (`{ status?, page }`). */
    async queue(input: unknown = {}): Promise<AdminTicketList> {
      return ticketQueue(db, parse(adminTicketQuery, input));
    },

    async staffDetail(ticketNo: unknown): Promise<AdminTicket> {
      return staffTicketDetail(db, await anyTicket(ticketNo));
    },

    /** A staff member's answer, with an optional attachment (the customer's limits and checks). */
    async staffReply(
      actor: AuditActor,
      ticketNo: unknown,
      input: unknown,
      upload?: AttachmentUpload | null,
    ): Promise<AdminTicket> {
      const row = await answer(ticketNo, input, upload, actor);
      return staffTicketDetail(db, (await findTicket(db, row.ticketNo))!);
    },

    /** Staff close a ticket (TALEP_DEGISTI when it is closed already) or open a closed one again. */
    async staffMove(actor: AuditActor, ticketNo: unknown, event: 'close' | 'reopen'): Promise<AdminTicket> {
      const row = await anyTicket(ticketNo);
      if (!canApply(event, row.status)) throw ticketChanged();
      await apply(row, event, { actor });
      return staffTicketDetail(db, (await findTicket(db, row.ticketNo))!);
    },

    async staffAttachment(ticketNo: unknown, messageId: unknown): Promise<AttachmentFile> {
      return attachmentOf(await anyTicket(ticketNo), messageId);
    },

    /**
     * Deletes the stored attachments no message names (`orphan-attachments.ts`); for the hourly purge, one
     * app node at a time (another that finds it running skips its turn: 0).
     */
    async purgeOrphanAttachments(at = new Date()): Promise<number> {
      const purged = await withClusterLock(options.database, 'support-attachments-purge', () =>
        deleteOrphanAttachments(db, options.files, at),
      );
      return purged.ran ? purged.value : 0;
    },

    /** Resolves when the queue's round under way is over (the CLI before it closes the database, tests). */
    drainMail: () => mail.drain(),
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
