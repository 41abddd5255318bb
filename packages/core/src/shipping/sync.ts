import { normalizeTrackingNo } from '@vitrin/shared/cargo';
import { ORDER_STATE, ORDER_STATES, type OrderState } from '@vitrin/shared/order-states';
import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { withClusterLock } from '../db/cluster-lock.ts';
import { orderHistory, orders, shipments } from '../db/schema.ts';
import { isDomainError } from '../errors.ts';
import { createRounds } from '../jobs/rounds.ts';
import { findOrder, type OrderRow } from '../orders/queries.ts';
import type { OrderService } from '../orders/service.ts';
import { transitionRefusal } from '../orders/status.ts';
import type { Carrier, CarrierName, CarrierStatus, Tracking } from './carrier.ts';
import { carrierStatusOf } from './geliver/geliver.ts';
import type { GeliverWebhook } from './geliver/webhook.ts';
import type { CarrierEnv, CarrierTuning } from './providers.ts';
import {
  backoffMs,
  CARRIER_LABELS,
  CLAIM_MS,
  carrierService,
  createLabelSettlement,
  createPurchases,
  type ShipmentRow,
} from './purchase.ts';

/**
 * Carrier status sync (issue 41): where a bought label's parcel is, read from its carrier, moves the order
 * through the order state table as the carrier (`actor: 'carrier'`, history note naming it): in transit →
 * 3 "Kargoda", delivered → 4 "Teslim Edildi", not delivered → 5 "Teslim Edilemedi". Two ways in:
 *
 * - Geliver's webhook, a hint only (not signed): the shipment is read back from Geliver, and only when Geliver
 *   reports what the webhook claims does anything change.
 * - A round every 15 minutes, one node at a time (`withClusterLock`), over open outbound shipments (label
 *   bought, order in 2 or 3) of every carrier: Yurtiçi Kargo has no webhooks, and it is Geliver's safety net.
 *
 * The round also retries the label purchases that met a carrier outage (`pending`, back-off over, no request
 * holding them) with their first request key, so the carrier answers the first shipment if it was made: a
 * label bought moves the order to "Kargoya Verildi" as the carrier (the shopper's tracking e-mail as from the
 * panel); an order the owner moved elsewhere meanwhile gets no label (the row `failed`, why in Turkish), and a
 * label bought while it moved is cancelled at the carrier.
 *
 * A carrier's failure is recorded on the shipment (`last_error`, `next_attempt_at` with the label's back-off;
 * `attempts` then counts the failed reads since the last good one) and in the carrier's health; the round
 * goes on with the next shipment and never throws.
 */

export const SYNC_INTERVAL_MS = 15 * 60_000;
/** Shipments read per round (each one call to its carrier), oldest read first. */
export const SYNC_BATCH = 50;
const LOCK = 'shipping-status-sync';

const { Shipped, InTransit, Delivered, NotDelivered } = ORDER_STATE;

/** The order state each carrier status asks for; `created` and `cancelled` move nothing. */
const TARGET: Partial<Record<CarrierStatus, OrderState>> = {
  in_transit: InTransit,
  delivered: Delivered,
  failed: NotDelivered,
};

const STATUS_WORDS: Record<CarrierStatus, string> = {
  created: 'etiket alındı, kargoya verilmedi',
  in_transit: 'kargoda',
  delivered: 'teslim edildi',
  failed: 'teslim edilemedi',
  cancelled: 'iptal edildi',
};

/**
 * The moves from `from` to `to` the carrier may make, each allowed by the table and the carrier's rule
 * (`transitionRefusal`): `[]` when the order is there already, null when it cannot get there (2 → 4 goes
 * through 3; nothing leaves 4 or 6).
 */
export function carrierPath(
  from: OrderState,
  to: OrderState,
  order: Pick<OrderRow, 'paymentMethod' | 'paymentStatus'>,
  /** Whose moves: the carrier's, or a marketplace's (`channel`) for an order from its package. */
  actor: 'carrier' | 'channel' = 'carrier',
  /** The parcel's carrier and number, when the path may enter Kargoya Verildi (a marketplace's package). */
  cargo: { cargoCompany: string; trackingNo: string } | undefined = undefined,
): OrderState[] | null {
  if (from === to) return [];
  const seen = new Set<OrderState>([from]);
  let paths: OrderState[][] = [[from]];
  while (paths.length) {
    const next: OrderState[][] = [];
    for (const path of paths) {
      const at = path[path.length - 1]!;
      for (const step of ORDER_STATES[at].next) {
        if (seen.has(step) || transitionRefusal(at, step, order, { actor, ...cargo })) continue;
        if (step === to) return [...path.slice(1), step];
        seen.add(step);
        next.push([...path, step]);
      }
    }
    paths = next;
  }
  return null;
}

/** What became of one shipment's read. */
export type SyncOutcome =
  /** The order moved (through `steps`). */
  | { kind: 'moved'; carrierStatus: CarrierStatus; from: OrderState; steps: OrderState[] }
  /** The carrier's status asks for no change (the order is there already, or the parcel has not left). */
  | { kind: 'unchanged'; carrierStatus: CarrierStatus }
  /** The table does not allow the move from the order's state now: recorded on the shipment, skipped. */
  | { kind: 'skipped'; carrierStatus: CarrierStatus; reason: string }
  /** A webhook claimed a status the carrier does not report: nothing changed. */
  | { kind: 'mismatch'; carrierStatus: CarrierStatus; claimed: CarrierStatus }
  /** No shipment of ours has this carrier id (a webhook): nothing changed. */
  | { kind: 'unknown' }
  /** The carrier could not be read: recorded on the shipment and in its health. */
  | { kind: 'error'; message: string };

export interface RoundSummary {
  /** False when another node holds the round now. */
  ran: boolean;
  read: number;
  moved: number;
  /** Labels bought by the round's retry of purchases that met an outage. */
  bought: number;
  failed: number;
}

export interface CarrierHealth {
  carrier: CarrierName;
  name: string;
  /** Its keys are in the environment. */
  configured: boolean;
  /** ISO 8601: the last call the carrier answered (a status read, a label bought). */
  lastSuccessAt: string | null;
  lastErrorAt: string | null;
  lastError: string | null;
  /** Bought labels whose order is in 2 or 3 (what the round reads). */
  openShipments: number;
  /** Of those, the ones whose last read failed (waiting for their back-off). */
  failingShipments: number;
}

export interface ShippingSyncOptions {
  orders: Pick<OrderService, 'changeStatus' | 'mailWriter' | 'sendQueuedMail'>;
  env: CarrierEnv;
  shopUrl: string;
  tuning?: CarrierTuning;
  now?: () => Date;
  batchSize?: number;
  /** Where a round's failure that is not a carrier's goes (the server's log). */
  onError?: (err: unknown) => void;
}

const CARRIERS: readonly CarrierName[] = ['geliver', 'yurtici'];

export function createShippingSync(database: Database, options: ShippingSyncOptions) {
  const { db } = database;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? SYNC_BATCH;
  const purchases = createPurchases(db, {
    env: options.env,
    shopUrl: options.shopUrl,
    now,
    ...(options.tuning ? { tuning: options.tuning } : {}),
  });
  const { carriers } = purchases;
  const { healthy, unhealthy } = purchases.health;
  const settlement = createLabelSettlement(db, options.orders, now);

  /** A failed read on the shipment: its message, and the next read after the back-off (or Retry-After). */
  async function recordFailure(row: ShipmentRow, message: string, retryAt?: Date) {
    const attempts = row.lastError && row.nextAttemptAt ? row.attempts + 1 : 1;
    const at = now().getTime();
    const next = new Date(Math.max(retryAt?.getTime() ?? 0, at + backoffMs(attempts)));
    await db
      .update(shipments)
      .set({ attempts, lastError: message, nextAttemptAt: next, updatedAt: now() })
      .where(eq(shipments.id, row.id));
  }

  /** A good read: the row's failure forgotten, and its place at the back of the round's queue. */
  async function recordRead(row: ShipmentRow, note: string | null = null) {
    await db
      .update(shipments)
      .set({
        updatedAt: now(),
        lastError: note,
        nextAttemptAt: null,
        ...(row.lastError && row.nextAttemptAt ? { attempts: 0 } : {}),
      })
      .where(eq(shipments.id, row.id));
  }

  /** Reads the shipment from its carrier; a failure is recorded (row and health) and answered as `error`. */
  async function read(row: ShipmentRow): Promise<Tracking | { error: string; cause: unknown }> {
    const entry = carriers.get(row.carrier);
    if ('missing' in entry) {
      await unhealthy(row.carrier, entry.missing);
      await recordFailure(row, entry.missing);
      return { error: entry.missing, cause: null };
    }
    const carrier: Carrier = entry;
    try {
      const tracking = await carrier.track(row.carrierShipmentId!);
      await healthy(row.carrier);
      return tracking;
    } catch (err) {
      const message = isDomainError(err)
        ? err.message
        : `${CARRIER_LABELS[row.carrier]} yanıtı okunamadı; bir sonraki turda yeniden denenecek.`;
      await unhealthy(row.carrier, message);
      await recordFailure(row, message, isDomainError(err) ? err.retryAt : undefined);
      return { error: message, cause: err };
    }
  }

  function noteOf(row: ShipmentRow, tracking: Tracking): string {
    const who =
      row.carrier === 'geliver' && row.company ? `Geliver (${row.company})` : CARRIER_LABELS[row.carrier];
    const last = tracking.events[tracking.events.length - 1];
    const what = last?.description || STATUS_WORDS[tracking.status];
    const where = last?.location ? `, ${last.location}` : '';
    const number = tracking.trackingNumber || row.trackingNo;
    return `${who} bildirdi: ${what}${where}${number ? ` (takip no ${number})` : ''}.`;
  }

  /** The order moved as far as the carrier's status asks and the table allows. */
  async function apply(row: ShipmentRow, tracking: Tracking): Promise<SyncOutcome> {
    const carrierStatus = tracking.status;
    const target = TARGET[carrierStatus];
    const order = target === undefined ? undefined : await findOrder(db, row.orderId);
    if (target === undefined || !order) {
      await recordRead(row);
      return { kind: 'unchanged', carrierStatus };
    }
    const from = order.status as OrderState;
    const steps = carrierPath(from, target, order);
    if (steps === null) {
      const reason = `Kargo durumu "${ORDER_STATES[target].label}" bildirildi, ancak sipariş "${ORDER_STATES[from].label}" durumunda olduğundan değiştirilmedi.`;
      await recordRead(row, reason);
      return { kind: 'skipped', carrierStatus, reason };
    }
    const note = noteOf(row, tracking);
    for (const step of steps) {
      try {
        await options.orders.changeStatus(order.id, step, { actor: 'carrier', note });
      } catch (err) {
        // Another node or the panel moved the order meanwhile: its change stands, the next read goes on.
        if (!isDomainError(err, 'SIPARIS_DURUMU_DEGISTI', 'GECERSIZ_DURUM_GECISI')) throw err;
        await recordRead(row, err.message);
        return { kind: 'skipped', carrierStatus, reason: err.message };
      }
    }
    await recordRead(row);
    return steps.length
      ? { kind: 'moved', carrierStatus, from, steps }
      : { kind: 'unchanged', carrierStatus };
  }

  async function syncRow(row: ShipmentRow): Promise<SyncOutcome> {
    const tracking = await read(row);
    if ('error' in tracking) return { kind: 'error', message: tracking.error };
    return apply(row, tracking);
  }

  /** The newest bought outbound shipment with this carrier id (an older one of a re-sent order is done). */
  async function shipmentOf(carrier: CarrierName, carrierShipmentId: string) {
    const [row] = await db
      .select()
      .from(shipments)
      .where(
        and(
          eq(shipments.carrier, carrier),
          eq(shipments.carrierShipmentId, carrierShipmentId),
          eq(shipments.kind, 'outbound'),
          eq(shipments.status, 'created'),
        ),
      )
      .limit(1);
    return row;
  }

  /** Open shipments due for a read: label bought, order in 2 or 3, the order's newest label, back-off over. */
  function due(limit: number) {
    return db
      .select({ shipment: shipments })
      .from(shipments)
      .innerJoin(orders, eq(orders.id, shipments.orderId))
      .where(
        and(
          eq(shipments.kind, 'outbound'),
          eq(shipments.status, 'created'),
          isNotNull(shipments.carrierShipmentId),
          inArray(orders.status, [Shipped, InTransit]),
          or(isNull(shipments.nextAttemptAt), lte(shipments.nextAttemptAt, now())),
          sql`not exists (select 1 from shipments as newer where newer.order_id = ${shipments.orderId} and newer.kind = 'outbound' and newer.status = 'created' and newer.id > ${shipments.id})`,
        ),
      )
      .orderBy(asc(shipments.updatedAt), asc(shipments.id))
      .limit(limit);
  }

  /** Label purchases due again: left `pending` by an outage (or a request that died), back-off over, not held. */
  function pendingDue(limit: number) {
    const at = now();
    return db
      .select()
      .from(shipments)
      .where(
        and(
          eq(shipments.kind, 'outbound'),
          eq(shipments.status, 'pending'),
          or(isNull(shipments.nextAttemptAt), lte(shipments.nextAttemptAt, at)),
          or(isNull(shipments.claimedUntil), lte(shipments.claimedUntil, at)),
        ),
      )
      .orderBy(asc(shipments.nextAttemptAt), asc(shipments.id))
      .limit(limit);
  }

  /**
   * Claims a due purchase for the round, with its order's row locked (as a panel request claims it): null when
   * a request took it meanwhile; `gone` (the row left `failed`, why in Turkish) when the order no longer wants
   * this label: one was bought since, a newer request replaced it, or the owner moved the order elsewhere.
   */
  async function claimDue(row: ShipmentRow) {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${orders} where ${orders.id} = ${row.orderId} for update`);
      const order = await findOrder(tx, row.orderId);
      const [fresh] = await tx.select().from(shipments).where(eq(shipments.id, row.id));
      const at = now();
      const held = (d: Date | null) => d !== null && d > at;
      if (!order || fresh?.status !== 'pending' || held(fresh.claimedUntil) || held(fresh.nextAttemptAt))
        return null;
      const others = await tx
        .select({ id: shipments.id, status: shipments.status })
        .from(shipments)
        .where(
          and(eq(shipments.orderId, order.id), eq(shipments.kind, 'outbound'), ne(shipments.id, fresh.id)),
        );
      const replacing = await settlement.replacing(order, tx);
      const state = ORDER_STATES[order.status as OrderState].label;
      const why = others.some((o) => o.status === 'created')
        ? 'Siparişin etiketi başka bir istekle alındı; bu istek bırakıldı.'
        : others.some((o) => o.id > fresh.id)
          ? 'Siparişten yeni bir etiket istendi; bu istek bırakıldı.'
          : order.status !== ORDER_STATE.Preparing && !replacing
            ? `Sipariş "${state}" durumuna geçtiği için etiket alınmadı.`
            : null;
      const [claimed] = await tx
        .update(shipments)
        .set(
          why
            ? { status: 'failed', lastError: why, nextAttemptAt: null, claimedUntil: null, updatedAt: at }
            : { claimedUntil: new Date(at.getTime() + CLAIM_MS), updatedAt: at },
        )
        .where(eq(shipments.id, fresh.id))
        .returning();
      return why ? ({ gone: why } as const) : { row: claimed!, order, replacing };
    });
  }

  /**
   * A label bought while the order moved elsewhere (cancelled in the panel, shipped by hand): cancelled at the
   * carrier, the row `cancelled` and a line in the order's history; the carrier down leaves the label bought,
   * its row saying so (the panel's cancel then does it).
   */
  async function giveBack(row: ShipmentRow, order: OrderRow) {
    const state = ORDER_STATES[order.status as OrderState].label;
    try {
      await purchases.carrierOf(row.carrier).cancel(row.carrierShipmentId!);
    } catch (err) {
      if (!isDomainError(err)) throw err;
      await unhealthy(row.carrier, err.message);
      await db
        .update(shipments)
        .set({
          lastError: `Sipariş "${state}" durumuna geçti; yeniden denemede alınan etiket kargo firmasında iptal edilemedi (${err.message}). Etiketi panelden iptal edin.`,
          updatedAt: now(),
        })
        .where(eq(shipments.id, row.id));
      return;
    }
    await healthy(row.carrier);
    const why = `Sipariş "${state}" durumuna geçtiği için yeniden denemede alınan etiket iptal edildi.`;
    await db.transaction(async (tx) => {
      await tx
        .update(shipments)
        .set({ status: 'cancelled', lastError: why, updatedAt: now() })
        .where(eq(shipments.id, row.id));
      await tx.insert(orderHistory).values({
        orderId: order.id,
        fromStatus: order.status,
        toStatus: order.status,
        actor: 'carrier',
        note: `${why} (${row.company ?? CARRIER_LABELS[row.carrier]}, ${row.trackingNo ?? ''})`,
      });
    });
  }

  /** One due purchase tried again with its first key; what became of it. */
  async function retryPurchase(row: ShipmentRow): Promise<'bought' | 'failed' | 'gone' | 'skipped'> {
    const claimed = await claimDue(row);
    if (!claimed) return 'skipped';
    if ('gone' in claimed) return 'gone';
    const entry = carriers.get(row.carrier);
    if ('missing' in entry) {
      await unhealthy(row.carrier, entry.missing);
      await purchases.backoff(claimed.row, entry.missing);
      return 'failed';
    }
    let bought: ShipmentRow;
    try {
      bought = await purchases.buy(claimed.row, claimed.order.orderNo);
    } catch (err) {
      // Recorded on the row (back-off, or `failed`) and in the carrier's health.
      if (isDomainError(err)) return 'failed';
      throw err;
    }
    const who =
      row.carrier === 'geliver' && bought.company
        ? `Geliver (${bought.company})`
        : CARRIER_LABELS[row.carrier];
    const note = `Kargo etiketi yeniden denemede alındı: ${who}, takip no ${bought.trackingNo}.`;
    const by = { actor: 'carrier', note } as const;
    if (claimed.replacing) await settlement.replaced(claimed.order, bought, by);
    else await settlement.shipped(claimed.order, bought, by);
    const after = (await findOrder(db, row.orderId))!;
    const ours =
      after.status === ORDER_STATE.Shipped &&
      normalizeTrackingNo(after.trackingNo ?? '') === normalizeTrackingNo(bought.trackingNo ?? '');
    if (ours) return 'bought';
    await giveBack(bought, after);
    return 'gone';
  }

  let onRound: ((summary: RoundSummary) => void) | undefined;
  const rounds = createRounds(async () => {
    const summary = await sync.round();
    if (summary.ran) onRound?.(summary);
  });
  let reportError = options.onError ?? (() => {});

  const sync = {
    /**
     * Geliver's webhook: the shipment it names, read back from Geliver; the order moves only when Geliver
     * reports the status the webhook claims. A shipment we do not have is `unknown`; a carrier down is
     * recorded and thrown (the webhook's answer is then 503 and Geliver sends it again).
     */
    async geliverWebhook(webhook: GeliverWebhook): Promise<SyncOutcome> {
      const id = webhook.data.id;
      const row = id ? await shipmentOf('geliver', id) : undefined;
      if (!row) return { kind: 'unknown' };
      const claimed = carrierStatusOf(webhook.data);
      const tracking = await read(row);
      if ('error' in tracking) {
        if (tracking.cause) throw tracking.cause;
        return { kind: 'error', message: tracking.error };
      }
      if (tracking.status !== claimed) {
        await recordRead(row);
        return { kind: 'mismatch', carrierStatus: tracking.status, claimed };
      }
      return apply(row, tracking);
    },

    /** One shipment's read now (the round's step; a test's). */
    syncShipment: (row: ShipmentRow) => syncRow(row),

    /**
     * One round over the open shipments due, on one node at a time. Never throws: a shipment's failure is
     * recorded on it, anything else goes to `onError`, and the round goes on.
     */
    async round(): Promise<RoundSummary> {
      const result = await withClusterLock(database, LOCK, async () => {
        const summary: RoundSummary = { ran: true, read: 0, moved: 0, bought: 0, failed: 0 };
        for (const shipment of await pendingDue(batchSize)) {
          try {
            const outcome = await retryPurchase(shipment);
            if (outcome === 'bought') summary.bought++;
            if (outcome === 'failed') summary.failed++;
          } catch (err) {
            summary.failed++;
            reportError(err);
          }
        }
        const rows = await due(batchSize);
        for (const { shipment } of rows) {
          summary.read++;
          try {
            const outcome = await syncRow(shipment);
            if (outcome.kind === 'moved') summary.moved++;
            if (outcome.kind === 'error') summary.failed++;
          } catch (err) {
            summary.failed++;
            reportError(err);
          }
        }
        return summary;
      }).catch((err: unknown) => {
        reportError(err);
        return { ran: false } as const;
      });
      return result.ran ? result.value : { ran: false, read: 0, moved: 0, bought: 0, failed: 0 };
    },

    /** Each carrier: keys set, its last good and failed call, its open and failing shipments. */
    async health(): Promise<CarrierHealth[]> {
      const stored = await purchases.health.read(CARRIERS.map(carrierService));
      const counts = await db
        .select({
          carrier: shipments.carrier,
          open: sql<number>`count(*)::int`,
          failing: sql<number>`count(*) filter (where ${shipments.nextAttemptAt} is not null)::int`,
        })
        .from(shipments)
        .innerJoin(orders, eq(orders.id, shipments.orderId))
        .where(
          and(
            eq(shipments.kind, 'outbound'),
            eq(shipments.status, 'created'),
            inArray(orders.status, [Shipped, InTransit]),
          ),
        )
        .groupBy(shipments.carrier);
      return CARRIERS.map((carrier) => {
        const count = counts.find((c) => c.carrier === carrier);
        return {
          carrier,
          name: CARRIER_LABELS[carrier],
          configured: !('missing' in carriers.get(carrier)),
          ...stored.get(carrierService(carrier))!,
          openShipments: Number(count?.open ?? 0),
          failingShipments: Number(count?.failing ?? 0),
        };
      });
    },

    /**
     * Starts the rounds on a server: one now, then every `intervalMs`; a slow round is not stacked on.
     * `onRound` hears each round that ran, `onError` what went wrong beside the carriers (the server's log).
     */
    start(
      run: {
        intervalMs?: number;
        onRound?: (summary: RoundSummary) => void;
        onError?: (err: unknown) => void;
      } = {},
    ): void {
      if (run.onError) reportError = run.onError;
      onRound = run.onRound;
      rounds.start(run.intervalMs ?? SYNC_INTERVAL_MS);
    },

    /** Stops the rounds and waits for the one under way. */
    stop: () => rounds.stop(),
  };
  return sync;
}

export type ShippingSync = ReturnType<typeof createShippingSync>;
