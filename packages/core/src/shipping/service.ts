import type { ShipmentAnswer, ShipmentCreateRequest } from '@vitrin/shared/api/admin/shipments';
import { ORDER_STATE, type OrderState } from '@vitrin/shared/order-states';
import { and, eq } from 'drizzle-orm';
import type { AuditActor } from '../audit/record.ts';
import type { Db } from '../db/client.ts';
import { type ShipmentRequestRecord, shipments } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import type { OrderService } from '../orders/service.ts';
import { transitionRefusal } from '../orders/status.ts';
import type { SettingsService } from '../settings/service.ts';
import type { CarrierEnv, CarrierTuning } from './providers.ts';
import {
  createLabelSettlement,
  createPurchases,
  parcelsOf,
  type ShipmentRow,
  shipmentView,
  shippingError,
  shopAddress,
  shopperAddress,
} from './purchase.ts';

/**
 * Labels bought from the carrier `shipping_provider` names, for an order in the panel (issue 41). Durable:
 * the shipment's row and its request key (`<order no>-<n>`) are written before the carrier is called, so a
 * retry after a timeout or an outage asks with the same key and the carrier answers the first shipment;
 * a bought label moves the order to "Kargoya Verildi" through the order service (history, audit, the
 * shopper's tracking e-mail).
 */

export type { ShippingErrorCode } from './purchase.ts';
export { backoffMs, CLAIM_MS, DEFAULT_PARCEL, shippingError } from './purchase.ts';

/** How long a second request waits for the first one's label before it answers ETIKET_ALINIYOR. */
const WAIT_MS = 60_000;
const POLL_MS = 100;

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

export function createShippingService(db: Db, options: ShippingServiceOptions) {
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const purchases = createPurchases(db, {
    env: options.env,
    shopUrl: options.shopUrl,
    now,
    ...(options.tuning ? { tuning: options.tuning } : {}),
  });
  const { carrierOf, existing } = purchases;
  const settlement = createLabelSettlement(db, options.orders, now);

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
      const by = { actor };
      if (done) {
        if (order.status === ORDER_STATE.Shipped) await settlement.replaced(order, done, by);
        else await settlement.shipped(order, done, by);
        return { ...shipmentView(done, order.orderNo), created: false };
      }
      if (provider === 'manual')
        throw shippingError(
          'KARGO_ENTEGRASYONU_YOK',
          'Kargo entegrasyonu seçili değil (shipping_provider: manual): kargo firmasını ve takip numarasını elle girin ya da ayarlardan Geliver veya Yurtiçi Kargo seçin.',
        );
      carrierOf(provider);
      // A label cancelled by mistake: the order stayed in "Kargoya Verildi" and takes the new one's number.
      const replacement = await settlement.replacing(order);
      const refusal = replacement
        ? null
        : transitionRefusal(order.status as OrderState, ORDER_STATE.Shipped, order, {
            actor: 'operator',
            cargoCompany: 'kargo',
            trackingNo: 'KARGO',
          });
      if (refusal) throw refusal;
      const settle = (r: ShipmentRow) =>
        replacement ? settlement.replaced(order, r, by) : settlement.shipped(order, r, by);
      const request: ShipmentRequestRecord = {
        sender: await shopAddress(options.settings),
        recipient: shopperAddress(order, 'kargo gönderisi'),
        parcels: parcelsOf(input.parcels),
        valueMinor: order.totalMinor,
        // Kapıda ödeme: the carrier collects the order's total (its fee included) when it hands the parcel over.
        ...(order.paymentMethod === 'cod' ? { cashOnDeliveryMinor: order.totalMinor } : {}),
      };
      const claimed = await purchases.claim(order, 'outbound', provider, request);
      let row = claimed.row;
      if (claimed.state === 'busy') {
        // Another request (a double click, a second tab, the status round) is asking the carrier: its answer is this one's.
        row = await settled(row);
        if (row.status !== 'created') {
          if (row.status === 'pending' && row.lastError)
            throw new DomainError(503, 'KARGO_ULASILAMIYOR', row.lastError, undefined, {
              ...(row.nextAttemptAt ? { retryAt: row.nextAttemptAt } : {}),
            });
          throw new DomainError(422, 'KARGO_REDDETTI', row.lastError ?? 'Kargo gönderisi oluşturulamadı.');
        }
        await settle(row);
        return { ...shipmentView(row, order.orderNo), created: false };
      }
      if (claimed.state === 'claimed') row = await purchases.buy(row, order.orderNo);
      await settle(row);
      return { ...shipmentView(row, order.orderNo), created: true };
    },

    /** A bought label's PDF, from the carrier that sold it. */
    async label(orderNo: string, shipmentId: number): Promise<Buffer> {
      const row = await purchases.shipmentOf(await existing(orderNo), shipmentId);
      if (row.status !== 'created' || !row.carrierShipmentId)
        throw shippingError('ETIKET_YOK', 'Bu gönderinin etiketi henüz alınmadı.');
      return carrierOf(row.carrier).label(row.carrierShipmentId);
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;
