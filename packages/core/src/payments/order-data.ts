import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type OrderAddress, orderItems } from '../db/schema.ts';
import type { OrderRow } from '../orders/queries.ts';
import type { PaymentAddress, PaymentOrder } from './provider.ts';

const addressOf = (a: OrderAddress): PaymentAddress => ({
  contactName: `${a.firstName} ${a.lastName}`.trim(),
  city: a.province,
  district: a.district,
  address: a.line,
  zip: a.postcode,
  country: 'Turkey',
});

/**
 * What a provider is told of an order: the buyer, both addresses and the lines. Shipping, the cash and
 * instalment fees are one more line, so the lines add up to the amount before the discount; the amount to
 * charge is the order total.
 */
export async function paymentOrder(db: Db, order: OrderRow): Promise<PaymentOrder> {
  const items = await db
    .select({ id: orderItems.id, name: orderItems.name, total: orderItems.lineTotalMinor })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const lines = items.map((i) => ({
    id: String(i.id),
    name: i.name,
    category: 'Genel',
    totalMinor: Number(i.total),
  }));
  const fees = Number(order.shippingMinor) + Number(order.codFeeMinor) + Number(order.instalmentFeeMinor);
  if (fees > 0)
    lines.push({ id: 'shipping', name: 'Kargo ve ek ücretler', category: 'Kargo', totalMinor: fees });
  const billing = order.billingAddress;
  return {
    id: order.id,
    no: order.orderNo,
    amountMinor: Number(order.totalMinor),
    instalments: order.instalments,
    buyer: {
      id: order.customerId ? String(order.customerId) : `guest-${order.orderNo}`,
      name: billing.firstName,
      surname: billing.lastName,
      email: order.email,
      phone: order.phone,
      identityNumber: billing.tcKimlikNo,
      city: billing.province,
      district: billing.district,
      address: billing.line,
      zip: billing.postcode,
      country: 'Turkey',
    },
    shipping: addressOf(order.shippingAddress ?? billing),
    billing: addressOf(billing),
    lines,
  };
}

/**
 * Each line's share of the amount charged: the lines (order lines, then fees) add up to more than the total
 * when a coupon took a discount, which is spread over them in proportion, the last taking the rounding (as
 * iyzico's basket is built).
 */
export function lineShares(lines: ReadonlyArray<{ totalMinor: number }>, amountMinor: number): number[] {
  const sum = lines.reduce((s, l) => s + l.totalMinor, 0);
  let left = amountMinor;
  return lines.map((line, i) => {
    const share =
      i === lines.length - 1 ? left : Math.floor((line.totalMinor * amountMinor) / Math.max(sum, 1));
    left -= share;
    return share;
  });
}
