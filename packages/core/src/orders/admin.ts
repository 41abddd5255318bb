import type {
  AdminOrderDetail,
  AdminOrderFilter,
  AdminOrderHistoryEntry,
  BulkOrderStatusAnswer,
  bulkOrderStatusRequest,
  channelInvoiceRequest,
  OrderChannel,
  OrderNote,
  orderNoteRequest,
  orderPaymentRequest,
  orderStatusRequest,
} from '@vitrin/shared/api/admin/orders';
import { CARRIERS } from '@vitrin/shared/cargo';
import { ORDER_STATE, ORDER_STATE_CODES, ORDER_STATES, type OrderState } from '@vitrin/shared/order-states';
import type { z } from '@vitrin/shared/zod';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Db } from '../db/client.ts';
import { customers, orderHistory, orderNotes, orders, staff } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import { channelView, setChannelInvoice } from '../marketplace/orders.ts';
import { listAdminOrders } from './admin-list.ts';
import { orderError, orderNotFound } from './errors.ts';
import { findOrder, type OrderRow, stateView } from './queries.ts';
import type { OrderService } from './service.ts';
import { transitionRefusal } from './status.ts';

/** What the panel asks of the order service: its change with the audit row, and its reads. */
type Orders = Pick<OrderService, 'changeStatus' | 'show' | 'markRefunded'>;

/** The states the panel offers: the table, the operator's rules and the order's conditions (cargo asked later). */
function nextStates(order: OrderRow) {
  const from = order.status as OrderState;
  const shipping = { actor: 'operator' as const, cargoCompany: 'sonra', trackingNo: 'SONRA' };
  return ORDER_STATE_CODES.filter((to) => !transitionRefusal(from, to, order, shipping)).map((code) => ({
    code,
    label: ORDER_STATES[code].label,
  }));
}

/** The timeline's row of a Havale / EFT marked as arrived (`markPayment`). */
export const TRANSFER_RECEIVED_NOTE = 'Havale / EFT ödemesi alındı.';

const staffOf = (actor: AuditActor) => (actor.kind === 'staff' ? actor.staffId : undefined);

/**
 * The order's timeline for the panel: every state change and payment mark, oldest first, with the staff
 * member who made it in the panel (the customer's timeline, `OrderDetail.history`, names nobody).
 */
async function historyOf(db: Db, orderId: number): Promise<AdminOrderHistoryEntry[]> {
  const rows = await db
    .select({
      id: orderHistory.id,
      to: orderHistory.toStatus,
      at: orderHistory.createdAt,
      actor: orderHistory.actor,
      note: orderHistory.note,
      staffId: staff.id,
      name: staff.name,
    })
    .from(orderHistory)
    .leftJoin(staff, eq(staff.id, orderHistory.staffId))
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(asc(orderHistory.createdAt), asc(orderHistory.id));
  return rows.map((h) => ({
    id: h.id,
    state: stateView(h.to),
    at: h.at.toISOString(),
    actor: h.actor as AdminOrderHistoryEntry['actor'],
    note: h.note,
    staff: h.staffId !== null ? { id: h.staffId, name: h.name ?? '' } : null,
  }));
}

/** A Havale / EFT order whose transfer is awaited, not cancelled: the owner saw the money arrive. */
const transferAwaited = (o: OrderRow) =>
  o.paymentMethod === 'transfer' && o.paymentStatus === 'pending' && o.status !== ORDER_STATE.Cancelled;

async function notesOf(db: Db, orderId: number): Promise<OrderNote[]> {
  const rows = await db
    .select({
      id: orderNotes.id,
      body: orderNotes.body,
      at: orderNotes.createdAt,
      staffId: staff.id,
      name: staff.name,
      email: staff.email,
    })
    .from(orderNotes)
    .leftJoin(staff, eq(staff.id, orderNotes.staffId))
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
  return rows.map((n) => ({
    id: n.id,
    body: n.body,
    at: n.at.toISOString(),
    staff: n.staffId !== null ? { id: n.staffId, name: n.name ?? '', email: n.email ?? '' } : null,
  }));
}

/**
 * Orders as the staff panel runs them: the table, the detail with what may happen next, state changes (one
 * or several), payment marks and internal notes. Every change writes its audit row in its own transaction.
 * Its inputs come parsed by the admin routes' schemas (`apiRoutes`), its only callers: they are not read again.
 */
export function createAdminOrders(db: Db, orders_: Orders) {
  async function existing(orderNo: string): Promise<OrderRow> {
    const order = await findOrder(db, orderNo);
    if (!order) throw orderNotFound();
    return order;
  }

  async function detail(orderNo: string): Promise<AdminOrderDetail> {
    const order = await existing(orderNo);
    const [view, notes, history, channel, [customer]] = await Promise.all([
      orders_.show(order.orderNo),
      notesOf(db, order.id),
      historyOf(db, order.id),
      channelView(db, order.id),
      order.customerId === null
        ? Promise.resolve([])
        : db
            .select({
              id: customers.id,
              name: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
              email: customers.email,
            })
            .from(customers)
            .where(eq(customers.id, order.customerId)),
    ]);
    return {
      order: view,
      customer: customer ?? null,
      notes,
      history,
      nextStates: nextStates(order),
      trackingUrl: view.cargo?.trackingUrl ?? null,
      canMarkPaid: transferAwaited(order),
      canMarkRefunded: order.paymentMethod === 'transfer' && order.paymentStatus === 'refund_pending',
      channel,
    };
  }

  /** One change through the order service, its audit row in the change's transaction. */
  function change(actor: AuditActor, orderNo: string, input: z.output<typeof orderStatusRequest>) {
    const cargoCompany = input.cargoCompany ? CARRIERS[input.cargoCompany].name : undefined;
    return orders_.changeStatus(
      orderNo,
      input.status,
      {
        actor: 'operator',
        note: input.note,
        cargoCompany,
        trackingNo: input.trackingNo,
        staffId: staffOf(actor),
      },
      actor,
    );
  }

  return {
    list: (filter: AdminOrderFilter) => listAdminOrders(db, filter),
    detail,

    async changeStatus(
      actor: AuditActor,
      orderNo: string,
      input: z.output<typeof orderStatusRequest>,
    ): Promise<AdminOrderDetail> {
      await change(actor, orderNo, input);
      return detail(orderNo);
    },

    /** Each order on its own (one refused does not stop the others), a result per order. */
    async changeStatuses(
      actor: AuditActor,
      input: z.output<typeof bulkOrderStatusRequest>,
    ): Promise<BulkOrderStatusAnswer> {
      const results: BulkOrderStatusAnswer['results'] = [];
      for (const orderNo of input.numbers) {
        try {
          await change(actor, orderNo, { status: input.status, note: input.note });
          results.push({ orderNo, ok: true });
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          results.push({ orderNo, ok: false, error: { code: err.code, message: err.message } });
        }
      }
      return { results };
    },

    /** `paid`: a transfer arrived; `refunded`: a cancelled transfer order's money was sent back. */
    async markPayment(
      actor: AuditActor,
      orderNo: string,
      { status }: z.output<typeof orderPaymentRequest>,
    ): Promise<AdminOrderDetail> {
      const order = await existing(orderNo);
      if (status === 'refunded') {
        await orders_.markRefunded(order.orderNo, actor);
        return detail(orderNo);
      }
      const paid = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({ paymentStatus: 'paid', updatedAt: sql`now()` })
          .where(
            and(
              eq(orders.id, order.id),
              eq(orders.paymentMethod, 'transfer'),
              eq(orders.paymentStatus, 'pending'),
              inArray(
                orders.status,
                ORDER_STATE_CODES.filter((s) => s !== ORDER_STATE.Cancelled),
              ),
            ),
          )
          .returning({ id: orders.id });
        if (!row) return false;
        // The order's timeline keeps it, with who saw the money arrive (the customer reads the note only).
        await tx.insert(orderHistory).values({
          orderId: order.id,
          fromStatus: order.status,
          toStatus: order.status,
          actor: 'operator',
          note: TRANSFER_RECEIVED_NOTE,
          staffId: staffOf(actor),
        });
        await recordAudit(tx, {
          actor,
          action: 'order.payment',
          entity: 'order',
          entityId: order.orderNo,
          before: { paymentStatus: order.paymentStatus },
          after: { paymentStatus: 'paid' },
        });
        return true;
      });
      if (!paid) {
        throw orderError(
          'ODEME_BEKLEMIYOR',
          'Bu siparişte beklenen bir Havale / EFT ödemesi yok (ödenmiş, iptal edilmiş ya da başka bir yöntemle ödenecek).',
        );
      }
      return detail(orderNo);
    },

    /** A marketplace order's invoice number, typed by the owner: the next round sends it as Invoiced. */
    async setChannelInvoice(
      actor: AuditActor,
      orderNo: string,
      input: z.output<typeof channelInvoiceRequest>,
    ): Promise<OrderChannel> {
      const order = await existing(orderNo);
      return setChannelInvoice(db, order, input.invoiceNumber, actor);
    },

    /** A staff member's internal note: in the panel only, never in a customer's answer or e-mail. */
    async addNote(
      actor: AuditActor & { kind: 'staff' },
      orderNo: string,
      input: z.output<typeof orderNoteRequest>,
    ): Promise<OrderNote[]> {
      const order = await existing(orderNo);
      await db.transaction(async (tx) => {
        await tx.insert(orderNotes).values({ orderId: order.id, staffId: actor.staffId, body: input.body });
        await recordAudit(tx, {
          actor,
          action: 'order.note',
          entity: 'order',
          entityId: order.orderNo,
          before: {},
          after: { note: input.body },
        });
      });
      return notesOf(db, order.id);
    },
  };
}

export type AdminOrders = ReturnType<typeof createAdminOrders>;
