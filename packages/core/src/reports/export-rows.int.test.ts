import { ORDER_STATE } from '@vitrin/shared/order-states';
import { type OrderWorld, openOrderWorld } from '@vitrin/testing/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema.ts';

/** Which orders an export of a range of days holds, and what each row says. */
let w: OrderWorld;
const placed: Record<string, string> = {};
beforeAll(async () => {
  w = await openOrderWorld();
  const at = async (name: string, when: string, input: Parameters<OrderWorld['placeOrder']>[0] = {}) => {
    const { id, orderNo } = await w.placeOrder(input);
    await w.db
      .update(orders)
      .set({ createdAt: new Date(when) })
      .where(eq(orders.id, id));
    placed[name] = orderNo;
  };
  await at('before', '2025-06-09T20:59:00Z'); // 9 June 23:59 in Turkey
  await at('first', '2025-06-09T21:05:00Z'); // 10 June 00:05 in Turkey
  await at('coupon', '2025-06-11T20:59:00Z', { withCoupon: true, paymentMethod: 'cod' }); // 11 June 23:59
  await at('after', '2025-06-11T21:00:00Z'); // 12 June 00:00 in Turkey
});
afterAll(() => w.dispose());

const csvOf = async (from: string, to: string) =>
  (await w.services.reports.ordersCsv({ from, to })).slice(1).trimEnd().split('\r\n').slice(1);

describe('the orders export', () => {
  it('holds the orders of the range’s Turkey-time days, oldest first, ends included', async () => {
    const lines = await csvOf('2025-06-10', '2025-06-11');
    expect(lines.map((l) => l.split(';')[0])).toEqual([placed.first, placed.coupon]);
  });

  it('holds one day’s orders for a range of one day', async () => {
    expect((await csvOf('2025-06-12', '2025-06-12')).map((l) => l.split(';')[0])).toEqual([placed.after]);
    expect(await csvOf('2025-06-13', '2025-06-13')).toEqual([]);
  });

  it('writes state, payment labels, discount, fees, VAT and coupon as the order has them', async () => {
    await w.db
      .update(orders)
      .set({ codFeeMinor: 1_500, shippingMinor: 4_990, status: ORDER_STATE.Shipped })
      .where(eq(orders.orderNo, placed.coupon!));
    const [, coupon] = await csvOf('2025-06-10', '2025-06-11');
    const cells = coupon!.split(';');
    expect(cells.slice(2, 5)).toEqual(['Kargoya Verildi', 'Kapıda Ödeme', 'Teslimatta ödenecek']);
    expect(cells.slice(8)).toEqual(['200,00', '20,00', '49,90', '15,00', '30,00', '180,00', 'INDIRIM10']);
  });
});
