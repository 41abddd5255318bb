import { randomBytes } from 'node:crypto';
import {
  type CardRefund,
  type CardRefundRequest,
  type CardRefunds,
  refundAmountOf,
} from '@vitrin/shared/api/admin/refunds';
import { formatMoney } from '@vitrin/shared/money';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Db } from '../db/client.ts';
import {
  orderHistory,
  orderItems,
  orders,
  paymentRefunds,
  payments,
  type RefundedLine,
} from '../db/schema.ts';
import { invoiceOnCancel } from '../einvoice/setting.ts';
import { invalidOrderInput, orderError, orderNotFound } from '../orders/errors.ts';
import { returnRefundedUnits } from '../orders/stock.ts';
import { lineShares, paymentOrder } from './order-data.ts';
import type { PaymentProvider, PaymentProviders, RefundResult } from './provider.ts';

/**
 * Card refunds, made once however often they are asked for. A refund is a `payment_refunds` row written
 * (`pending`, with our random `reference`) before the provider is asked, and sent with that reference (iyzico
 * conversationId, PayTR reference_no). One node at a time asks about a row (`claimed_until`); a row asked
 * before whose answer was lost is looked up at the provider (`lookupRefunds`) first: made → counted, not
 * made → asked again, no answer → left pending for the next round. The lines and amounts a refund takes
 * are reserved while it is pending, under a lock on the payment, so two staff members at once cannot give
 * back one line twice.
 */
export interface RefundsOptions {
  providers: PaymentProviders;
  now: () => Date;
  logger: { error(fields: object, message: string): void };
}

type RefundRow = typeof paymentRefunds.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How long one node may ask a provider about one refund before another may take it over. */
const CLAIM_SECONDS = 90;

/** Same day in Türkiye (UTC+3, no daylight saving): a card payment can still be voided instead of refunded. */
export const istanbulDay = (d: Date) => new Date(d.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);

const refundsView = (row: RefundRow): CardRefund => ({
  reference: row.reference,
  kind: row.kind,
  amountMinor: row.amountMinor,
  status: row.status,
  providerRef: row.providerRef,
  failureReason: row.failureReason,
  lines: row.lines,
  at: row.createdAt.toISOString(),
});

const notRefundable = (message: string) => orderError('IADE_YAPILAMAZ', message);

export function createRefunds(db: Db, options: RefundsOptions) {
  const { providers, now, logger } = options;

  function providerOf(name: string): PaymentProvider {
    const provider = providers.byName(name);
    if (!provider) {
      throw orderError('ODEME_SAGLAYICISI_YOK', 'Bu ödeme sağlayıcısı bu mağazada yapılandırılmamış.');
    }
    return provider;
  }

  /** The order's card payment that money can come back from: the succeeded attempt. */
  async function paidAttempt(tx: Db | Tx, orderId: number, lock = false) {
    const query = tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
      .orderBy(desc(payments.id))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  }

  /** Per order line: its share of the charge, and what of it is refunded or reserved by a pending refund. */
  async function sharesOf(order: typeof orders.$inferSelect): Promise<Map<string, number>> {
    const { lines } = await paymentOrder(db, order);
    const shares = lineShares(lines, order.totalMinor);
    return new Map(lines.map((l, i) => [l.id, shares[i]!]));
  }

  async function lineState(
    tx: Db | Tx,
    order: typeof orders.$inferSelect,
    attempt: PaymentRow | null,
    shareOf: Map<string, number>,
  ) {
    const items = await tx
      .select({ id: orderItems.id, name: orderItems.name, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    const taken = attempt
      ? await tx
          .select()
          .from(paymentRefunds)
          .where(
            and(
              eq(paymentRefunds.paymentId, attempt.id),
              inArray(paymentRefunds.status, ['pending', 'succeeded']),
            ),
          )
      : [];
    return {
      taken,
      lines: items.map((item) => {
        const parts = taken.flatMap((r) => r.lines.filter((l) => l.itemId === item.id));
        return {
          itemId: item.id,
          name: item.name,
          quantity: item.quantity,
          refundedQuantity: parts.reduce((s, p) => s + p.quantity, 0),
          amountMinor: shareOf.get(String(item.id)) ?? 0,
          refundedMinor: parts.reduce((s, p) => s + p.amountMinor, 0),
        };
      }),
    };
  }

  /** Why lines of this order cannot be refunded now (Turkish), or null. */
  function refusalOf(order: typeof orders.$inferSelect, attempt: PaymentRow | null): string | null {
    if (order.paymentMethod !== 'card') return 'Bu sipariş kartla ödenmedi; kart iadesi yapılamaz.';
    if (order.paymentStatus === 'refund_pending' || order.paymentStatus === 'refunded')
      return 'Bu siparişin ödemesi iade edildi ya da iade ediliyor.';
    if (order.paymentStatus !== 'paid' || !attempt) return 'Bu siparişin kart ödemesi alınmadı.';
    if (order.status === ORDER_STATE.Cancelled)
      return 'İptal edilen siparişin ödemesi iptalle birlikte iade edilir.';
    return null;
  }

  async function orderByNo(orderNo: string) {
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    if (!order) throw orderNotFound();
    return order;
  }

  /** What the panel shows: each line's share, what is refunded, the refunds so far, and whether it can. */
  async function view(orderNo: string): Promise<CardRefunds> {
    const order = await orderByNo(orderNo);
    const attempt = await paidAttempt(db, order.id);
    const { lines } = await lineState(db, order, attempt, await sharesOf(order));
    const rows = await db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, order.id))
      .orderBy(asc(paymentRefunds.id));
    const reason = refusalOf(order, attempt);
    return {
      available: reason === null,
      reason,
      provider: attempt?.provider ?? null,
      leftMinor: attempt ? attempt.amountMinor - attempt.refundedMinor : 0,
      lines,
      refunds: rows.map(refundsView),
    };
  }

  /**
   * The owner's refund of chosen lines: reserved and written before the provider is asked. The same `key`
   * again (a double click, a retry after a timeout) is the same refund: it is settled, never made twice.
   */
  /** `input` as the route's schema (`cardRefundRequest`) parsed it. */
  async function refundLines(
    orderNo: string,
    input: CardRefundRequest,
    actor: AuditActor,
  ): Promise<CardRefunds> {
    const order = await orderByNo(orderNo);
    // Read before the transaction: on the embedded database a read outside it would wait for it.
    const shareOf = await sharesOf(order);
    const row = await db.transaction(async (tx) => {
      const attempt = await paidAttempt(tx, order.id, true);
      const [again] = await tx
        .select()
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.orderId, order.id), eq(paymentRefunds.requestKey, input.key)));
      if (again) return again;
      const [current] = await tx.select().from(orders).where(eq(orders.id, order.id));
      const refusal = refusalOf(current!, attempt);
      if (refusal) throw notRefundable(refusal);
      const { lines, taken } = await lineState(tx, current!, attempt, shareOf);
      const chosen: RefundedLine[] = [];
      const seen = new Set<number>();
      for (const [i, wanted] of input.lines.entries()) {
        const line = lines.find((l) => l.itemId === wanted.itemId);
        if (!line || seen.has(wanted.itemId)) {
          throw invalidOrderInput({
            [`lines.${i}.itemId`]: 'Bu satır bu siparişte yok ya da iki kez seçildi',
          });
        }
        seen.add(wanted.itemId);
        const left = line.quantity - line.refundedQuantity;
        if (left <= 0) {
          throw orderError('IADE_EDILDI', `"${line.name}" satırı daha önce iade edildi.`);
        }
        if (wanted.quantity > left) {
          throw orderError(
            'IADE_FAZLA',
            `"${line.name}" satırından en çok ${left} adet iade edilebilir (${wanted.quantity} istendi).`,
            { [`lines.${i}.quantity`]: `En çok ${left} adet` },
          );
        }
        const amountMinor = refundAmountOf(line, wanted.quantity);
        if (amountMinor <= 0) {
          throw orderError('IADE_FAZLA', `"${line.name}" satırı için ödenen bir tutar kalmadı.`);
        }
        chosen.push({ itemId: line.itemId, quantity: wanted.quantity, amountMinor });
      }
      const amountMinor = chosen.reduce((s, l) => s + l.amountMinor, 0);
      const reserved = taken.filter((r) => r.status === 'pending').reduce((s, r) => s + r.amountMinor, 0);
      if (amountMinor > attempt!.amountMinor - attempt!.refundedMinor - reserved) {
        throw orderError('IADE_FAZLA', 'İade tutarı, bu ödemeden geri verilebilecek tutardan fazla.');
      }
      const [inserted] = await tx
        .insert(paymentRefunds)
        .values({
          paymentId: attempt!.id,
          orderId: order.id,
          reference: randomBytes(12).toString('hex'),
          requestKey: input.key,
          kind: 'lines',
          amountMinor,
          lines: chosen,
          actor: actor.kind === 'staff' ? `staff:${actor.staffId}` : 'cli',
        })
        .returning();
      await recordAudit(tx, {
        actor,
        action: 'order.refund',
        entity: 'order',
        entityId: order.orderNo,
        before: {},
        after: { refund: inserted!.reference, amountMinor, lines: chosen },
      });
      return inserted!;
    });
    const final = (await settle(row.id)) ?? (await whileClaimed(row.id));
    if (final.status === 'failed') {
      throw orderError(
        'IADE_REDDEDILDI',
        `Ödeme sağlayıcısı iadeyi kabul etmedi: ${final.failureReason ?? ''}`.trim(),
      );
    }
    if (final.status === 'pending') {
      throw orderError(
        'IADE_SONUCU_BEKLENIYOR',
        'Ödeme sağlayıcısından iadenin sonucu alınamadı. İade kaydedildi; durumu sağlayıcıdan sorgulanacak. Tekrar denemek iki kez iade yapmaz.',
      );
    }
    return view(orderNo);
  }

  /** A refund another request (a double click) or node is asking about: its row once that ends. */
  async function whileClaimed(id: number): Promise<RefundRow> {
    const deadline = Date.now() + 25_000;
    for (;;) {
      const [row] = await db
        .select({
          row: paymentRefunds,
          held: sql<boolean>`coalesce(${paymentRefunds.claimedUntil} > now(), false)`,
        })
        .from(paymentRefunds)
        .where(eq(paymentRefunds.id, id));
      if (!row) throw new Error(`payment refund ${id} vanished`);
      if (row.row.status !== 'pending' || !row.held || Date.now() > deadline) return row.row;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The provider's answer, or (no answer, or it threw) a refund that may have been made. */
  async function ask(provider: PaymentProvider, row: RefundRow, attempt: PaymentRow, made: Set<string>) {
    const request = {
      reference: attempt.reference,
      providerPaymentId: attempt.providerPaymentId,
      refundKey: row.reference,
      alreadyMade: made,
    };
    try {
      if (row.kind === 'all') {
        const sameDay = attempt.completedAt && istanbulDay(attempt.completedAt) === istanbulDay(now());
        if (provider.cancel && sameDay && attempt.refundedMinor === 0 && !made.has(row.reference)) {
          const cancelled = await provider.cancel(request);
          if (cancelled.refunded || !('refused' in cancelled && cancelled.refused)) return cancelled;
        }
        return await provider.refund({ ...request, amountMinor: row.amountMinor });
      }
      const refs = attempt.lineRefs ?? {};
      return await provider.refund({
        ...request,
        amountMinor: row.amountMinor,
        lines: row.lines.map((l) => ({
          id: String(l.itemId),
          providerRef: refs[String(l.itemId)] ?? null,
          amountMinor: l.amountMinor,
        })),
      });
    } catch (err) {
      return { refunded: false, reason: String(err) } satisfies RefundResult;
    }
  }

  /**
   * Asks the provider about one pending refund, once per node at a time: a row another node holds is left
   * to it (null). Answers the row as it is after.
   */
  async function settle(id: number): Promise<RefundRow | null> {
    const [row] = await db
      .update(paymentRefunds)
      .set({ claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
      .where(
        and(
          eq(paymentRefunds.id, id),
          eq(paymentRefunds.status, 'pending'),
          or(isNull(paymentRefunds.claimedUntil), lt(paymentRefunds.claimedUntil, sql`now()`)),
        ),
      )
      .returning();
    if (!row) return null;
    const [attempt] = await db.select().from(payments).where(eq(payments.id, row.paymentId));
    const provider = providerOf(attempt!.provider);
    const release = () =>
      db.update(paymentRefunds).set({ claimedUntil: null }).where(eq(paymentRefunds.id, row.id)).returning();
    let made = new Set<string>();
    if (row.asked) {
      const found = await provider.lookupRefunds(attempt!);
      if (found === null) {
        logger.error({ refund: row.reference }, 'card refund state unknown: the provider could not be asked');
        return (await release())[0]!;
      }
      made = new Set(found);
    }
    await db.update(paymentRefunds).set({ asked: true }).where(eq(paymentRefunds.id, row.id));
    const result = await ask(provider, row, attempt!, made);
    if (!result.refunded && !result.refused) {
      logger.error(
        { refund: row.reference, reason: result.reason },
        'card refund: no answer; looked up later',
      );
      return (await release())[0]!;
    }
    return finish(row, attempt!, result);
  }

  /** The provider's final word, written with what it changes: the payment, the lines' stock, the history. */
  async function finish(row: RefundRow, attempt: PaymentRow, result: RefundResult): Promise<RefundRow> {
    return db.transaction(async (tx) => {
      if (!result.refunded) {
        const [failed] = await tx
          .update(paymentRefunds)
          .set({
            status: 'failed',
            failureReason: result.reason.slice(0, 500),
            claimedUntil: null,
            completedAt: sql`now()`,
          })
          .where(and(eq(paymentRefunds.id, row.id), eq(paymentRefunds.status, 'pending')))
          .returning();
        return failed ?? row;
      }
      const providerRef = result.providerRef ?? null;
      const [done] = await tx
        .update(paymentRefunds)
        .set({ status: 'succeeded', providerRef, claimedUntil: null, completedAt: sql`now()` })
        .where(and(eq(paymentRefunds.id, row.id), eq(paymentRefunds.status, 'pending')))
        .returning();
      if (!done) return row;
      const [payment] = await tx
        .update(payments)
        .set({
          refundedMinor: sql`${payments.refundedMinor} + ${row.amountMinor}`,
          refundRef: providerRef,
          refundedAt: sql`now()`,
          ...(row.kind === 'all' ? { status: 'refunded' as const } : {}),
        })
        .where(eq(payments.id, attempt.id))
        .returning();
      const [order] = await tx
        .select({ status: orders.status, orderNo: orders.orderNo })
        .from(orders)
        .where(eq(orders.id, row.orderId));
      const ref = providerRef ? ` (sağlayıcı referansı: ${providerRef})` : '';
      let note: string;
      if (row.kind === 'lines') {
        await returnRefundedUnits(tx, row.orderId, row.lines);
        const names = await tx
          .select({ id: orderItems.id, name: orderItems.name })
          .from(orderItems)
          .where(
            inArray(
              orderItems.id,
              row.lines.map((l) => l.itemId),
            ),
          );
        const what = row.lines
          .map((l) => `${names.find((n) => n.id === l.itemId)?.name ?? 'satır'} × ${l.quantity}`)
          .join(', ');
        note = `Kart iadesi: ${formatMoney(row.amountMinor)} (${what})${ref}.`;
        if (payment && payment.refundedMinor >= (payment.paidTotalMinor ?? payment.amountMinor)) {
          await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, payment.id));
          await tx
            .update(orders)
            .set({ paymentStatus: 'refunded', updatedAt: sql`now()` })
            .where(eq(orders.id, row.orderId));
          // Refunded in full: its issued e-invoice is undone (issue 42).
          await invoiceOnCancel(tx, row.orderId, 'refunded');
        }
      } else {
        note = `Kart ödemesi iade edildi${ref}.`;
        const refunded = await tx
          .update(orders)
          .set({ paymentStatus: 'refunded', updatedAt: sql`now()` })
          .where(
            and(
              eq(orders.id, row.orderId),
              eq(orders.paymentStatus, 'refund_pending'),
              sql`not exists (select 1 from ${payments} where ${payments.orderId} = ${row.orderId}
                and ${payments.status} = 'refund_pending')`,
            ),
          )
          .returning({ id: orders.id });
        if (refunded.length) await invoiceOnCancel(tx, row.orderId, 'refunded');
      }
      await tx.insert(orderHistory).values({
        orderId: row.orderId,
        fromStatus: order?.status ?? null,
        toStatus: order?.status ?? ORDER_STATE.Cancelled,
        actor: row.kind === 'lines' ? 'operator' : 'payment',
        note,
      });
      return done;
    });
  }

  /**
   * Gives back the attempts in `refund_pending` (a cancelled paid order, a result that came too late) and
   * settles refunds left pending (no answer): runs after a change that queued one and every minute. An
   * attempt gets one `all` refund row at a time; a refused one is asked again later with a new row.
   */
  async function round(): Promise<number> {
    const due = await db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.status, 'refund_pending'))
      .limit(100);
    for (const { id } of due) {
      // Under the attempt's lock: two rounds (two nodes) never open two refunds of one attempt.
      await db.transaction(async (tx) => {
        const [attempt] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.id, id), eq(payments.status, 'refund_pending')))
          .for('update');
        if (!attempt) return;
        const left = (attempt.paidTotalMinor ?? attempt.amountMinor) - attempt.refundedMinor;
        const [open] = await tx
          .select({ id: paymentRefunds.id })
          .from(paymentRefunds)
          .where(and(eq(paymentRefunds.paymentId, attempt.id), eq(paymentRefunds.status, 'pending')));
        if (open || left <= 0) return;
        await tx.insert(paymentRefunds).values({
          paymentId: attempt.id,
          orderId: attempt.orderId,
          reference: randomBytes(12).toString('hex'),
          kind: 'all',
          amountMinor: left,
          actor: 'payment',
        });
      });
    }
    const pending = await db
      .select({ id: paymentRefunds.id })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.status, 'pending'))
      .orderBy(asc(paymentRefunds.id))
      .limit(100);
    let refunded = 0;
    for (const { id } of pending) {
      const after = await settle(id).catch((err: unknown) => {
        logger.error({ refundId: id, err: String(err) }, 'card refund failed; asked again later');
        return null;
      });
      if (after?.status === 'succeeded') refunded++;
      else if (after?.status === 'failed') {
        logger.error({ refund: after.reference, reason: after.failureReason }, 'card refund refused');
      }
    }
    return refunded;
  }

  return { view, refundLines, round, settle };
}

export type Refunds = ReturnType<typeof createRefunds>;
