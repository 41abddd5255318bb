import { ORDER_STATE } from '@vitrin/shared/order-states';
import { ayse } from '@vitrin/testing/accounts';
import { guest, type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, mailQueue, orderHistory, orders } from '../db/schema.ts';
import { requestReviews } from './review-request.ts';

const SHOP_URL = 'https://magaza.example.com';
const DAY = 24 * 60 * 60_000;
const DELIVERED_AT = new Date('2026-11-10T09:00:00Z').getTime();

let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
});
afterAll(() => t.dispose());

let n = 0;
/** A customer's order of a kupa and an e-kitap, delivered at DELIVERED_AT (its history says so). */
async function deliveredOrder(consent = true) {
  n++;
  const { customer: me } = await t.services.customers.register({
    ...ayse,
    email: `yorum${n}@example.com`,
    marketingConsent: consent,
  });
  const owner = { customerId: me.id };
  const shopper = { ...guest, customerId: me.id };
  await t.services.cart.add(owner, { productId: t.shop.kupa, quantity: 1 }, shopper);
  await t.services.cart.add(owner, { productId: t.shop.ekitap, quantity: 1 }, shopper);
  const placed = await t.checkOut(me);
  await t.db.update(orders).set({ status: ORDER_STATE.Delivered }).where(eq(orders.id, placed.orderId));
  await t.db.insert(orderHistory).values({
    orderId: placed.orderId,
    fromStatus: ORDER_STATE.InTransit,
    toStatus: ORDER_STATE.Delivered,
    actor: 'carrier',
    createdAt: new Date(DELIVERED_AT),
  });
  return { me, orderId: placed.orderId, orderNo: placed.order.orderNo };
}

const roundAt = (days: number, setting = 3) =>
  requestReviews(
    {
      db: t.db,
      shopUrl: SHOP_URL,
      shopName: async () => 'Vitrin Atölye',
      now: () => new Date(DELIVERED_AT + days * DAY),
    },
    setting,
  );
const requestsTo = (email: string) =>
  t.db
    .select()
    .from(mailQueue)
    .where(and(eq(mailQueue.toAddress, email), eq(mailQueue.kind, 'review-request')));
const markOf = async (orderId: number) =>
  (await t.db.select({ at: orders.reviewRequestedAt }).from(orders).where(eq(orders.id, orderId)))[0]!.at;

describe('the review request e-mail', () => {
  it('goes once, review_request_days after delivery, listing each product with its review link and the unsubscribe footer', async () => {
    const { me, orderId, orderNo } = await deliveredOrder();
    expect(await roundAt(2.9)).toBe(0);
    expect(await markOf(orderId)).toBeNull();

    expect(await roundAt(3)).toBe(1);
    expect(await roundAt(3.1)).toBe(0);
    expect(await Promise.all([roundAt(4), roundAt(4)])).toEqual([0, 0]);
    const mails = await requestsTo(me.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`${orderNo} numaralı siparişinizi değerlendirir misiniz?`);
    expect(mail!.html).toContain(`${SHOP_URL}/product/kupa/review`);
    expect(mail!.html).toContain(`${SHOP_URL}/product/e-kitap/review`);
    expect(mail!.bodyText).toContain(`E-Kitap: ${SHOP_URL}/product/e-kitap/review`);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, me.id));
    expect(mail!.html).toContain(`${SHOP_URL}/unsubscribe/${row!.unsubscribeToken}`);
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await markOf(orderId)).toEqual(new Date(DELIVERED_AT + 3 * DAY));
  });

  it('marks the order of a customer without consent without mailing, and never mails it later', async () => {
    const { me, orderId } = await deliveredOrder(false);
    expect(await roundAt(3)).toBe(0);
    expect(await markOf(orderId)).not.toBeNull();
    await t.services.customers.setMarketingConsent(me.id, { marketingConsent: true });
    expect(await roundAt(5)).toBe(0);
    expect(await requestsTo(me.email)).toEqual([]);
  });

  it('sends none when the setting is 0, nor for a delivery over 30 days ago', async () => {
    const { me, orderId } = await deliveredOrder();
    expect(await roundAt(5, 0)).toBe(0);
    expect(await roundAt(31)).toBe(0);
    expect(await markOf(orderId)).toBeNull();
    expect(await requestsTo(me.email)).toEqual([]);
  });
});
