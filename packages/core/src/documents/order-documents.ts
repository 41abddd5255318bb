import type { PackingSlip } from '@vitrin/shared/api/admin/documents';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type OrderAddress, orderItems } from '../db/schema.ts';
import { orderNotFound } from '../orders/errors.ts';
import { findOrder, type OrderRow } from '../orders/queries.ts';
import type { SettingsService } from '../settings/service.ts';
import type { InvoiceSeller } from './invoice-pdf.ts';
import { addressLines, lineOptions, type OrderLine } from './order-parts.ts';

const personName = (a: OrderAddress) => `${a.firstName} ${a.lastName}`.trim();

/** An order's printable papers: the packing slip (no prices) and the invoice PDF. */
export function createOrderDocuments(db: Db, settings: SettingsService) {
  async function load(orderNo: string): Promise<{ order: OrderRow; lines: OrderLine[] }> {
    const order = await findOrder(db, orderNo);
    if (!order) throw orderNotFound();
    const lines = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    return { order, lines };
  }

  /** The seller as the shop settings name it. */
  async function seller(): Promise<InvoiceSeller> {
    const values = await settings.all();
    return {
      unvan: values.unvan,
      taxId: values.tax_id,
      taxOffice: values.tax_office,
      mersis: values.mersis_no,
      address: values.contact_address,
      phone: values.contact_phone,
      email: values.contact_email,
    };
  }

  return {
    async packingSlip(orderNo: string): Promise<PackingSlip> {
      const { order, lines } = await load(orderNo);
      const values = await settings.all();
      const shipTo = order.shippingAddress ?? order.billingAddress;
      return {
        orderNo: order.orderNo,
        at: order.createdAt.toISOString(),
        shop: { name: values.unvan, address: values.contact_address, phone: values.contact_phone },
        shipTo: { name: personName(shipTo), phone: shipTo.phone, lines: addressLines(shipTo) },
        billTo: {
          name: order.billingAddress.companyName ?? personName(order.billingAddress),
          phone: order.billingAddress.phone,
          lines: addressLines(order.billingAddress),
        },
        note: order.note,
        lines: lines.map((l) => ({
          name: l.name,
          sku: l.sku,
          options: lineOptions(l),
          quantity: l.quantity,
        })),
      };
    },

    /** The invoice-ready PDF of an order (the file's bytes). */
    async invoicePdf(orderNo: string): Promise<Buffer> {
      const { order, lines } = await load(orderNo);
      // pdfkit and its font engine are 14 MB resident once loaded: loaded at the first invoice.
      const { invoicePdf } = await import('./invoice-pdf.ts');
      return invoicePdf({ seller: await seller(), order, lines });
    },
  };
}
export type OrderDocuments = ReturnType<typeof createOrderDocuments>;
