import type { ShipmentAnswer } from '@vitrin/shared/api/admin/shipments';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Db } from '../db/client.ts';
import { orderHistory, orders, type ShipmentRequestRecord, shipments } from '../db/schema.ts';
import { DomainError, isDomainError } from '../errors.ts';
import { createHealth } from '../jobs/health.ts';
import { orderNotFound } from '../orders/errors.ts';
import { findOrder, type OrderRow } from '../orders/queries.ts';
import type { OrderService } from '../orders/service.ts';
import type { Tx } from '../orders/stock.ts';
import type { SettingsService } from '../settings/service.ts';
import {
  type Carrier,
  type CarrierAddress,
  type CarrierName,
  type CarrierShipment,
  isRetryableCarrierError,
  type ShipmentRequest,
} from './carrier.ts';
import { type CarrierEnv, type CarrierTuning, createCarriers } from './providers.ts';

/**
 * What buying a label and buying a return share (issue 41): the shop's address, the keyed "claim, then ask
 * the carrier" step with its back-off, the carrier's health, and the order's move once a label is bought.
 * The claim is written (request key `<order no>-<n>` or `<order no>-R<n>`, `claimed_until`) before the
 * carrier is called, so a retry (the owner's, or the status round's) asks with the same key and the carrier
 * answers the first shipment.
 */

export type ShippingErrorCode =
  | 'KARGO_ENTEGRASYONU_YOK'
  | 'KARGO_ANAHTARI_YOK'
  | 'GONDERICI_ADRESI_YOK'
  | 'TESLIMAT_ADRESI_YOK'
  | 'GONDERI_BULUNAMADI'
  | 'ETIKET_YOK'
  | 'ETIKET_ALINIYOR';

const STATUS: Record<ShippingErrorCode, number> = {
  KARGO_ENTEGRASYONU_YOK: 409,
  KARGO_ANAHTARI_YOK: 409,
  GONDERICI_ADRESI_YOK: 409,
  TESLIMAT_ADRESI_YOK: 409,
  GONDERI_BULUNAMADI: 404,
  ETIKET_YOK: 409,
  ETIKET_ALINIYOR: 409,
};

export const shippingError = (code: ShippingErrorCode, message: string, retryAt?: Date) =>
  new DomainError(STATUS[code], code, message, undefined, retryAt ? { retryAt } : {});

/** How long one request holds a shipment while it asks the carrier (longer than the carrier's slowest answer). */
export const CLAIM_MS = 3 * 60_000;

/** A parcel when the panel names none: products carry no weight, so the shop's default of 1 kg and 1 desi. */
export const DEFAULT_PARCEL = { weightKg: 1, desi: 1 } as const;

/** The wait before a shipment that met a carrier outage may be tried again: 30 s, doubling, at most 30 min. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentKind = ShipmentRow['kind'];

export const CARRIER_LABELS: Record<CarrierName, string> = { geliver: 'Geliver', yurtici: 'Yurtiçi Kargo' };

/** The shop's address (`shipping_sender`, the shop's phone and name): a label's sender, a return's recipient. */
export async function shopAddress(settings: Pick<SettingsService, 'get'>): Promise<CarrierAddress> {
  const [address, unvan, phone, email] = await Promise.all([
    settings.get('shipping_sender'),
    settings.get('unvan'),
    settings.get('contact_phone'),
    settings.get('contact_email'),
  ]);
  const shopPhone = address?.phone || phone;
  if (!address || !shopPhone.trim())
    throw shippingError(
      'GONDERICI_ADRESI_YOK',
      'Mağazanın gönderici adresi tanımlı değil: shipping_sender ayarına il, ilçe, adres ve posta kodunu, contact_phone ayarına telefonu girin.',
    );
  return {
    name: address.name || unvan,
    phone: shopPhone,
    email,
    city: address.city,
    district: address.district,
    address: address.address,
    postalCode: address.postalCode,
  };
}

/** The shopper's delivery address; `what` names the shipment in the refusal of an order without one. */
export function shopperAddress(order: OrderRow, what: 'kargo gönderisi' | 'iade kargosu'): CarrierAddress {
  const to = order.shippingAddress;
  if (!to)
    throw shippingError(
      'TESLIMAT_ADRESI_YOK',
      `Bu siparişin teslimat adresi yok (yalnızca dijital ürünler); ${what} oluşturulamaz.`,
    );
  return {
    name: `${to.firstName} ${to.lastName}`.trim(),
    phone: to.phone || order.phone,
    email: order.email,
    city: to.province,
    district: to.district,
    address: to.line,
    ...(to.postcode ? { postalCode: to.postcode } : {}),
  };
}

/** The parcels of a request as stored on its row (the shop's default when the panel names none). */
export const parcelsOf = (
  parcels: ReadonlyArray<{ weightKg: number; desi?: number | undefined }> | undefined,
) =>
  (parcels ?? [DEFAULT_PARCEL]).map((p) => ({ weightKg: p.weightKg, ...(p.desi ? { desi: p.desi } : {}) }));

/** A shipment as the panel's answers show it. */
export function shipmentView(row: ShipmentRow, orderNo: string): ShipmentAnswer {
  return {
    shipment: {
      id: row.id,
      orderNo,
      kind: row.kind,
      provider: row.carrier,
      carrier: row.company ?? '',
      trackingNo: row.trackingNo ?? '',
      trackingUrl: row.trackingUrl ?? '',
      labelUrl: `/api/admin/orders/${encodeURIComponent(orderNo)}/shipments/${row.id}/label`,
      status: row.status,
    },
  };
}

export const staffIdOf = (actor: AuditActor) => (actor.kind === 'staff' ? actor.staffId : undefined);

/** The carrier's name among the outside services whose health the panel shows (`jobs/health.ts`). */
export const carrierService = (carrier: CarrierName) => `carrier_${carrier}`;

export interface PurchaseOptions {
  env: CarrierEnv;
  shopUrl: string;
  tuning?: CarrierTuning;
  now?: () => Date;
}

/** What a claim found: the bought shipment (a repeat), one another request holds now, or one claimed for this. */
export type Claim = { row: ShipmentRow; state: 'bought' | 'busy' | 'claimed' };

export function createPurchases(db: Db, options: PurchaseOptions) {
  const now = options.now ?? (() => new Date());
  const carriers = createCarriers({
    env: options.env,
    shopUrl: options.shopUrl,
    ...(options.tuning ? { tuning: options.tuning } : {}),
    findRequest: async (carrier, shipmentId) => {
      const [row] = await db
        .select()
        .from(shipments)
        .where(and(eq(shipments.carrier, carrier), eq(shipments.carrierShipmentId, shipmentId)))
        .limit(1);
      return row ? requestOf(row) : undefined;
    },
  });

  function requestOf(row: ShipmentRow, orderNo?: string): ShipmentRequest {
    return { key: row.requestKey, orderNumber: orderNo || row.requestKey, ...row.request };
  }

  const recorder = createHealth(db, now);
  const health = {
    healthy: (carrier: CarrierName) => recorder.ok(carrierService(carrier)),
    unhealthy: (carrier: CarrierName, message: string) => recorder.error(carrierService(carrier), message),
    read: recorder.read,
  };

  /** A failed purchase on its row, released: back-off when the carrier may answer later, else `failed`. */
  async function backoff(row: ShipmentRow, message: string, retryAt?: Date): Promise<Date> {
    const attempts = row.attempts + 1;
    const next = new Date(Math.max(retryAt?.getTime() ?? 0, now().getTime() + backoffMs(attempts)));
    await db
      .update(shipments)
      .set({ attempts, lastError: message, nextAttemptAt: next, claimedUntil: null, updatedAt: now() })
      .where(eq(shipments.id, row.id));
    return next;
  }

  async function failed(row: ShipmentRow, err: DomainError): Promise<DomainError> {
    if (isRetryableCarrierError(err) || err.code === 'KARGO_YETKI_YOK')
      await health.unhealthy(row.carrier, err.message);
    else await health.healthy(row.carrier);
    if (!isRetryableCarrierError(err)) {
      await giveUp(row, err.message, row.attempts + 1);
      return err;
    }
    const retryAt = await backoff(row, err.message, err.retryAt);
    return new DomainError(503, err.code, err.message, undefined, { cause: err, retryAt });
  }

  /** The row left for good (`failed`, with why in Turkish). */
  async function giveUp(row: ShipmentRow, message: string, attempts = row.attempts) {
    await db
      .update(shipments)
      .set({
        status: 'failed',
        attempts,
        lastError: message,
        nextAttemptAt: null,
        claimedUntil: null,
        updatedAt: now(),
      })
      .where(eq(shipments.id, row.id));
  }

  function carrierOf(name: CarrierName): Carrier {
    const entry = carriers.get(name);
    if ('missing' in entry) throw shippingError('KARGO_ANAHTARI_YOK', entry.missing);
    return entry;
  }

  return {
    carriers,
    health,
    requestOf,
    backoff,
    giveUp,
    carrierOf,

    async existing(orderNo: string): Promise<OrderRow> {
      const order = await findOrder(db, orderNo);
      if (!order) throw orderNotFound();
      return order;
    },

    /** One of the order's shipments; 404 GONDERI_BULUNAMADI when the order has none with this id. */
    async shipmentOf(order: Pick<OrderRow, 'id'>, shipmentId: number): Promise<ShipmentRow> {
      const [row] = await db
        .select()
        .from(shipments)
        .where(and(eq(shipments.id, shipmentId), eq(shipments.orderId, order.id)));
      if (!row) throw shippingError('GONDERI_BULUNAMADI', 'Bu siparişte böyle bir kargo gönderisi yok.');
      return row;
    },

    /**
     * The row a request works on, in one transaction with the order's row locked: the bought shipment of this
     * kind (a repeat), the one left pending with this carrier (a retry, same key), or a new one with the next
     * key (`<order no>-<n>`, a return's `<order no>-R<n>`). Claimed for this request while it asks the
     * carrier; `busy` when another request holds it now.
     */
    async claim(
      order: OrderRow,
      kind: ShipmentKind,
      carrier: CarrierName,
      request: ShipmentRequestRecord,
    ): Promise<Claim> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from ${orders} where ${orders.id} = ${order.id} for update`);
        const rows = await tx
          .select()
          .from(shipments)
          .where(and(eq(shipments.orderId, order.id), eq(shipments.kind, kind)))
          .orderBy(asc(shipments.id));
        const bought = rows.find((r) => r.status === 'created');
        if (bought) return { row: bought, state: 'bought' };
        const at = now();
        const claimedUntil = new Date(at.getTime() + CLAIM_MS);
        const pending = rows.find((r) => r.status === 'pending' && r.carrier === carrier);
        if (pending) {
          if (pending.claimedUntil && pending.claimedUntil > at) return { row: pending, state: 'busy' };
          const [updated] = await tx
            .update(shipments)
            .set({ request, claimedUntil, updatedAt: at })
            .where(eq(shipments.id, pending.id))
            .returning();
          return { row: updated!, state: 'claimed' };
        }
        const [created] = await tx
          .insert(shipments)
          .values({
            orderId: order.id,
            kind,
            carrier,
            requestKey: `${order.orderNo}-${kind === 'return' ? 'R' : ''}${rows.length + 1}`,
            request,
            claimedUntil,
          })
          .returning();
        return { row: created!, state: 'claimed' };
      });
    },

    /**
     * Asks the carrier for the claimed row's shipment (its key) and records the label bought, with `after`'s
     * writes in the same transaction. A carrier's failure is recorded (back-off, or `failed`) and thrown: a
     * 503 with `retryAt` when it may answer later; the carrier's health hears either.
     */
    async buy(
      row: ShipmentRow,
      orderNo: string,
      after?: (tx: Tx, saved: ShipmentRow, shipment: CarrierShipment) => Promise<void>,
    ): Promise<ShipmentRow> {
      let shipment: CarrierShipment;
      try {
        shipment = await carrierOf(row.carrier).ship(requestOf(row, orderNo));
      } catch (err) {
        if (isDomainError(err)) throw await failed(row, err);
        await db.update(shipments).set({ claimedUntil: null }).where(eq(shipments.id, row.id));
        throw err;
      }
      await health.healthy(row.carrier);
      return db.transaction(async (tx) => {
        const [saved] = await tx
          .update(shipments)
          .set({
            status: 'created',
            company: shipment.carrier,
            carrierShipmentId: shipment.id,
            trackingNo: shipment.trackingNumber,
            trackingUrl: shipment.trackingUrl,
            labelUrl: shipment.labelUrl ?? null,
            attempts: row.attempts + 1,
            lastError: null,
            nextAttemptAt: null,
            claimedUntil: null,
            updatedAt: now(),
          })
          .where(eq(shipments.id, row.id))
          .returning();
        await after?.(tx, saved!, shipment);
        return saved!;
      });
    },
  };
}

export type Purchases = ReturnType<typeof createPurchases>;

/** Who settles a bought label on the order: the owner in the panel, or the status round's retry (the carrier). */
export type SettledBy = { actor: AuditActor } | { actor: 'carrier'; note: string };

/**
 * A bought outbound label on its order, once: into "Kargoya Verildi" with the label's carrier and number, or —
 * a label bought again after the first was cancelled — the new carrier and number on an order that stayed
 * there. Through the order service either way (history, the shopper's tracking e-mail; the panel's audit row).
 */
export function createLabelSettlement(
  db: Db,
  orderService: Pick<OrderService, 'changeStatus' | 'mailWriter' | 'sendQueuedMail'>,
  now: () => Date = () => new Date(),
) {
  const audited = (by: SettledBy) => (by.actor === 'carrier' ? undefined : by.actor);

  /** The order into "Kargoya Verildi" with the shipment's carrier and number (a repeat finds it there). */
  async function shipped(order: OrderRow, row: ShipmentRow, by: SettledBy): Promise<void> {
    // Moved already (by the first call, or on since): a repeat changes nothing.
    const moved = async () => (await findOrder(db, order.id))?.status !== ORDER_STATE.Preparing;
    if (await moved()) return;
    const actor = audited(by);
    try {
      await orderService.changeStatus(
        order.id,
        ORDER_STATE.Shipped,
        {
          actor: actor ? 'operator' : 'carrier',
          cargoCompany: row.company ?? '',
          trackingNo: row.trackingNo ?? '',
          staffId: actor && staffIdOf(actor),
          note: 'note' in by ? by.note : `Kargo etiketi alındı (${row.company}, ${row.trackingNo}).`,
        },
        actor,
      );
    } catch (err) {
      // A request beside this one moved it first (its change won the race): nothing left to do.
      if (isDomainError(err, 'SIPARIS_DURUMU_DEGISTI', 'GECERSIZ_DURUM_GECISI') && (await moved())) return;
      throw err;
    }
  }

  /** A replacement label: the order keeps "Kargoya Verildi" and takes its carrier and number, once. */
  async function replaced(order: OrderRow, row: ShipmentRow, by: SettledBy): Promise<void> {
    const mails = await orderService.mailWriter();
    const actor = audited(by);
    const done = await db.transaction(async (tx) => {
      const [changed] = await tx
        .update(orders)
        .set({ cargoCompany: row.company, trackingNo: row.trackingNo, updatedAt: now() })
        .where(
          and(
            eq(orders.id, order.id),
            eq(orders.status, ORDER_STATE.Shipped),
            sql`${orders.trackingNo} is distinct from ${row.trackingNo}`,
          ),
        )
        .returning();
      if (!changed) return false;
      const note = 'note' in by ? by.note : `Yeni kargo etiketi alındı (${row.company}, ${row.trackingNo}).`;
      await tx.insert(orderHistory).values({
        orderId: order.id,
        fromStatus: ORDER_STATE.Shipped,
        toStatus: ORDER_STATE.Shipped,
        actor: actor ? 'operator' : 'carrier',
        staffId: (actor && staffIdOf(actor)) ?? null,
        note,
      });
      await mails.changed(
        tx,
        {
          id: order.id,
          orderNo: order.orderNo,
          customerId: order.customerId,
          email: order.email,
          from: ORDER_STATE.Shipped,
          to: ORDER_STATE.Shipped,
          cargoCompany: row.company,
          trackingNo: row.trackingNo,
          note,
          refundDue: false,
        },
        actor ? 'operator' : 'carrier',
      );
      if (actor)
        await recordAudit(tx, {
          actor,
          action: 'order.cargo',
          entity: 'order',
          entityId: order.orderNo,
          before: { cargoCompany: order.cargoCompany, trackingNo: order.trackingNo },
          after: { cargoCompany: row.company, trackingNo: row.trackingNo },
        });
      return true;
    });
    if (done) orderService.sendQueuedMail();
  }

  /** Whether the order's label was cancelled and none bought since: a new one may be bought in "Kargoya Verildi". */
  async function replacing(order: Pick<OrderRow, 'id' | 'status'>, tx: Db = db): Promise<boolean> {
    if (order.status !== ORDER_STATE.Shipped) return false;
    const rows = await tx
      .select({ status: shipments.status })
      .from(shipments)
      .where(and(eq(shipments.orderId, order.id), eq(shipments.kind, 'outbound')));
    return rows.some((r) => r.status === 'cancelled') && !rows.some((r) => r.status === 'created');
  }

  return { shipped, replaced, replacing };
}

export type LabelSettlement = ReturnType<typeof createLabelSettlement>;
