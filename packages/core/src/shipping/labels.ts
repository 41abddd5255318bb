import type { ShipmentListAnswer, ShipmentListItem } from '@vitrin/shared/api/admin/shipment-labels';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { Db } from '../db/client.ts';
import { orders, shipments } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import { orderNotFound } from '../orders/errors.ts';
import { findOrder } from '../orders/queries.ts';
import type { SettingsService } from '../settings/service.ts';
import type { ShippingService } from './service.ts';

/** How many carrier label downloads run at once for a merged PDF (kind to the carrier, quick for 50 orders). */
const LABELS_AT_ONCE = 4;

type ShipmentRow = typeof shipments.$inferSelect;

const labelPath = (orderNo: string, id: number) =>
  `/api/admin/orders/${encodeURIComponent(orderNo)}/shipments/${id}/label`;

function item(row: ShipmentRow, orderNo: string): ShipmentListItem {
  const bought = row.status === 'created' && !!row.carrierShipmentId;
  return {
    id: row.id,
    kind: row.kind,
    provider: row.carrier,
    carrier: row.company ?? '',
    trackingNo: row.trackingNo ?? '',
    trackingUrl: row.trackingUrl ?? '',
    labelUrl: bought ? labelPath(orderNo, row.id) : '',
    status: row.status,
    lastError: row.lastError ?? '',
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The panel's view of an order's carrier shipments (issue 41), and the labels of several orders printed at
 * once: each order's latest bought outbound label, fetched from the carrier that sold it and merged into one
 * PDF in the order the panel gave. Every order is checked before any carrier is asked.
 */
export function createShipmentLabels(
  db: Db,
  shipping: Pick<ShippingService, 'label'>,
  settings: Pick<SettingsService, 'get'>,
) {
  return {
    /** An order's shipments, newest first, and the carrier a new label would come from. */
    async list(orderNo: string): Promise<ShipmentListAnswer> {
      const order = await findOrder(db, orderNo);
      if (!order) throw orderNotFound();
      const rows = await db
        .select()
        .from(shipments)
        .where(eq(shipments.orderId, order.id))
        .orderBy(desc(shipments.id));
      return {
        shippingProvider: await settings.get('shipping_provider'),
        shipments: rows.map((row) => item(row, order.orderNo)),
      };
    },

    /** One PDF of the orders' latest labels; an unknown order or one without a label refuses the whole print. */
    async merged(orderNos: readonly string[]): Promise<Buffer> {
      const found = await db
        .select({ id: orders.id, orderNo: orders.orderNo })
        .from(orders)
        .where(inArray(orders.orderNo, [...orderNos]));
      const byNo = new Map(found.map((o) => [o.orderNo, o]));
      const unknown = orderNos.filter((no) => !byNo.has(no));
      if (unknown.length > 0)
        throw new DomainError(404, 'SIPARIS_BULUNAMADI', `Sipariş bulunamadı: ${unknown.join(', ')}.`);
      const rows = await db
        .select()
        .from(shipments)
        .where(
          and(
            inArray(
              shipments.orderId,
              found.map((o) => o.id),
            ),
            eq(shipments.kind, 'outbound'),
            eq(shipments.status, 'created'),
          ),
        )
        .orderBy(desc(shipments.id));
      const latest = new Map<number, ShipmentRow>();
      for (const row of rows)
        if (row.carrierShipmentId && !latest.has(row.orderId)) latest.set(row.orderId, row);
      const without = orderNos.filter((no) => !latest.has(byNo.get(no)!.id));
      if (without.length > 0)
        throw new DomainError(
          409,
          'ETIKET_YOK',
          `Kargo etiketi alınmamış sipariş var: ${without.join(', ')}. Önce bu siparişlerin etiketini alın ya da seçimden çıkarın.`,
        );

      const pdfs: Buffer[] = new Array(orderNos.length);
      for (let start = 0; start < orderNos.length; start += LABELS_AT_ONCE) {
        const part = orderNos.slice(start, start + LABELS_AT_ONCE);
        const read = await Promise.all(
          part.map((no) => shipping.label(no, latest.get(byNo.get(no)!.id)!.id)),
        );
        read.forEach((pdf, i) => {
          pdfs[start + i] = pdf;
        });
      }

      const out = await PDFDocument.create();
      out.setTitle('Kargo etiketleri');
      for (const [i, pdf] of pdfs.entries()) {
        let source: PDFDocument;
        try {
          source = await PDFDocument.load(pdf);
        } catch {
          throw new DomainError(
            502,
            'ETIKET_OKUNAMADI',
            `${orderNos[i]} siparişinin etiketi kargo firmasından bozuk geldi; bu siparişin etiketini tek başına açmayı deneyin.`,
          );
        }
        const pages = await out.copyPages(source, source.getPageIndices());
        for (const page of pages) out.addPage(page);
      }
      return Buffer.from(await out.save());
    },
  };
}

export type ShipmentLabels = ReturnType<typeof createShipmentLabels>;
