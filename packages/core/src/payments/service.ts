import { randomBytes } from 'node:crypto';
import {
  cardPaymentRequest,
  paymentSessionQuery,
  verifyPaymentRequest,
} from '@vitrin/shared/api/order-requests';
import type { CardChallenge, PaymentOutcome, PaymentSession } from '@vitrin/shared/api/orders';
import { ORDER_STATES, type OrderState } from '@vitrin/shared/order-states';
import type { z } from '@vitrin/shared/zod';
import { fieldMessages } from '@vitrin/shared/zod';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orderItems, orders, payments } from '../db/schema.ts';
import { invalidOrderInput, OrderError } from '../orders/errors.ts';
import { canPayNow, findOrder, type OrderRow, stateView } from '../orders/queries.ts';
import type { OrderLogger, OrderService, OrderViewer } from '../orders/service.ts';
import { applyStatusChange } from '../orders/status.ts';
import type { TestPaymentProvider } from './test-provider.ts';

export interface PaymentServiceOptions {
  orders: OrderService;
  provider: TestPaymentProvider;
  settings: { get(key: 'brand_name'): Promise<string> };
  now?: () => Date;
  logger?: OrderLogger;
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidOrderInput(fieldMessages(result.error));
}

/** Why an order cannot be paid now (Turkish), or null when it can. */
function unpayableReason(order: OrderRow): string | null {
  if (canPayNow(order)) return null;
  if (order.paymentMethod !== 'card') return 'Bu sipariş kartla ödenmiyor.';
  if (order.paymentStatus === 'paid') return 'Bu siparişin ödemesi alındı.';
  return `Bu sipariş için ödeme yapılamaz (durum: ${ORDER_STATES[order.status as OrderState].label}).`;
}

/**
 * Card payments of orders. An attempt (a `payments` row with a random reference) is begun for a card order
 * in state 0 whose payment is pending, or in state 7 (a retry). Its result counts only once the provider's
 * signature checked out, and only once: the attempt row moves from `pending` with a conditional update, so
 * a replayed or doubled result is refused. Success marks the order paid (7 → 0 through `changeStatus`,
 * taking stock and coupon again, for a retry); failure moves 0 → 7, which releases them.
 */
export function createPaymentService(db: Db, options: PaymentServiceOptions) {
  const { orders: orderService, provider, settings } = options;
  const now = options.now ?? (() => new Date());
  const logger: OrderLogger = options.logger ?? {
    error: (fields, message) => console.error(message, fields),
  };

  /** Begins an attempt: older pending attempts of the order are superseded (their results will not count). */
  async function begin(order: OrderRow): Promise<{ order: OrderRow; reference: string }> {
    if (order.status === 0 && order.paymentDueAt && order.paymentDueAt.getTime() <= now().getTime()) {
      // Past its time: expire it now rather than waiting for the minute's job; paying it is then a retry.
      await orderService
        .changeStatus(order.id, 7, {
          actor: 'system',
          note: 'Ödeme süresi doldu; stok ve kupon serbest bırakıldı.',
        })
        .catch((err: unknown) => {
          if (!(err instanceof OrderError)) throw err;
        });
      order = (await findOrder(db, order.id))!;
    }
    const reason = unpayableReason(order);
    if (reason) throw new OrderError('ODEME_YAPILAMAZ', reason);
    return { order, reference: randomBytes(18).toString('base64url') };
  }

  async function record(order: OrderRow, reference: string) {
    await db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ status: 'failed', failureCode: 'YERINE_YENISI_BASLADI', completedAt: sql`now()` })
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
      await tx.insert(payments).values({
        orderId: order.id,
        provider: provider.name,
        reference,
        amountMinor: order.totalMinor,
        instalments: order.instalments,
      });
    });
  }

  /** Applies a result: verified first, then counted once. */
  async function complete(result: unknown): Promise<PaymentOutcome> {
    const verified = await provider.verify(result);
    if (!verified) {
      throw new OrderError('ODEME_IMZASI_GECERSIZ', 'Ödeme sonucu doğrulanamadı; hiçbir işlem yapılmadı.');
    }
    let refundQueued = false;
    // The e-mails of the outcome are queued in its transaction: the confirmation exists exactly when the
    // payment does.
    const mails = await orderService.mailWriter();
    const outcome = await db.transaction(async (tx) => {
      const [attempt] = await tx.select().from(payments).where(eq(payments.reference, verified.reference));
      if (!attempt || attempt.amountMinor !== verified.amountMinor) {
        throw new OrderError('ODEME_IMZASI_GECERSIZ', 'Ödeme sonucu doğrulanamadı; hiçbir işlem yapılmadı.');
      }
      const marked = await tx
        .update(payments)
        .set({
          status: verified.status,
          failureCode: verified.failureCode,
          cardLast4: verified.cardLast4,
          completedAt: sql`now()`,
        })
        .where(and(eq(payments.id, attempt.id), eq(payments.status, 'pending')))
        .returning({ id: payments.id });
      if (marked.length === 0) {
        throw new OrderError('ODEME_SONUCU_KULLANILDI', 'Bu ödeme sonucu daha önce işlendi.');
      }
      const [order] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId));
      if (!order) throw new OrderError('SIPARIS_BULUNAMADI', 'Sipariş bulunamadı.');

      if (verified.status === 'failed') {
        if (order.status === 0 && order.paymentStatus === 'pending') {
          const changed = await applyStatusChange(tx, order.id, 7, {
            actor: 'payment',
            note: provider.failureMessage(verified.failureCode ?? ''),
          });
          await mails.changed(tx, changed, 'payment');
        }
        return { paid: false, code: verified.failureCode ?? 'KART_REDDEDILDI', orderId: order.id };
      }

      if (order.status === 7) {
        // A retry that succeeded: back to 0, taking stock and coupon again. If they are gone meanwhile the
        // savepoint rolls back alone; the attempt is recorded as failed with why (the money goes back).
        try {
          const changed = await tx.transaction((sp) =>
            applyStatusChange(sp, order.id, 0, { actor: 'payment', note: 'Ödeme alındı.' }),
          );
          await mails.changed(tx, changed, 'payment');
        } catch (err) {
          if (
            !(err instanceof OrderError) ||
            (err.code !== 'STOK_YETERSIZ' && err.code !== 'KUPON_LIMITI_DOLDU')
          ) {
            throw err;
          }
          await tx
            .update(payments)
            .set({ status: 'refund_pending', failureCode: err.code })
            .where(eq(payments.id, attempt.id));
          refundQueued = true;
          return { paid: false, code: err.code, orderId: order.id };
        }
      } else if (order.status === 6) {
        // Cancelled while the shopper was at the bank: the money was taken and goes back.
        await tx.update(payments).set({ status: 'refund_pending' }).where(eq(payments.id, attempt.id));
        await tx
          .update(orders)
          .set({ paymentStatus: 'refund_pending', paymentDueAt: null, updatedAt: sql`now()` })
          .where(eq(orders.id, order.id));
        refundQueued = true;
        return { paid: false, code: 'SIPARIS_IPTAL_EDILDI', orderId: order.id };
      } else {
        // In 0 it stays in 0, now paid.
        await tx
          .update(orders)
          .set({ paymentStatus: 'paid', paymentDueAt: null, updatedAt: sql`now()` })
          .where(eq(orders.id, order.id));
        await mails.paid(tx, order.id);
      }
      return { paid: true, code: null, orderId: order.id };
    });
    orderService.sendQueuedMail();
    if (refundQueued) void refundDue();

    const order = (await findOrder(db, outcome.orderId))!;
    return {
      outcome: outcome.paid ? 'paid' : 'failed',
      orderNo: order.orderNo,
      state: stateView(order.status),
      failure: outcome.code ? { code: outcome.code, message: provider.failureMessage(outcome.code) } : null,
      next: outcome.paid ? orderService.links.success(order.orderNo) : orderService.links.pay(order.orderNo),
    };
  }

  /**
   * Gives back the money of attempts in `refund_pending`: runs after a change that queued one and every
   * minute (a provider that did not answer is asked again). Each attempt is locked while its refund is
   * asked for, so two rounds (or two app nodes) never refund it twice. The order becomes `refunded` when
   * none of its attempts is owed any more.
   */
  let refunding: Promise<number> | null = null;
  function refundDue(): Promise<number> {
    refunding ??= refundRound().finally(() => {
      refunding = null;
    });
    return refunding;
  }

  async function refundRound(): Promise<number> {
    const due = await db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.status, 'refund_pending'))
      .limit(100);
    let refunded = 0;
    for (const { id } of due) {
      const done = await db.transaction(async (tx) => {
        const [attempt] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.id, id), eq(payments.status, 'refund_pending')))
          .for('update', { skipLocked: true });
        if (!attempt) return false;
        const result = await provider.refund({
          reference: attempt.reference,
          amountMinor: attempt.amountMinor,
        });
        if (!result.refunded) {
          logger.error(
            { orderId: attempt.orderId, reason: result.reason },
            'card refund refused; asked again later',
          );
          return false;
        }
        await tx
          .update(payments)
          .set({ status: 'refunded', refundedAt: sql`now()` })
          .where(eq(payments.id, attempt.id));
        await tx
          .update(orders)
          .set({ paymentStatus: 'refunded', updatedAt: sql`now()` })
          .where(
            and(
              eq(orders.id, attempt.orderId),
              eq(orders.paymentStatus, 'refund_pending'),
              sql`not exists (select 1 from ${payments} where ${payments.orderId} = ${attempt.orderId}
                and ${payments.status} = 'refund_pending')`,
            ),
          );
        return true;
      });
      if (done) refunded++;
    }
    return refunded;
  }

  return {
    provider,
    refundDue,

    /** What the payment page shows first: the order's amount and whether it can be paid now. */
    async session(query: unknown, customerId: number | null): Promise<PaymentSession> {
      const { order: orderNo, token } = parse(paymentSessionQuery, query);
      const order = await orderService.accessible(orderNo, { customerId, token });
      const [items] = await db
        .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id));
      const reason = unpayableReason(order);
      return {
        orderNo: order.orderNo,
        state: stateView(order.status),
        paymentStatus: order.paymentStatus,
        amountMinor: order.totalMinor,
        instalments: order.instalments,
        monthlyMinor: Math.floor(order.totalMinor / order.instalments),
        itemCount: Number(items?.n ?? 0),
        shopName: await settings.get('brand_name'),
        payable: reason === null,
        reason,
        next: orderService.links.success(order.orderNo),
        test: { cards: provider.testCards, verificationCode: provider.verificationCode },
      };
    },

    /** The card form: begins an attempt and opens the 3-D Secure step. The card number goes no further. */
    async payByCard(body: unknown, customerId: number | null): Promise<CardChallenge> {
      const input = parse(cardPaymentRequest, body);
      const viewer: OrderViewer = { customerId, token: input.token };
      const begun = await begin(await orderService.accessible(input.order, viewer));
      await provider.start({
        reference: begun.reference,
        orderNo: begun.order.orderNo,
        amountMinor: begun.order.totalMinor,
        instalments: begun.order.instalments,
        pageUrl: orderService.links.pay(begun.order.orderNo),
      });
      // Checked by the "bank" before anything is written: a refused card leaves no attempt behind.
      const challenge = await provider.authorize(input, {
        reference: begun.reference,
        amountMinor: begun.order.totalMinor,
      });
      await record(begun.order, begun.reference);
      return challenge;
    },

    /** The verification-code form: the bank signs its answer, which is then verified like any result. */
    async verify(body: unknown): Promise<PaymentOutcome> {
      const { challenge, code } = parse(verifyPaymentRequest, body);
      return complete(await provider.completeChallenge(challenge, code));
    },

    /** A signed result as a provider sends it back (through the browser). */
    complete,
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
