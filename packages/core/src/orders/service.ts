import { orderListQuery } from '@vitrin/shared/api/order-requests';
import type { OrderDetail, OrderList } from '@vitrin/shared/api/orders';
import { isOrderState, type OrderState } from '@vitrin/shared/order-states';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { orderConfirmationEmail, orderStatusEmail } from '../mail/order-templates.ts';
import type { EmailContent } from '../mail/templates.ts';
import type { SettingsService } from '../settings/service.ts';
import { signAccess, verifyAccessToken } from './access.ts';
import { invalidOrderInput, OrderError, orderNotFound } from './errors.ts';
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
import { type ChangedOrder, changeStatus, type OrderRef, type StatusChangeOptions } from './status.ts';

/** Who is looking: the logged-in customer (if any) and the guest link's token (if any). */
export interface OrderViewer {
  customerId?: number | null | undefined;
  token?: string | undefined;
}

export interface OrderLogger {
  error(fields: Record<string, unknown>, message: string): void;
}

export interface OrderServiceOptions {
  mailer: Mailer;
  /** The storefront's public origin: links in e-mails start with it. */
  shopUrl: string;
  settings: SettingsService;
  now?: () => Date;
  logger?: OrderLogger;
  /** Called after a change that left a payment to give back (the payment service refunds it). */
  onRefundDue?: () => void;
}

const EXPIRED_NOTE = 'Ödeme süresi doldu; stok ve kupon serbest bırakıldı.';

/**
 * Orders after placement: guest access tokens, state changes (with their e-mail), the customer's list and
 * detail, cancellation, the confirmation e-mail and the expiry of unpaid card orders.
 */
export function createOrderService(db: Db, options: OrderServiceOptions) {
  const { mailer, settings } = options;
  const shopUrl = options.shopUrl.replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());
  const logger: OrderLogger = options.logger ?? {
    error: (fields, message) => console.error(message, fields),
  };
  const secret = createSecret(db, 'order_access');

  const accessToken = (orderNo: string) => signAccess(secret.current(), orderNo);
  const query = (orderNo: string) =>
    `order=${encodeURIComponent(orderNo)}&token=${encodeURIComponent(accessToken(orderNo))}`;
  /** Relative links the pages and API answers use. */
  const links = {
    success: (orderNo: string) => `/order-success?${query(orderNo)}`,
    pay: (orderNo: string) => `/secure-pay?${query(orderNo)}`,
  };

  // --- e-mail: after commit, in the background, like the account e-mails -----------------------------
  const pendingMail = new Set<Promise<void>>();
  function mailLater(kind: string, orderId: number, build: () => Promise<{ to: string } & EmailContent>) {
    const job: Promise<void> = (async () => {
      await mailer.send(await build());
    })()
      .catch((err: unknown) => {
        const reason = err instanceof Error ? err.message : String(err);
        logger.error({ mail: kind, orderId, reason }, 'order e-mail not sent');
      })
      .finally(() => pendingMail.delete(job));
    pendingMail.add(job);
  }

  async function extras(): Promise<DetailExtras> {
    await secret.ready();
    return { bankAccounts: await settings.get('bank_accounts'), payUrl: links.pay };
  }

  async function readDetail(order: OrderRow): Promise<OrderDetail> {
    return orderDetail(db, order, await extras());
  }

  async function mailContext(order: OrderRow) {
    const forCustomer = order.customerId !== null;
    return {
      shopName: await settings.get('brand_name'),
      forCustomer,
      orderUrl: forCustomer
        ? `${shopUrl}/panel/orders/${encodeURIComponent(order.orderNo)}`
        : `${shopUrl}${links.success(order.orderNo)}`,
      firstName: order.billingAddress.firstName,
    };
  }

  const notifyChange = (changed: ChangedOrder) =>
    mailLater(`status-${changed.to}`, changed.id, async () => {
      const order = (await findOrder(db, changed.id))!;
      const detail = await readDetail(order);
      return {
        to: order.email,
        ...orderStatusEmail(detail, { ...(await mailContext(order)), note: changed.note }),
      };
    });

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

  async function change(ref: OrderRef, to: number, change: StatusChangeOptions): Promise<ChangedOrder> {
    await secret.ready();
    return changeStatus(db, ref, to, change, (changed) => {
      notifyChange(changed);
      if (changed.refundDue) options.onRefundDue?.();
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

    /** The one way to change an order's state (`status.ts`), with its e-mail after commit. */
    changeStatus: change,
    /** For the payment service: the e-mail of a change it applied in its own transaction. */
    notifyChange,

    async list(customerId: number, input: unknown = {}): Promise<OrderList> {
      const parsed = orderListQuery.safeParse(input);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
        throw invalidOrderInput(fields);
      }
      return listCustomerOrders(db, customerId, parsed.data);
    },

    async detail(orderNo: unknown, viewer: OrderViewer): Promise<OrderDetail> {
      return readDetail(await accessible(orderNo, viewer));
    },

    /** Cancellation by the shopper (its customer, or the holder of the guest link) while in state 0 or 1. */
    async cancel(orderNo: unknown, viewer: OrderViewer): Promise<OrderDetail> {
      const order = await accessible(orderNo, viewer);
      await change(order.id, 6, { actor: 'customer', note: 'Müşteri tarafından iptal edildi.' });
      return readDetail((await findOrder(db, order.id))!);
    },

    /**
     * Called by checkout after the order's transaction committed: sends the confirmation e-mail. `placed` is
     * the order as that transaction wrote it (row, lines, first history row), when nothing changed it since;
     * else it is read again.
     */
    async afterPlaced(orderId: number, placed?: { order: OrderRow; parts: OrderParts }): Promise<void> {
      await secret.ready();
      mailLater('confirmation', orderId, async () => {
        const order = placed?.order ?? (await findOrder(db, orderId));
        if (!order) throw orderNotFound();
        const detail = placed ? detailOf(order, placed.parts, await extras()) : await readDetail(order);
        return { to: order.email, ...orderConfirmationEmail(detail, await mailContext(order)) };
      });
    },

    /**
     * Unpaid card orders whose `payment_due_at` passed go to 7 (Ödeme Başarısız, actor `system`), which
     * releases their stock and coupon. An order paid or cancelled meanwhile loses the race cleanly and is
     * skipped. Returns how many expired.
     */
    async expireUnpaid(): Promise<number> {
      const due = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.status, 0),
            eq(orders.paymentMethod, 'card'),
            eq(orders.paymentStatus, 'pending'),
            lte(orders.paymentDueAt, now()),
          ),
        );
      let expired = 0;
      for (const { id } of due) {
        try {
          await change(id, 7, { actor: 'system', note: EXPIRED_NOTE });
          expired++;
        } catch (err) {
          if (!(err instanceof OrderError)) throw err;
        }
      }
      return expired;
    },

    /**
     * The operator sent a cancelled Havale / EFT order's money back (card refunds go through the payment
     * provider on their own).
     */
    async markRefunded(orderNo: string): Promise<OrderRow> {
      const [order] = await db
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
      if (order) return order;
      if (!(await findOrder(db, orderNo))) throw orderNotFound();
      throw new OrderError(
        'IADE_BEKLEMIYOR',
        'Bu siparişte iade edilecek bir Havale / EFT ödemesi yok (kart iadeleri ödeme sağlayıcısıyla kendiliğinden yapılır).',
      );
    },

    /** Resolves when the e-mails sent so far were handed to the mailer (tests, graceful shutdown). */
    async drainMail(): Promise<void> {
      while (pendingMail.size > 0) await Promise.all([...pendingMail]);
    },
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
