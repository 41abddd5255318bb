import { orderListQuery } from '@vitrin/shared/api/order-requests';
import type { OrderDetail, OrderList } from '@vitrin/shared/api/orders';
import { isOrderState, ORDER_STATE, type OrderState } from '@vitrin/shared/order-states';
import { fieldMessages } from '@vitrin/shared/zod';
import { and, eq, lte, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Db } from '../db/client.ts';
import { orderHistory, orderInvoices, orders } from '../db/schema.ts';
import { enqueueInvoice, invoiceOnCancel, invoicePdfPath } from '../einvoice/setting.ts';
import { DomainError } from '../errors.ts';
import {
  orderConfirmationEmail,
  orderPaymentIncompleteEmail,
  orderStatusEmail,
  shopOrderNoticeEmail,
} from '../mail/order-templates.ts';
import { enqueueMail, type MailQueue } from '../mail/queue.ts';
import type { Settings } from '../settings/registry.ts';
import type { SettingsService } from '../settings/service.ts';
import { signAccess, verifyAccessToken } from './access.ts';
import { invalidOrderInput, orderError, orderNotFound } from './errors.ts';
import { listOperatorOrders } from './operator.ts';
import {
  type DetailExtras,
  detailOf,
  findOrder,
  listCustomerOrders,
  type OrderParts,
  type OrderRow,
  orderDetail,
} from './queries.ts';
import { createSecret } from './secrets.ts';
import {
  type Actor,
  type ChangedOrder,
  changeStatus,
  type OrderRef,
  type StatusChangeOptions,
} from './status.ts';

/** Who is looking: the logged-in customer (if any) and the guest link's token (if any). */
export interface OrderViewer {
  customerId?: number | null | undefined;
  token?: string | undefined;
}

export interface OrderLogger {
  error(fields: Record<string, unknown>, message: string): void;
}

export interface OrderServiceOptions {
  /** The durable mail queue: order e-mails are written in the transaction of the change. */
  mail: MailQueue;
  /** The storefront's public origin: links in e-mails start with it. */
  shopUrl: string;
  settings: SettingsService;
  now?: () => Date;
  /** Called after a change that left a payment to give back (the payment service refunds it). */
  onRefundDue?: () => void;
}

/** The audit row of a state change made in the panel: the state, and the cargo and note it came with. */
const statusAudit = (actor: AuditActor, changed: ChangedOrder) => ({
  actor,
  action: 'order.status',
  entity: 'order',
  entityId: changed.orderNo,
  before: { status: changed.from },
  after: {
    status: changed.to,
    ...(changed.to === ORDER_STATE.Shipped
      ? { cargoCompany: changed.cargoCompany, trackingNo: changed.trackingNo }
      : {}),
    ...(changed.note ? { note: changed.note } : {}),
  },
});

const EXPIRED_NOTE = 'Ödeme süresi doldu; stok ve kupon serbest bırakıldı.';

/**
 * Orders after placement: guest access tokens, state changes (with their e-mail), the customer's list and
 * detail, cancellation, the confirmation e-mail and the expiry of unpaid card orders.
 */
export function createOrderService(db: Db, options: OrderServiceOptions) {
  const { mail, settings } = options;
  const shopUrl = options.shopUrl.replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());
  const secret = createSecret(db, 'order_access');

  const accessToken = (orderNo: string) => signAccess(secret.current(), orderNo);
  const query = (orderNo: string) =>
    `order=${encodeURIComponent(orderNo)}&token=${encodeURIComponent(accessToken(orderNo))}`;
  /** Relative links the pages and API answers use. */
  const links = {
    success: (orderNo: string) => `/order-success?${query(orderNo)}`,
    pay: (orderNo: string) => `/secure-pay?${query(orderNo)}`,
  };

  // --- e-mail: queued in the change's transaction, sent after its commit ---------------------------------
  async function extras(): Promise<DetailExtras> {
    await secret.ready();
    return { bankAccounts: await settings.get('bank_accounts'), payUrl: links.pay };
  }

  async function readDetail(order: OrderRow): Promise<OrderDetail> {
    return orderDetail(db, order, await extras());
  }

  /**
   * What the order e-mails of one transaction need, read before it opens: on the embedded database (one
   * connection) a settings read outside an open transaction would wait for it forever.
   */
  async function mailWriter() {
    await secret.ready();
    const s: Settings = await settings.all();
    const detailExtras: DetailExtras = { bankAccounts: s.bank_accounts, payUrl: links.pay };
    const context = (order: OrderRow) => {
      const forCustomer = order.customerId !== null;
      return {
        shopName: s.brand_name,
        forCustomer,
        orderUrl: forCustomer
          ? `${shopUrl}/panel/orders/${encodeURIComponent(order.orderNo)}`
          : `${shopUrl}${links.success(order.orderNo)}`,
        firstName: order.billingAddress.firstName,
      };
    };

    /**
     * The shop's link to the invoice PDF for the "Kargoya Verildi" e-mail, when the invoice is already issued
     * then (issued by hand before shipping); otherwise its own e-mail follows once it is.
     */
    async function issuedInvoiceUrl(tx: Db, order: OrderRow, to: number) {
      if (to !== ORDER_STATE.Shipped) return undefined;
      const [invoice] = await tx
        .select({ status: orderInvoices.status, pdfKey: orderInvoices.pdfKey })
        .from(orderInvoices)
        .where(eq(orderInvoices.orderId, order.id));
      if (invoice?.status !== 'issued' || !invoice.pdfKey) return undefined;
      return `${shopUrl}${invoicePdfPath(order.orderNo, accessToken(order.orderNo))}`;
    }

    /** The customer's confirmation and the shop's notice: at placement, or for a card order once paid. */
    async function confirmation(tx: Db, order: OrderRow, detail: OrderDetail, paid: boolean) {
      await enqueueMail(tx, {
        kind: 'order-confirmation',
        to: order.email,
        ...orderConfirmationEmail(detail, context(order)),
      });
      await enqueueMail(tx, {
        kind: 'order-notice',
        to: s.order_email || s.contact_email,
        ...shopOrderNoticeEmail(detail, {
          shopName: s.brand_name,
          orderUrl: `${shopUrl}${links.success(order.orderNo)}`,
          paid,
        }),
      });
    }

    return {
      /**
       * In the placing transaction. A card order is confirmed only once paid (`paid`): until then nothing
       * was bought, and an order never paid must not read "Siparişiniz alındı".
       */
      async placed(tx: Db, placed: { order: OrderRow; parts?: OrderParts | undefined }) {
        const { order } = placed;
        if (order.paymentMethod === 'card' && order.paymentStatus !== 'paid') return;
        const detail = placed.parts
          ? detailOf(order, placed.parts, detailExtras)
          : await orderDetail(tx, order, detailExtras);
        await confirmation(tx, order, detail, false);
      },

      /** In the payment's transaction: a card order in state 0 was just paid. */
      async paid(tx: Db, orderId: number) {
        const order = (await findOrder(tx, orderId))!;
        await confirmation(tx, order, await orderDetail(tx, order, detailExtras), true);
      },

      /** In the change's transaction: the e-mail of one state change (if it gets one). */
      async changed(tx: Db, changed: ChangedOrder, actor: Actor) {
        const order = (await findOrder(tx, changed.id))!;
        // A marketplace writes to its own buyers (whose address it masks): no mail from the shop.
        if (order.paymentMethod === 'marketplace') return;
        const cardNeverPaid =
          order.paymentMethod === 'card' &&
          changed.from === ORDER_STATE.Received &&
          changed.to === ORDER_STATE.PaymentFailed;
        // A failed card attempt is shown on the payment page, where the shopper is; no mail for it.
        if (cardNeverPaid && actor === 'payment') return;
        const detail = await orderDetail(tx, order, detailExtras);
        if (
          changed.from === ORDER_STATE.PaymentFailed &&
          changed.to === ORDER_STATE.Received &&
          order.paymentStatus === 'paid'
        ) {
          return confirmation(tx, order, detail, true);
        }
        await enqueueMail(tx, {
          kind: `order-status-${changed.to}`,
          to: order.email,
          ...(cardNeverPaid
            ? orderPaymentIncompleteEmail(detail, context(order))
            : orderStatusEmail(detail, {
                ...context(order),
                note: changed.note,
                invoicePdfUrl: await issuedInvoiceUrl(tx, order, changed.to),
              })),
        });
      },
    };
  }

  /** The order if this viewer may see it; 404 otherwise (an order of someone else looks like none). */
  async function accessible(orderNo: unknown, viewer: OrderViewer): Promise<OrderRow> {
    if (typeof orderNo !== 'string' || !/^[A-Za-z0-9-]{1,40}$/.test(orderNo)) throw orderNotFound();
    await secret.ready();
    const order = await findOrder(db, orderNo);
    if (!order) throw orderNotFound();
    const own = viewer.customerId != null && order.customerId === viewer.customerId;
    if (own || verifyAccessToken(secret.current(), order.orderNo, viewer.token)) return order;
    throw orderNotFound();
  }

  /** With `audit`, the change's audit row is written in its transaction (a change made in the panel). */
  async function change(
    ref: OrderRef,
    to: number,
    change: StatusChangeOptions,
    audit?: AuditActor,
  ): Promise<ChangedOrder> {
    const mails = await mailWriter();
    // Read before the transaction opens (the embedded database has one connection).
    const einvoice = to === ORDER_STATE.Shipped ? await settings.get('einvoice_provider') : 'none';
    return changeStatus(db, ref, to, change, {
      inTransaction: async (tx, changed) => {
        await mails.changed(tx, changed, change.actor);
        // The e-invoice job (issue 42), written with the move to Kargoya Verildi; a round issues it.
        if (changed.to === ORDER_STATE.Shipped && einvoice === 'parasut')
          await enqueueInvoice(tx, changed.id, einvoice);
        if (changed.to === ORDER_STATE.Cancelled) await invoiceOnCancel(tx, changed.id);
        if (audit) await recordAudit(tx, statusAudit(audit, changed));
      },
      afterCommit: (changed) => {
        mail.kick();
        if (changed.refundDue) options.onRefundDue?.();
      },
    });
  }

  return {
    /** Resolves once the access secret is loaded; `accessToken` may be called synchronously after that. */
    ready: () => secret.ready().then(() => {}),
    /** The guest link token of an order (synchronous; see `ready`). */
    accessToken,
    verifyAccess: (orderNo: string, token: unknown) => verifyAccessToken(secret.current(), orderNo, token),
    links,
    accessible,

    /** The one way to change an order's state (`status.ts`), with its e-mail. */
    changeStatus: change,
    /** For checkout and payments: queues order e-mails inside their own transactions (`placed`, `paid`, `changed`). */
    mailWriter,
    /** After a commit that queued order e-mails: sends them now. */
    sendQueuedMail: () => mail.kick(),

    async list(customerId: number, input: unknown = {}): Promise<OrderList> {
      const parsed = orderListQuery.safeParse(input);
      if (!parsed.success) {
        throw invalidOrderInput(fieldMessages(parsed.error));
      }
      return listCustomerOrders(db, customerId, parsed.data);
    },

    /** The shop's list of orders, newest first (`vitrin order list [--status N]`). */
    listAll: (filter: { status?: number | undefined; limit?: number } = {}) => listOperatorOrders(db, filter),

    /** Any order's detail, for the operator (`vitrin order show NO`). */
    async show(orderNo: string): Promise<OrderDetail> {
      const order = await findOrder(db, orderNo.trim());
      if (!order) throw orderNotFound();
      return readDetail(order);
    },

    async detail(orderNo: unknown, viewer: OrderViewer): Promise<OrderDetail> {
      return readDetail(await accessible(orderNo, viewer));
    },

    /** Cancellation by the shopper (its customer, or the holder of the guest link) while Received or Preparing. */
    async cancel(orderNo: unknown, viewer: OrderViewer): Promise<OrderDetail> {
      const order = await accessible(orderNo, viewer);
      await change(order.id, ORDER_STATE.Cancelled, {
        actor: 'customer',
        note: 'Müşteri tarafından iptal edildi.',
      });
      return readDetail((await findOrder(db, order.id))!);
    },

    /** Queues and sends the e-mails of an order written outside checkout (test worlds, imports). */
    async afterPlaced(orderId: number): Promise<void> {
      const mails = await mailWriter();
      await db.transaction(async (tx) => {
        const order = await findOrder(tx, orderId);
        if (!order) throw orderNotFound();
        await mails.placed(tx, { order });
      });
      mail.kick();
    },

    /**
     * Unpaid card orders whose `payment_due_at` passed go to PaymentFailed (Ödeme Başarısız, actor `system`), which
     * releases their stock and coupon. An order paid or cancelled meanwhile loses the race cleanly and is
     * skipped. Returns how many expired.
     */
    async expireUnpaid(): Promise<number> {
      const due = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.status, ORDER_STATE.Received),
            eq(orders.paymentMethod, 'card'),
            eq(orders.paymentStatus, 'pending'),
            lte(orders.paymentDueAt, now()),
          ),
        );
      let expired = 0;
      for (const { id } of due) {
        try {
          await change(id, ORDER_STATE.PaymentFailed, { actor: 'system', note: EXPIRED_NOTE });
          expired++;
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
        }
      }
      return expired;
    },

    /**
     * The operator sent a cancelled Havale / EFT order's money back (card refunds go through the payment
     * provider on their own).
     */
    async markRefunded(orderNo: string, audit?: AuditActor): Promise<OrderRow> {
      const order = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({ paymentStatus: 'refunded', updatedAt: sql`now()` })
          .where(
            and(
              eq(orders.orderNo, orderNo),
              eq(orders.paymentMethod, 'transfer'),
              eq(orders.paymentStatus, 'refund_pending'),
            ),
          )
          .returning();
        if (row) {
          await tx.insert(orderHistory).values({
            orderId: row.id,
            fromStatus: row.status,
            toStatus: row.status,
            actor: 'operator',
            note: 'Havale / EFT ödemesi iade edildi.',
            staffId: audit?.kind === 'staff' ? audit.staffId : null,
          });
        }
        if (row && audit) {
          await recordAudit(tx, {
            actor: audit,
            action: 'order.refunded',
            entity: 'order',
            entityId: row.orderNo,
            before: { paymentStatus: 'refund_pending' },
            after: { paymentStatus: 'refunded' },
          });
        }
        return row;
      });
      if (order) return order;
      if (!(await findOrder(db, orderNo))) throw orderNotFound();
      throw orderError(
        'IADE_BEKLEMIYOR',
        'Bu siparişte iade edilecek bir Havale / EFT ödemesi yok (kart iadeleri ödeme sağlayıcısıyla kendiliğinden yapılır).',
      );
    },

    /** Resolves when the queue's running round is done (tests, the CLI, graceful shutdown). */
    drainMail: () => mail.drain(),
  };
}

export type OrderService = ReturnType<typeof createOrderService>;

/** A state typed by an operator: a number 0-7 (`2`), for the CLI. */
export function parseStateArgument(value: string): OrderState | undefined {
  if (!/^\d$/.test(value.trim())) return undefined;
  const n = Number(value.trim());
  return isOrderState(n) ? n : undefined;
}

export { EXPIRED_NOTE };
