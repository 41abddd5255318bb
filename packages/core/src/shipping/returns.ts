import type { ShipmentAnswer, ShipmentCreateRequest } from '@vitrin/shared/api/admin/shipments';
import { ORDER_STATE, ORDER_STATES, type OrderState } from '@vitrin/shared/order-states';
import { and, asc, eq } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Db } from '../db/client.ts';
import { orderHistory, type ShipmentRequestRecord, shipments } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import { enqueueMail } from '../mail/queue.ts';
import type { OrderRow } from '../orders/queries.ts';
import type { OrderService } from '../orders/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { CarrierEnv, CarrierTuning } from './providers.ts';
import {
  createPurchases,
  parcelsOf,
  type ShipmentRow,
  shipmentView,
  shippingError,
  shopAddress,
  shopperAddress,
  staffIdOf,
} from './purchase.ts';
import { returnShipmentEmail } from './return-mail.ts';

/**
 * Returns and cancelled labels (issue 41).
 *
 * - **Cancel**: a label bought by mistake is cancelled at the carrier (safe to repeat: the carrier takes a
 *   second cancel of the same shipment as done, and a row already cancelled is answered as it is) and the row
 *   kept as `cancelled`. The order's state is left as it is: the state table has no way back from
 *   "Kargoya Verildi" to "Hazırlanıyor", and the shopper has already been told the parcel is on its way. A
 *   line in the order's history records the cancel, and the cancelled number is no longer shown to the shopper.
 *   A new label for the same order (`shipping.ship`) is then bought in "Kargoya Verildi": the order takes its
 *   carrier and number and the shopper gets the tracking e-mail again. A parcel the carrier has already taken (Kargoda, Teslim Edildi,
 *   Teslim Edilemedi) cannot be cancelled.
 * - **Returns**: for a delivered order ("Teslim Edildi", the only state the table leaves a parcel with the
 *   shopper) the shop buys a return shipment, the shopper as sender and the shop as recipient, keyed
 *   `<order no>-R<n>` so a retry after a timeout finds the first; the shopper's e-mail with the return code,
 *   the label and tracking links is queued in the transaction that records the bought return.
 */

export type ReturnErrorCode = 'IADE_KARGOSU_YAPILAMAZ' | 'IADE_OLUSTURULUYOR' | 'GONDERI_IPTAL_EDILEMEZ';

const STATUS: Record<ReturnErrorCode, number> = {
  IADE_KARGOSU_YAPILAMAZ: 409,
  IADE_OLUSTURULUYOR: 409,
  GONDERI_IPTAL_EDILEMEZ: 409,
};

export const returnError = (code: ReturnErrorCode, message: string) =>
  new DomainError(STATUS[code], code, message);

/** States in which the carrier has the parcel (or delivered it): its label can no longer be cancelled. */
const TAKEN_STATES: readonly OrderState[] = [
  ORDER_STATE.InTransit,
  ORDER_STATE.Delivered,
  ORDER_STATE.NotDelivered,
];

export interface ShipmentReturnsOptions {
  settings: Pick<SettingsService, 'get'>;
  orders: Pick<OrderService, 'ready' | 'links' | 'sendQueuedMail'>;
  env: CarrierEnv;
  shopUrl: string;
  tuning?: CarrierTuning;
  now?: () => Date;
}

/** A cancelled label's answer: the shipment, and the order's state, left as it was (and why). */
export interface CancelledShipment extends ShipmentAnswer {
  order: { status: number; label: string };
  message: string;
}

/** An outbound shipment as the shopper's order page shows it. */
export interface ShopperShipment {
  carrier: string;
  trackingNo: string;
  trackingUrl: string | null;
}

export function createShipmentReturns(db: Db, options: ShipmentReturnsOptions) {
  const now = options.now ?? (() => new Date());
  const shopUrl = options.shopUrl.replace(/\/+$/, '');
  const purchases = createPurchases(db, {
    env: options.env,
    shopUrl: options.shopUrl,
    now,
    ...(options.tuning ? { tuning: options.tuning } : {}),
  });
  const { carrierOf, existing, shipmentOf } = purchases;
  const view = shipmentView;

  return {
    /**
     * Cancels a bought label at its carrier and keeps the row as `cancelled`; the order's state is left (see
     * above). A cancelled one again is answered as it is; the carrier down leaves the row as it was (503).
     */
    async cancel(actor: AuditActor, orderNo: string, shipmentId: number): Promise<CancelledShipment> {
      const order = await existing(orderNo);
      const row = await shipmentOf(order, shipmentId);
      const state = order.status as OrderState;
      const answer = (r: ShipmentRow, o: OrderRow): CancelledShipment => ({
        ...view(r, o.orderNo),
        order: { status: o.status, label: ORDER_STATES[o.status as OrderState].label },
        message:
          r.kind === 'outbound' && o.status === ORDER_STATE.Shipped
            ? 'Etiket iptal edildi. Sipariş "Kargoya Verildi" durumunda kaldı (sipariş durumları geri alınamaz); yeni etiketi aynı siparişten alabilirsiniz, müşteriye yeni takip numarası e-postayla gider.'
            : 'Etiket iptal edildi; sipariş durumu değişmedi.',
      });
      if (row.status === 'cancelled') return answer(row, order);
      if (row.status !== 'created' || !row.carrierShipmentId)
        throw shippingError('ETIKET_YOK', 'Bu gönderinin etiketi alınmadı; iptal edilecek bir etiket yok.');
      if (row.kind === 'outbound' && TAKEN_STATES.includes(state))
        throw returnError(
          'GONDERI_IPTAL_EDILEMEZ',
          `Kargo paketi teslim aldı (sipariş "${ORDER_STATES[state].label}"); bu etiket artık iptal edilemez.`,
        );
      // The carrier first: down or refusing, it throws and the row stays as it was.
      await carrierOf(row.carrier).cancel(row.carrierShipmentId);
      const updated = await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(shipments)
          .set({ status: 'cancelled', claimedUntil: null, updatedAt: now() })
          .where(and(eq(shipments.id, row.id), eq(shipments.status, 'created')))
          .returning();
        // A request beside this one recorded it first: its history line stands alone.
        if (!changed) return (await tx.select().from(shipments).where(eq(shipments.id, row.id)))[0]!;
        const what = row.kind === 'return' ? 'İade kargo etiketi' : 'Kargo etiketi';
        await tx.insert(orderHistory).values({
          orderId: order.id,
          fromStatus: order.status,
          toStatus: order.status,
          actor: 'operator',
          staffId: staffIdOf(actor) ?? null,
          note: `${what} iptal edildi (${row.company ?? row.carrier}, ${row.trackingNo ?? ''}).`,
        });
        await recordAudit(tx, {
          actor,
          action: 'order.shipment.cancel',
          entity: 'order',
          entityId: order.orderNo,
          before: { shipment: row.id, status: 'created' },
          after: { shipment: row.id, status: 'cancelled' },
        });
        return changed;
      });
      return answer(updated, await existing(order.orderNo));
    },

    /**
     * Buys a return shipment for a delivered order (the shopper sends, the shop receives) and queues the
     * shopper's e-mail with the return code. A repeat answers the return bought first (`created: false`).
     */
    async createReturn(
      actor: AuditActor,
      orderNo: string,
      input: ShipmentCreateRequest,
    ): Promise<ShipmentAnswer & { created: boolean }> {
      const order = await existing(orderNo);
      const [done] = await db
        .select()
        .from(shipments)
        .where(
          and(eq(shipments.orderId, order.id), eq(shipments.kind, 'return'), eq(shipments.status, 'created')),
        )
        .limit(1);
      if (done) return { ...view(done, order.orderNo), created: false };
      if (order.status !== ORDER_STATE.Delivered)
        throw returnError(
          'IADE_KARGOSU_YAPILAMAZ',
          `İade kargosu yalnızca teslim edilmiş siparişler için oluşturulabilir; bu sipariş "${ORDER_STATES[order.status as OrderState].label}" durumunda.`,
        );
      const [outbound] = await db
        .select()
        .from(shipments)
        .where(
          and(
            eq(shipments.orderId, order.id),
            eq(shipments.kind, 'outbound'),
            eq(shipments.status, 'created'),
          ),
        )
        .orderBy(asc(shipments.id))
        .limit(1);
      const provider = outbound?.carrier ?? (await options.settings.get('shipping_provider'));
      if (provider === 'manual')
        throw shippingError(
          'KARGO_ENTEGRASYONU_YOK',
          'Kargo entegrasyonu seçili değil (shipping_provider: manual): iade kargosu için ayarlardan Geliver veya Yurtiçi Kargo seçin.',
        );
      if (provider === 'geliver' && !outbound?.carrierShipmentId)
        throw returnError(
          'IADE_KARGOSU_YAPILAMAZ',
          'Geliver iadeyi giden gönderinin üzerinden açar; bu sipariş Geliver ile gönderilmedi.',
        );
      carrierOf(provider);
      const request: ShipmentRequestRecord = {
        sender: shopperAddress(order, 'iade kargosu'),
        recipient: await shopAddress(options.settings),
        parcels: parcelsOf(input.parcels),
        valueMinor: order.totalMinor,
        isReturn: true,
        ...(outbound?.carrierShipmentId ? { returnOf: outbound.carrierShipmentId } : {}),
      };
      const claimed = await purchases.claim(order, 'return', provider, request);
      if (claimed.state === 'bought') return { ...view(claimed.row, order.orderNo), created: false };
      if (claimed.state === 'busy')
        throw returnError(
          'IADE_OLUSTURULUYOR',
          'Bu siparişin iade kargosu şu an oluşturuluyor; biraz sonra yeniden deneyin (ikinci iade açılmaz).',
        );
      // What the e-mail needs, read before the transaction (one connection on the embedded database).
      await options.orders.ready();
      const shopName = await options.settings.get('brand_name');
      const forCustomer = order.customerId !== null;
      const orderUrl = forCustomer
        ? `${shopUrl}/panel/orders/${encodeURIComponent(order.orderNo)}`
        : `${shopUrl}${options.orders.links.success(order.orderNo)}`;
      const updated = await purchases.buy(claimed.row, order.orderNo, async (tx, saved, bought) => {
        await enqueueMail(tx, {
          kind: 'order-return',
          to: order.email,
          ...returnShipmentEmail({
            shopName,
            firstName: order.billingAddress.firstName,
            orderNo: order.orderNo,
            carrier: bought.carrier,
            returnCode: bought.trackingNumber,
            trackingUrl: bought.trackingUrl,
            labelUrl: bought.labelUrl,
            orderUrl,
            forCustomer,
          }),
        });
        await tx.insert(orderHistory).values({
          orderId: order.id,
          fromStatus: order.status,
          toStatus: order.status,
          actor: 'operator',
          staffId: staffIdOf(actor) ?? null,
          note: `İade kargosu oluşturuldu (${bought.carrier}, iade kodu ${bought.trackingNumber}).`,
        });
        await recordAudit(tx, {
          actor,
          action: 'order.shipment.return',
          entity: 'order',
          entityId: order.orderNo,
          before: null,
          after: { shipment: saved.id, trackingNo: bought.trackingNumber },
        });
      });
      options.orders.sendQueuedMail();
      return { ...view(updated, order.orderNo), created: true };
    },

    /** The order's outbound shipments whose labels stand, for the shopper's order page (theirs only). */
    async forShopper(orderId: number): Promise<ShopperShipment[]> {
      const rows = await db
        .select()
        .from(shipments)
        .where(
          and(
            eq(shipments.orderId, orderId),
            eq(shipments.kind, 'outbound'),
            eq(shipments.status, 'created'),
          ),
        )
        .orderBy(asc(shipments.id));
      return rows.map((r) => ({
        carrier: r.company ?? '',
        trackingNo: r.trackingNo ?? '',
        trackingUrl: r.trackingUrl || null,
      }));
    },
  };
}

export type ShipmentReturns = ReturnType<typeof createShipmentReturns>;
