import { PAYMENT_METHODS } from '@vitrin/shared/order-states';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import { paymentStatusLabel } from './queries.ts';

/** One order as the shop's list shows it (the CLI now, the admin panel later). */
export interface OperatorOrderRow {
  orderNo: string;
  status: number;
  createdAt: Date;
  totalMinor: number;
  paymentMethodLabel: string;
  paymentStatusLabel: string;
  buyer: string;
  email: string;
}

/** The newest orders first, of one state when given. No access checks: for the operator only. */
export async function listOperatorOrders(
  db: Db,
  filter: { status?: number | undefined; limit?: number } = {},
): Promise<OperatorOrderRow[]> {
  const rows = await db
    .select({
      orderNo: orders.orderNo,
      status: orders.status,
      createdAt: orders.createdAt,
      totalMinor: orders.totalMinor,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      billingAddress: orders.billingAddress,
      email: orders.email,
    })
    .from(orders)
    .where(filter.status === undefined ? undefined : eq(orders.status, filter.status))
    .orderBy(desc(orders.id))
    .limit(filter.limit ?? 50);
  return rows.map((o) => ({
    orderNo: o.orderNo,
    status: o.status,
    createdAt: o.createdAt,
    totalMinor: o.totalMinor,
    paymentMethodLabel: PAYMENT_METHODS[o.paymentMethod],
    paymentStatusLabel: paymentStatusLabel(o.paymentMethod, o.paymentStatus),
    buyer: `${o.billingAddress.firstName} ${o.billingAddress.lastName}`,
    email: o.email,
  }));
}
