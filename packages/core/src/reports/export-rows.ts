import type { ExportRange } from '@vitrin/shared/api/admin/dashboard';
import { PAYMENT_METHODS, type PaymentMethodCode } from '@vitrin/shared/order-states';
import { and, asc, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import { paymentStatusLabel, stateView } from '../orders/queries.ts';
import { dayEnd, dayStart } from './days.ts';

/** One order as a row of the export; amounts in TRY kuruş. */
export interface ExportRow {
  orderNo: string;
  at: Date;
  state: string;
  paymentMethod: string;
  paymentStatus: string;
  customer: string;
  email: string;
  province: string;
  subtotalMinor: number;
  discountMinor: number;
  shippingMinor: number;
  feesMinor: number;
  vatMinor: number;
  totalMinor: number;
  coupon: string;
}

/** The columns, in order, with their Turkish headings; `money` ones are amounts. */
export const EXPORT_COLUMNS: ReadonlyArray<{ key: keyof ExportRow; title: string; money?: true }> = [
  { key: 'orderNo', title: 'Sipariş No' },
  { key: 'at', title: 'Tarih' },
  { key: 'state', title: 'Durum' },
  { key: 'paymentMethod', title: 'Ödeme Yöntemi' },
  { key: 'paymentStatus', title: 'Ödeme Durumu' },
  { key: 'customer', title: 'Müşteri' },
  { key: 'email', title: 'E-posta' },
  { key: 'province', title: 'İl' },
  { key: 'subtotalMinor', title: 'Ara Toplam (TL)', money: true },
  { key: 'discountMinor', title: 'İndirim (TL)', money: true },
  { key: 'shippingMinor', title: 'Kargo (TL)', money: true },
  { key: 'feesMinor', title: 'Hizmet Bedelleri (TL)', money: true },
  { key: 'vatMinor', title: 'KDV (TL)', money: true },
  { key: 'totalMinor', title: 'Toplam (TL)', money: true },
  { key: 'coupon', title: 'Kupon' },
];

/** The orders placed in the range's shop days (Turkey time), oldest first. */
export async function exportRows(db: Db, range: ExportRange): Promise<ExportRow[]> {
  const found = await db
    .select()
    .from(orders)
    .where(and(gte(orders.createdAt, dayStart(range.from)), lt(orders.createdAt, dayEnd(range.to))))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return found.map((o) => ({
    orderNo: o.orderNo,
    at: o.createdAt,
    state: stateView(o.status).label,
    paymentMethod: PAYMENT_METHODS[o.paymentMethod as PaymentMethodCode] ?? o.paymentMethod,
    paymentStatus: paymentStatusLabel(o.paymentMethod, o.paymentStatus),
    customer: `${o.billingAddress.firstName} ${o.billingAddress.lastName}`.trim(),
    email: o.email,
    province: o.billingAddress.province,
    subtotalMinor: o.subtotalMinor,
    discountMinor: o.discountMinor,
    shippingMinor: o.shippingMinor,
    feesMinor: o.codFeeMinor + o.instalmentFeeMinor,
    vatMinor: o.vatLines.reduce((n, l) => n + l.vatMinor, 0),
    totalMinor: o.totalMinor,
    coupon: o.couponCode ?? '',
  }));
}
