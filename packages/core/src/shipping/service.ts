import type { ShipmentAnswer, ShipmentCreateRequest } from '@vitrin/shared/api/admin/shipments';
import { ORDER_STATE, type OrderState } from '@vitrin/shared/order-states';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Db } from '../db/client.ts';
import { orderHistory, orders, type ShipmentRequestRecord, shipments } from '../db/schema.ts';
import { DomainError, isDomainError } from '../errors.ts';
import { orderNotFound } from '../orders/errors.ts';
import { findOrder, type OrderRow } from '../orders/queries.ts';
import type { OrderService } from '../orders/service.ts';
import { transitionRefusal } from '../orders/status.ts';
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
 * Labels bought from the carrier `shipping_provider` names, for an order in the panel (issue 41). Durable:
 * the shipment's row and its request key (`<order no>-<n>`) are written before the carrier is called, so a
 * retry after a timeout or an outage asks with the same key and the carrier answers the first shipment;
 * a bought label moves the order to "Kargoya Verildi" through the order service (history, audit, the
 * shopper's tracking e-mail).
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
/** How long a second request waits for the first one's label before it answers ETIKET_ALINIYOR. */
const WAIT_MS = 60_000;
const POLL_MS = 100;

/** A parcel when the panel names none: products carry no weight, so the shop's default of 1 kg and 1 desi. */
export const DEFAULT_PARCEL = { weightKg: 1, desi: 1 } as const;

/** The wait before a shipment that met a carrier outage may be tried again: 30 s, doubling, at most 30 min. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);

export interface ShippingServiceOptions {
  settings: Pick<SettingsService, 'get'>;
  orders: Pick<OrderService, 'changeStatus' | 'mailWriter' | 'sendQueuedMail'>;
  /** Where GELIVER_* and YURTICI_* are read (the process environment). */
  env: CarrierEnv;
  shopUrl: string;
  tuning?: CarrierTuning;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

type ShipmentRow = typeof shipments.$inferSelect;

const staffIdOf = (actor: AuditActor) => (actor.kind === 'staff' ? actor.staffId : undefined);

export function createShippingService(db: Db, options: ShippingServiceOptions) {
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
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
      return row ? requestOf(row, '') : undefined;
    },
  });

  function carrierOf(name: CarrierName): Carrier {
    const entry = carriers.get(name);
    if ('missing' in entry) throw shippingError('KARGO_ANAHTARI_YOK', entry.missing);
    return entry;
  }

  function requestOf(row: ShipmentRow, orderNo: string): ShipmentRequest {
    return { key: row.requestKey, orderNumber: orderNo || row.requestKey, ...row.request };
  }

  async function existing(orderNo: string): Promise<OrderRow> {
    const order = await findOrder(db, orderNo);
    if (!order) throw orderNotFound();
    return order;
  }

  async function sender(): Promise<CarrierAddress> {
    const [address, unvan, phone, email] = await Promise.all([
      options.settings.get('shipping_sender'),
      options.settings.get('unvan'),
      options.settings.get('contact_phone'),
      options.settings.get('contact_email'),
    ]);
    const senderPhone = address?.phone || phone;
    if (!address || !senderPhone.trim())
      throw shippingError(
        'GONDERICI_ADRESI_YOK',
        'Mağazanın gönderici adresi tanımlı değil: shipping_sender ayarına il, ilçe, adres ve posta kodunu, contact_phone ayarına telefonu girin.',
      );
    return {
      name: address.name || unvan,
      phone: senderPhone,
      email,
      city: address.city,
      district: address.district,
      address: address.address,
      postalCode: address.postalCode,
    };
  }

  function recipientOf(order: OrderRow): CarrierAddress {
    const to = order.shippingAddress;
    if (!to)
      throw shippingError(
        'TESLIMAT_ADRESI_YOK',
        'Bu siparişin teslimat adresi yok (yalnızca dijital ürünler); kargo gönderisi oluşturulamaz.',
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

  function view(row: ShipmentRow, orderNo: string): ShipmentAnswer {
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

  /** The order into "Kargoya Verildi" with the shipment's carrier and number (once; a repeat finds it there). */
  async function markShipped(actor: AuditActor, order: OrderRow, row: ShipmentRow): Promise<void> {
    // Moved already (by the first call, or on since): a repeat changes nothing.
    const moved = async () => (await existing(order.orderNo)).status !== ORDER_STATE.Preparing;
    if (await moved()) return;
    try {
      await options.orders.changeStatus(
        order.id,
        ORDER_STATE.Shipped,
        {
          actor: 'operator',
          cargoCompany: row.company ?? '',
          trackingNo: row.trackingNo ?? '',
          staffId: staffIdOf(actor),
          note: `Kargo etiketi alındı (${row.company}, ${row.trackingNo}).`,
        },
        actor,
      );
    } catch (err) {
      // A request beside this one moved it first (its change won the race): nothing left to do.
      if (isDomainError(err, 'SIPARIS_DURUMU_DEGISTI', 'GECERSIZ_DURUM_GECISI') && (await moved())) return;
      throw err;
    }
  }

  /**
   * A label bought again after the first was cancelled (the order stayed in "Kargoya Verildi"): the order takes
   * the new carrier and number, with a history line, its audit row and the shopper's tracking e-mail, once.
   */
  async function markReplaced(actor: AuditActor, order: OrderRow, row: ShipmentRow): Promise<void> {
    const mails = await options.orders.mailWriter();
    const replaced = await db.transaction(async (tx) => {
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
      const note = `Yeni kargo etiketi alındı (${row.company}, ${row.trackingNo}).`;
      await tx.insert(orderHistory).values({
        orderId: order.id,
        fromStatus: ORDER_STATE.Shipped,
        toStatus: ORDER_STATE.Shipped,
        actor: 'operator',
        staffId: staffIdOf(actor) ?? null,
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
        'operator',
      );
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
    if (replaced) options.orders.sendQueuedMail();
  }

  /** Whether the order's label was cancelled and none bought since: a new one may be bought in "Kargoya Verildi". */
  async function replacing(order: OrderRow): Promise<boolean> {
    if (order.status !== ORDER_STATE.Shipped) return false;
    const rows = await db
      .select({ status: shipments.status })
      .from(shipments)
      .where(and(eq(shipments.orderId, order.id), eq(shipments.kind, 'outbound')));
    return rows.some((r) => r.status === 'cancelled') && !rows.some((r) => r.status === 'created');
  }

  /**
   * The row this request works on, in one transaction with the order's row locked: the bought outbound
   * shipment (a repeat), the one left pending (a retry, same key), or a new one with the next key. The row is
   * claimed for this request while it asks the carrier; `busy` when another request holds it now.
   */
  async function claim(
    order: OrderRow,
    carrier: CarrierName,
    request: ShipmentRequestRecord,
  ): Promise<{ row: ShipmentRow; busy: boolean }> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${orders} where ${orders.id} = ${order.id} for update`);
      const rows = await tx
        .select()
        .from(shipments)
        .where(and(eq(shipments.orderId, order.id), eq(shipments.kind, 'outbound')))
        .orderBy(asc(shipments.id));
      const bought = rows.find((r) => r.status === 'created');
      if (bought) return { row: bought, busy: false };
      const at = now();
      const claimedUntil = new Date(at.getTime() + CLAIM_MS);
      const pending = rows.find((r) => r.status === 'pending' && r.carrier === carrier);
      if (pending) {
        if (pending.claimedUntil && pending.claimedUntil > at) return { row: pending, busy: true };
        const [updated] = await tx
          .update(shipments)
          .set({ request, claimedUntil, updatedAt: at })
          .where(eq(shipments.id, pending.id))
          .returning();
        return { row: updated!, busy: false };
      }
      const [created] = await tx
        .insert(shipments)
        .values({
          orderId: order.id,
          kind: 'outbound',
          carrier,
          requestKey: `${order.orderNo}-${rows.length + 1}`,
          request,
          claimedUntil,
        })
        .returning();
      return { row: created!, busy: false };
    });
  }

  /** Waits while another request asks the carrier for this row; the row as that request left it. */
  async function settled(row: ShipmentRow): Promise<ShipmentRow> {
    const until = Math.min(now().getTime() + WAIT_MS, row.claimedUntil?.getTime() ?? 0);
    for (;;) {
      const [fresh] = await db.select().from(shipments).where(eq(shipments.id, row.id));
      if (!fresh) return row;
      const held = fresh.status === 'pending' && fresh.claimedUntil && fresh.claimedUntil > now();
      if (!held) return fresh;
      if (now().getTime() >= until)
        throw shippingError(
          'ETIKET_ALINIYOR',
          'Bu siparişin etiketi şu an alınıyor; biraz sonra yeniden deneyin (ikinci etiket alınmaz).',
          fresh.claimedUntil ?? undefined,
        );
      await sleep(POLL_MS);
    }
  }

  async function bought(row: ShipmentRow, shipment: CarrierShipment): Promise<ShipmentRow> {
    const [updated] = await db
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
    return updated!;
  }

  async function failed(row: ShipmentRow, err: DomainError): Promise<DomainError> {
    const attempts = row.attempts + 1;
    if (!isRetryableCarrierError(err)) {
      await db
        .update(shipments)
        .set({
          status: 'failed',
          attempts,
          lastError: err.message,
          nextAttemptAt: null,
          claimedUntil: null,
          updatedAt: now(),
        })
        .where(eq(shipments.id, row.id));
      return err;
    }
    const at = now().getTime();
    const retryAt = new Date(Math.max(err.retryAt?.getTime() ?? 0, at + backoffMs(attempts)));
    await db
      .update(shipments)
      .set({ attempts, lastError: err.message, nextAttemptAt: retryAt, claimedUntil: null, updatedAt: now() })
      .where(eq(shipments.id, row.id));
    return new DomainError(503, err.code, err.message, undefined, { cause: err, retryAt });
  }

  return {
    /**
     * Buys the order's label from the chosen carrier and moves the order to "Kargoya Verildi"; a repeat answers
     * the label bought the first time. `created`: whether this call bought it.
     */
    async ship(
      actor: AuditActor,
      orderNo: string,
      input: ShipmentCreateRequest,
    ): Promise<ShipmentAnswer & { created: boolean }> {
      const order = await existing(orderNo);
      const provider = await options.settings.get('shipping_provider');
      const [done] = await db
        .select()
        .from(shipments)
        .where(
          and(
            eq(shipments.orderId, order.id),
            eq(shipments.kind, 'outbound'),
            eq(shipments.status, 'created'),
          ),
        )
        .limit(1);
      if (done) {
        if (order.status === ORDER_STATE.Shipped) await markReplaced(actor, order, done);
        else await markShipped(actor, order, done);
        return { ...view(done, order.orderNo), created: false };
      }
      if (provider === 'manual')
        throw shippingError(
          'KARGO_ENTEGRASYONU_YOK',
          'Kargo entegrasyonu seçili değil (shipping_provider: manual): kargo firmasını ve takip numarasını elle girin ya da ayarlardan Geliver veya Yurtiçi Kargo seçin.',
        );
      const carrier = carrierOf(provider);
      // A label cancelled by mistake: the order stayed in "Kargoya Verildi" and takes the new one's number.
      const replacement = await replacing(order);
      const refusal = replacement
        ? null
        : transitionRefusal(order.status as OrderState, ORDER_STATE.Shipped, order, {
            actor: 'operator',
            cargoCompany: 'kargo',
            trackingNo: 'KARGO',
          });
      if (refusal) throw refusal;
      const settle = (r: ShipmentRow) =>
        replacement ? markReplaced(actor, order, r) : markShipped(actor, order, r);
      const parcels = input.parcels ?? [DEFAULT_PARCEL];
      const request: ShipmentRequestRecord = {
        sender: await sender(),
        recipient: recipientOf(order),
        parcels: parcels.map((p) => ({ weightKg: p.weightKg, ...(p.desi ? { desi: p.desi } : {}) })),
        valueMinor: order.totalMinor,
      };
      const claimed = await claim(order, provider, request);
      let row = claimed.row;
      if (claimed.busy) {
        // Another request (a double click, a second tab) is asking the carrier: its answer is this one's.
        row = await settled(row);
        if (row.status !== 'created') {
          if (row.status === 'pending' && row.lastError)
            throw new DomainError(503, 'KARGO_ULASILAMIYOR', row.lastError, undefined, {
              ...(row.nextAttemptAt ? { retryAt: row.nextAttemptAt } : {}),
            });
          throw new DomainError(422, 'KARGO_REDDETTI', row.lastError ?? 'Kargo gönderisi oluşturulamadı.');
        }
        await settle(row);
        return { ...view(row, order.orderNo), created: false };
      }
      if (row.status !== 'created') {
        let shipment: CarrierShipment;
        try {
          shipment = await carrier.ship(requestOf(row, order.orderNo));
        } catch (err) {
          if (isDomainError(err)) throw await failed(row, err);
          await db.update(shipments).set({ claimedUntil: null }).where(eq(shipments.id, row.id));
          throw err;
        }
        row = await bought(row, shipment);
      }
      await settle(row);
      return { ...view(row, order.orderNo), created: true };
    },

    /** A bought label's PDF, from the carrier that sold it. */
    async label(orderNo: string, shipmentId: number): Promise<Buffer> {
      const order = await existing(orderNo);
      const [row] = await db
        .select()
        .from(shipments)
        .where(and(eq(shipments.id, shipmentId), eq(shipments.orderId, order.id)));
      if (!row) throw shippingError('GONDERI_BULUNAMADI', 'Bu siparişte böyle bir kargo gönderisi yok.');
      if (row.status !== 'created' || !row.carrierShipmentId)
        throw shippingError('ETIKET_YOK', 'Bu gönderinin etiketi henüz alınmadı.');
      return carrierOf(row.carrier).label(row.carrierShipmentId);
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;
