import { randomBytes } from 'node:crypto';
import {
  cardPaymentRequest,
  paymentSessionQuery,
  verifyPaymentRequest,
} from '@vitrin/shared/api/order-requests';
import type { PaymentOutcome, PaymentSession, PaymentStep } from '@vitrin/shared/api/orders';
import { ORDER_STATE, ORDER_STATES, type OrderState } from '@vitrin/shared/order-states';
import type { z } from '@vitrin/shared/zod';
import { fieldMessages } from '@vitrin/shared/zod';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orderItems, orders, payments } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import { invalidOrderInput, orderError } from '../orders/errors.ts';
import { canPayNow, findOrder, type OrderRow, stateView } from '../orders/queries.ts';
import type { OrderLogger, OrderService, OrderViewer } from '../orders/service.ts';
import { applyStatusChange } from '../orders/status.ts';
import { createInstalmentTables } from './instalment-tables.ts';
import { paymentOrder } from './order-data.ts';
import type {
  CardInput,
  PaymentProvider,
  PaymentProviders,
  ProviderName,
  VerifiedPayment,
} from './provider.ts';
import { UNKNOWN_FAILURE } from './provider.ts';
import { createRefunds } from './refunds.ts';

export interface PaymentServiceOptions {
  orders: OrderService;
  providers: PaymentProviders;
  settings: { get(key: 'brand_name'): Promise<string> };
  /** The storefront's public origin: the providers' callback addresses start with it. */
  shopUrl: string;
  now?: () => Date;
  logger?: OrderLogger;
}

/** Where the shopper comes from: the providers want the buyer's address. */
export interface PayerContext {
  ip?: string;
}

const forged = () =>
  orderError('ODEME_IMZASI_GECERSIZ', 'Ödeme sonucu doğrulanamadı; hiçbir işlem yapılmadı.');

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
 * The order with the count chosen beside the card. Its price was set at checkout: with the shop's instalment
 * prices (type 4) for any count above one, else the single payment's; so the count may change within those.
 */
function withInstalments(order: OrderRow, chosen: number | undefined): OrderRow {
  if (chosen === undefined || chosen === order.instalments) return order;
  if (order.instalments > 1 && chosen > 1) return { ...order, instalments: chosen };
  throw invalidOrderInput({
    instalments:
      order.instalments > 1
        ? 'Bu sipariş taksitli fiyatla verildi; kartınızın taksit seçeneklerinden birini seçin.'
        : 'Bu sipariş tek çekim fiyatıyla verildi; taksitle ödemek için siparişi taksit seçerek verin.',
  });
}

/**
 * Card payments of orders. An attempt (a `payments` row with a random reference) is begun for a card order
 * in state 0 whose payment is pending, or in state 7 (a retry). Its result counts only once the provider's
 * signature checked out, and only once: the attempt row moves from `pending` with a conditional update, so
 * a replayed or doubled result is refused. A success for an attempt superseded by a newer one (paid in an old
 * tab) is not counted but given back (`refund_pending`), whatever the newer attempt does. Success marks the order paid (7 → 0 through `changeStatus`,
 * taking stock and coupon again, for a retry); failure moves 0 → 7, which releases them.
 */
export function createPaymentService(db: Db, options: PaymentServiceOptions) {
  const { orders: orderService, providers, settings } = options;
  const shopUrl = options.shopUrl.replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());
  const logger: OrderLogger = options.logger ?? {
    error: (fields, message) => console.error(message, fields),
  };

  const instalmentTables = createInstalmentTables({ providers, logger });

  /** Begins an attempt: older pending attempts of the order are superseded (their results will not count). */
  async function begin(order: OrderRow): Promise<{ order: OrderRow; reference: string }> {
    if (
      order.status === ORDER_STATE.Received &&
      order.paymentDueAt &&
      order.paymentDueAt.getTime() <= now().getTime()
    ) {
      // Past its time: expire it now rather than waiting for the minute's job; paying it is then a retry.
      await orderService
        .changeStatus(order.id, ORDER_STATE.PaymentFailed, {
          actor: 'system',
          note: 'Ödeme süresi doldu; stok ve kupon serbest bırakıldı.',
        })
        .catch((err: unknown) => {
          if (!(err instanceof DomainError)) throw err;
        });
      order = (await findOrder(db, order.id))!;
    }
    const reason = unpayableReason(order);
    if (reason) throw orderError('ODEME_YAPILAMAZ', reason);
    return { order, reference: randomBytes(18).toString('base64url') };
  }

  async function record(provider: PaymentProvider, order: OrderRow, reference: string) {
    await db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ status: 'failed', failureCode: 'YERINE_YENISI_BASLADI', completedAt: sql`now()` })
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
      await tx.insert(payments).values({
        orderId: order.id,
        provider: provider.name,
        mode: provider.mode,
        reference,
        amountMinor: order.totalMinor,
        instalments: order.instalments,
      });
      // The count chosen with the card (its own table) is the order's from now on.
      await tx.update(orders).set({ instalments: order.instalments }).where(eq(orders.id, order.id));
    });
  }

  /** A provider by name, for results and refunds of attempts it started. */
  function providerNamed(name: string): PaymentProvider {
    const provider = providers.byName(name);
    if (!provider) {
      throw orderError('ODEME_SAGLAYICISI_YOK', 'Bu ödeme sağlayıcısı bu mağazada yapılandırılmamış.');
    }
    return provider;
  }

  /** Applies a verified result, counted once: the attempt moves from `pending` only once. */
  async function apply(provider: PaymentProvider, verified: VerifiedPayment): Promise<PaymentOutcome> {
    let refundQueued = false;
    // The e-mails of the outcome are queued in its transaction: the confirmation exists exactly when the
    // payment does.
    const mails = await orderService.mailWriter();
    const outcome = await db.transaction(async (tx) => {
      const [attempt] = await tx.select().from(payments).where(eq(payments.reference, verified.reference));
      // A result names an attempt of its own provider, for the amount of that attempt.
      const amountHolds =
        attempt?.amountMinor === verified.amountMinor ||
        (verified.status === 'failed' && verified.amountMinor === null);
      if (!attempt || attempt.provider !== provider.name || !amountHolds) {
        logger.error(
          { reference: verified.reference, provider: provider.name, amountMinor: verified.amountMinor },
          'payment result refused: unknown attempt, other provider or wrong amount',
        );
        throw forged();
      }
      const charged = {
        cardLast4: verified.cardLast4,
        providerPaymentId: verified.providerPaymentId ?? null,
        paidTotalMinor:
          verified.paidTotalMinor ?? (verified.status === 'succeeded' ? attempt.amountMinor : null),
        feeMinor: verified.feeMinor ?? null,
        lineRefs: verified.lineRefs ?? null,
        instalments: verified.instalments ?? attempt.instalments,
        completedAt: sql`now()`,
      };
      const marked = await tx
        .update(payments)
        .set({ status: verified.status, failureCode: verified.failureCode, ...charged })
        .where(and(eq(payments.id, attempt.id), eq(payments.status, 'pending')))
        .returning({ id: payments.id });
      // Paid in an old tab after a newer attempt began: this money is neither kept nor counted (the order
      // is paid by its newer attempt at most once); it goes back. Marked once: a repeat finds it taken.
      const superseded =
        marked.length === 0 && verified.status === 'succeeded'
          ? await tx
              .update(payments)
              .set({ status: 'refund_pending', ...charged })
              .where(
                and(
                  eq(payments.id, attempt.id),
                  eq(payments.status, 'failed'),
                  inArray(payments.failureCode, ['YERINE_YENISI_BASLADI', 'ODEME_SONUCU_ALINAMADI']),
                ),
              )
              .returning({ id: payments.id })
          : [];
      if (marked.length === 0 && superseded.length === 0) {
        throw orderError('ODEME_SONUCU_KULLANILDI', 'Bu ödeme sonucu daha önce işlendi.');
      }
      const [order] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId));
      if (!order) throw orderError('SIPARIS_BULUNAMADI', 'Sipariş bulunamadı.');

      if (superseded.length > 0) {
        refundQueued = true;
        // The order is left as it is: paid by the newer attempt, or still waiting for it.
        const paid = order.paymentStatus === 'paid';
        return {
          paid,
          code: paid ? null : (attempt.failureCode ?? 'YERINE_YENISI_BASLADI'),
          orderId: order.id,
        };
      }

      if (verified.status === 'failed') {
        if (order.status === ORDER_STATE.Received && order.paymentStatus === 'pending') {
          const changed = await applyStatusChange(tx, order.id, ORDER_STATE.PaymentFailed, {
            actor: 'payment',
            note: provider.failureMessage(verified.failureCode ?? ''),
          });
          await mails.changed(tx, changed, 'payment');
        }
        return { paid: false, code: verified.failureCode ?? 'KART_REDDEDILDI', orderId: order.id };
      }

      if (order.status === ORDER_STATE.PaymentFailed) {
        // A retry that succeeded: back to 0, taking stock and coupon again. If they are gone meanwhile the
        // savepoint rolls back alone; the attempt is recorded as failed with why (the money goes back).
        try {
          const changed = await tx.transaction((sp) =>
            applyStatusChange(sp, order.id, ORDER_STATE.Received, {
              actor: 'payment',
              note: 'Ödeme alındı.',
            }),
          );
          await mails.changed(tx, changed, 'payment');
        } catch (err) {
          if (
            !(err instanceof DomainError) ||
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
      } else if (order.status === ORDER_STATE.Cancelled) {
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

    return outcomeOf(provider, outcome);
  }

  async function outcomeOf(
    provider: PaymentProvider,
    outcome: { paid: boolean; code: string | null; orderId: number },
  ): Promise<PaymentOutcome> {
    const order = (await findOrder(db, outcome.orderId))!;
    return {
      outcome: outcome.paid ? 'paid' : 'failed',
      orderNo: order.orderNo,
      state: stateView(order.status),
      failure: outcome.code ? { code: outcome.code, message: provider.failureMessage(outcome.code) } : null,
      next: outcome.paid ? orderService.links.success(order.orderNo) : orderService.links.pay(order.orderNo),
    };
  }

  /** A result through the browser (the bank's post to our callback, the test bank's signed answer). */
  async function complete(providerName: ProviderName, result: unknown): Promise<PaymentOutcome> {
    const provider = providerNamed(providerName);
    const verified = await provider.complete(result);
    if (!verified) {
      logger.error({ provider: provider.name }, 'payment result refused: signature did not check out');
      throw forged();
    }
    return apply(provider, verified);
  }

  /** Claims a pending attempt for one request on one node (a minute): null when done or held by another. */
  async function claim(reference: string) {
    const [claimed] = await db
      .update(payments)
      .set({ claimedUntil: sql`now() + interval '60 seconds'` })
      .where(
        and(
          eq(payments.reference, reference),
          eq(payments.status, 'pending'),
          or(isNull(payments.claimedUntil), lt(payments.claimedUntil, sql`now()`)),
        ),
      )
      .returning();
    return claimed ?? null;
  }

  /**
   * A pending attempt whose result did not come back (auth's answer lost, PayTR's notification not
   * arrived), looked up at the provider under the attempt's claim (never beside a callback): paid → the
   * order is paid through `apply`, once; failed, or no payment there once the provider's time is over
   * (`pendingLimitMs`) → the attempt fails and the order can be paid again; no answer → it stays pending
   * for the next look. Answers the attempt's status after.
   */
  async function lookUp(reference: string): Promise<string> {
    const attempt = await claim(reference);
    if (!attempt) return 'claimed';
    try {
      const provider = providers.byName(attempt.provider);
      if (!provider?.lookupPayment) return 'pending';
      let found = await provider.lookupPayment(attempt);
      if (found === null) {
        logger.error(
          { reference, provider: provider.name },
          'payment lookup: the provider could not be asked',
        );
        return 'pending';
      }
      if (found === 'none') {
        const limit = provider.pendingLimitMs ?? 30 * 60_000;
        if (now().getTime() - attempt.createdAt.getTime() < limit) return 'pending';
        found = {
          reference,
          status: 'failed',
          failureCode: 'ODEME_SONUCU_ALINAMADI',
          amountMinor: attempt.amountMinor,
          cardLast4: null,
        };
      }
      return (await apply(provider, found)).outcome;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      logger.error({ reference, code: err.code }, 'payment lookup: result not applied');
      return 'pending';
    } finally {
      await db.update(payments).set({ claimedUntil: null }).where(eq(payments.id, attempt.id));
    }
  }

  /** When each attempt was last looked up from a page: a waiting page asks every few seconds, the provider less. */
  const lookedUpAt = new Map<string, number>();
  const PAGE_LOOKUP_EVERY_MS = 10_000;
  /** How long a page waits for a lookup before it shows what it has (the lookup goes on). */
  const PAGE_LOOKUP_WAIT_MS = 3_000;

  /** The shopper is back (the payment page, the order page): the order's pending attempt is looked up. */
  async function lookUpForPage(orderId: number): Promise<void> {
    const [last] = await db
      .select({ reference: payments.reference, status: payments.status, provider: payments.provider })
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.id))
      .limit(1);
    if (last?.status !== 'pending' || !providers.byName(last.provider)?.lookupPayment) return;
    const at = lookedUpAt.get(last.reference) ?? 0;
    if (Date.now() - at < PAGE_LOOKUP_EVERY_MS) return;
    lookedUpAt.set(last.reference, Date.now());
    if (lookedUpAt.size > 10_000) lookedUpAt.clear();
    const looked = lookUp(last.reference).catch((err: unknown) => {
      logger.error({ err: String(err) }, 'payment lookup failed');
      return 'pending';
    });
    await Promise.race([looked, new Promise((resolve) => setTimeout(resolve, PAGE_LOOKUP_WAIT_MS))]);
  }

  /**
   * The minute's round: attempts pending longer than a few minutes are looked up at their provider
   * (every node may run it: an attempt is claimed before it is asked about). Answers how many settled.
   */
  async function settlePending(olderThanMinutes = 5): Promise<number> {
    const names = (['iyzico', 'paytr'] as const).filter((n) => providers.byName(n)?.lookupPayment);
    if (names.length === 0) return 0;
    const due = await db
      .select({ reference: payments.reference })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          inArray(payments.provider, names),
          lt(payments.createdAt, sql`now() - make_interval(mins => ${olderThanMinutes})`),
          or(isNull(payments.claimedUntil), lt(payments.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(payments.id)
      .limit(50);
    let settled = 0;
    for (const { reference } of due) {
      const status = await lookUp(reference).catch((err: unknown) => {
        logger.error({ reference, err: String(err) }, 'payment lookup failed; asked again next round');
        return 'pending';
      });
      if (status === 'paid' || status === 'failed') settled++;
    }
    return settled;
  }

  /**
   * The bank's page posted the shopper back to our callback (`/api/payments/<provider>/callback?ref=`).
   * Only a pending attempt is asked about, and by one request on one node at a time: the attempt is claimed
   * in the database (`payments.claimed_until`) before the provider's auth is asked, so a second post of the
   * same callback (a reload, a double submit, another app node) waits for the first and changes nothing.
   * Answers where the browser goes next; a forged post throws ODEME_IMZASI_GECERSIZ.
   */
  async function callback(
    providerName: ProviderName,
    reference: string,
    body: Record<string, unknown>,
  ): Promise<{ next: string; outcome: PaymentOutcome | null }> {
    const [attempt] = await db
      .select({ provider: payments.provider, orderId: payments.orderId })
      .from(payments)
      .where(eq(payments.reference, reference));
    if (!attempt || attempt.provider !== providerName) {
      logger.error({ provider: providerName }, 'payment callback refused: unknown attempt');
      throw forged();
    }
    const current = async () => {
      const [row] = await db.select().from(payments).where(eq(payments.reference, reference));
      const order = (await findOrder(db, attempt.orderId))!;
      const paid = row?.status === 'succeeded' || order.paymentStatus === 'paid';
      return {
        next: paid ? orderService.links.success(order.orderNo) : orderService.links.pay(order.orderNo),
        pending: row?.status === 'pending',
        held: row?.claimedUntil ? row.claimedUntil.getTime() > Date.now() : false,
      };
    };
    const claimed = await claim(reference);
    if (!claimed) {
      // Done already, or being asked by another post: wait for that one (at most the claim's minute).
      let seen = await current();
      const deadline = Date.now() + 60_000;
      while (seen.pending && seen.held && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        seen = await current();
      }
      return { next: seen.next, outcome: null };
    }
    try {
      const outcome = await complete(providerName, { ...body, ref: reference });
      return { next: outcome.next, outcome };
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      if (err.code === 'ODEME_SONUCU_KULLANILDI') return { next: (await current()).next, outcome: null };
      if (err.code === 'ODEME_SAGLAYICISI_HATASI') {
        return { next: `${(await current()).next}&hata=${err.code}`, outcome: null };
      }
      throw err;
    } finally {
      await db.update(payments).set({ claimedUntil: null }).where(eq(payments.id, claimed.id));
    }
  }

  /**
   * A result sent server to server (PayTR's notification). `applied` the first time, `already` for a
   * repeat (nothing changes; the provider is still told OK); a forged one throws ODEME_IMZASI_GECERSIZ.
   */
  async function notify(
    providerName: ProviderName,
    result: unknown,
  ): Promise<{ status: 'applied' | 'already'; outcome: PaymentOutcome | null }> {
    const provider = providerNamed(providerName);
    const verified = provider.notify ? await provider.notify(result) : null;
    if (!verified) {
      logger.error({ provider: provider.name }, 'payment notification refused: signature did not check out');
      throw forged();
    }
    try {
      return { status: 'applied', outcome: await apply(provider, verified) };
    } catch (err) {
      if (err instanceof DomainError && err.code === 'ODEME_SONUCU_KULLANILDI') {
        return { status: 'already', outcome: null };
      }
      throw err;
    }
  }

  const refunds = createRefunds(db, { providers, now, logger });

  /**
   * Gives back the money of attempts in `refund_pending` and settles refunds whose answer was lost: runs
   * after a change that queued one and every minute. Each refund is written before the provider is asked and
   * looked up there before it is asked again (`refunds.ts`), so a retry, two rounds or two app nodes never
   * refund twice. The order becomes `refunded` when none of its attempts is owed any more.
   */
  let refunding: Promise<number> | null = null;
  function refundDue(): Promise<number> {
    refunding ??= refunds.round().finally(() => {
      refunding = null;
    });
    return refunding;
  }

  /** The provider of new payments, or why there is none. */
  async function active(): Promise<PaymentProvider> {
    const { provider, reason } = await providers.active();
    if (!provider) throw orderError('ODEME_YAPILAMAZ', reason ?? 'Bu mağazada kartla ödeme alınamıyor.');
    return provider;
  }

  return {
    providers,
    refundDue,
    settlePending,
    /** The order page: an order's pending attempt looked up (the caller checked the shopper may see it). */
    async lookUpForOrderNo(orderNo: string): Promise<void> {
      const order = await findOrder(db, orderNo);
      if (order) await lookUpForPage(order.id);
    },
    /** The panel's card refunds of an order: what can be given back per line, and the refunds made. */
    refunds: refunds.view,
    /** The owner refunds chosen lines (once per key, however often it is sent). */
    refundLines: refunds.refundLines,
    notify,
    callback,

    /** What the payment page shows first: the order's amount and whether it can be paid now. */
    async session(query: unknown, customerId: number | null): Promise<PaymentSession> {
      const { order: orderNo, token } = parse(paymentSessionQuery, query);
      let order = await orderService.accessible(orderNo, { customerId, token });
      if (order.paymentMethod === 'card' && order.paymentStatus === 'pending') {
        await lookUpForPage(order.id);
        order = (await findOrder(db, order.id))!;
      }
      const [items] = await db
        .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id));
      const { provider, reason: noProvider } = await providers.active();
      const reason = unpayableReason(order) ?? (provider ? null : noProvider);
      const [last] = await db
        .select({ status: payments.status, failureCode: payments.failureCode, provider: payments.provider })
        .from(payments)
        .where(eq(payments.orderId, order.id))
        .orderBy(desc(payments.id))
        .limit(1);
      const lastCode = reason === null && last?.status === 'failed' ? last.failureCode : null;
      // A hosted form answers server to server: the shopper may be back before the answer is.
      const verifying =
        reason === null && last?.status === 'pending' && providers.byName(last.provider)?.form === 'hosted';
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
        test: provider?.testInfo ?? null,
        provider: provider ? { name: provider.name, mode: provider.mode, form: provider.form } : null,
        lastFailure: lastCode
          ? {
              code: lastCode,
              message: (providers.byName(last!.provider) ?? provider)!.failureMessage(lastCode),
            }
          : null,
        verifying,
      };
    },

    /** The instalment table of the active provider: the general one, or the card's (its first digits). */
    async instalmentOptions(query: { bin?: string; amountMinor: number }) {
      return (await active()).instalmentOptions(query);
    },

    /** The same as the pages show it: per card programme, kept a while, a single payment when unanswered. */
    instalmentTable: instalmentTables.table,

    /**
     * The card form (or, for a hosted provider, the pay button): begins an attempt and asks the provider to
     * start. The card number goes to the provider's one call and no further. Input the provider refuses
     * outright leaves no attempt behind; a card it declines is a failed attempt (the order goes to 7).
     */
    async payByCard(
      body: unknown,
      customerId: number | null,
      payer: PayerContext = {},
    ): Promise<PaymentStep> {
      const provider = await active();
      // A hosted form takes the card itself: only the order (and its token) come here.
      let orderNo: string;
      let token: string | undefined;
      let card: CardInput | undefined;
      let chosen: number | undefined;
      if (provider.form === 'card') {
        ({ order: orderNo, token, instalments: chosen, ...card } = parse(cardPaymentRequest, body));
      } else {
        ({ order: orderNo, token } = parse(paymentSessionQuery, body));
      }
      const viewer: OrderViewer = { customerId, token };
      const begun = await begin(await orderService.accessible(orderNo, viewer));
      begun.order = withInstalments(begun.order, chosen);
      const reference = begun.reference;
      const started = await provider.start({
        reference,
        order: await paymentOrder(db, begun.order),
        card,
        callbackUrl: `${shopUrl}/api/payments/${provider.name}/callback?ref=${encodeURIComponent(reference)}`,
        pageUrl: `${shopUrl}${orderService.links.pay(begun.order.orderNo)}`,
        userIp: payer.ip ?? '127.0.0.1',
      });
      await record(provider, begun.order, reference);
      switch (started.kind) {
        case 'challenge':
          return { kind: 'challenge', ...started.challenge };
        case 'declined':
          return {
            kind: 'outcome',
            outcome: await apply(provider, {
              reference,
              status: 'failed',
              failureCode: started.code,
              amountMinor: begun.order.totalMinor,
              cardLast4: null,
            }),
          };
        default:
          return started;
      }
    },

    /** The test bank's verification-code form: the bank signs its answer, verified like any result. */
    async verify(body: unknown): Promise<PaymentOutcome> {
      const { challenge, code } = parse(verifyPaymentRequest, body);
      const provider = providerNamed('test');
      if (!provider.answerChallenge) throw forged();
      return complete('test', await provider.answerChallenge(challenge, code));
    },

    /** A provider's result as it comes back through the browser. */
    complete,

    /** The Turkish sentence for a failure code, as the provider of new payments words it. */
    async failureMessage(code: string): Promise<string> {
      const { provider } = await providers.active();
      return provider?.failureMessage(code) ?? UNKNOWN_FAILURE;
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
