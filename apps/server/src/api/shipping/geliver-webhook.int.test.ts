import { orderHistory, orders, shipments } from '@vitrin/core/db/schema';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { openCarrierShop } from '@vitrin/testing/carrier-shop';
import { openOrderWorld } from '@vitrin/testing/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newIp, registeredBrowser, browser as visitor } from '../../../test/accounts.ts';
import { createTestServices, testConfig } from '../../../test/server.ts';
import { loggedInStaff } from '../../../test/staff.ts';
import { buildApp } from '../../http/app.ts';

/**
 * Geliver's webhook (issue 41) against the Geliver stand-in: a hint only, so the shipment is read back from
 * Geliver and the order moves only when Geliver reports what the webhook claims; a shipment the shop does not
 * have changes nothing; a bad body is a Turkish 400; the panel's carrier health is for staff only.
 */
const carriers = await openCarrierShop();
const { geliver } = carriers;
const services = await createTestServices({
  demo: false,
  options: {
    shopUrl: 'http://magaza.test',
    shipping: carriers.shipping,
  },
});
const app = await buildApp({ services, config: testConfig() });
const w = await openOrderWorld({ database: services.database });
await services.orders.ready();
const { db } = services.database;
const URL = '/api/shipping/geliver/webhook';

afterAll(async () => {
  await w.dispose();
  await app.close();
  await services.dispose();
  await carriers.close();
});
beforeAll(async () => {
  await carriers.setUp(services.settings);
  await carriers.use(services.settings, 'geliver');
});
beforeEach(() => {
  carriers.keys('geliver');
});

/** An order whose Geliver label was bought: in "Kargoya Verildi", its Geliver shipment at `status`. */
async function shippedOrder(status: string) {
  const placed = await w.placeOrder();
  await services.orders.changeStatus(placed.id, ORDER_STATE.Preparing, { actor: 'operator' });
  await services.shipping.ship({ kind: 'cli' }, placed.orderNo, {});
  const [row] = await db.select().from(shipments).where(eq(shipments.orderId, placed.id));
  const id = row!.carrierShipmentId!;
  expect(await geliver.readUntil(id, status)).toBe(status);
  return { ...placed, shipment: row!, geliverId: id };
}

/** Geliver's call: no cookie, no Origin, from its own address. */
const hook = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: URL,
    remoteAddress: newIp(),
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const trackUpdated = (id: string, statusCode: string) => ({
  event: 'TRACK_UPDATED',
  data: { id, statusCode, trackingNumber: 'T1', trackingUrl: 'https://kargo.example/T1' },
});
const orderState = async (id: number) =>
  (await db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;
const readsOf = (id: string) =>
  geliver.requests.filter((r) => r.method === 'GET' && r.path === `/shipments/${id}`);
const carrierHistory = (id: number) =>
  db
    .select()
    .from(orderHistory)
    .where(and(eq(orderHistory.orderId, id), eq(orderHistory.actor, 'carrier')));

describe('POST /api/shipping/geliver/webhook', () => {
  it('reads the shipment back from Geliver and moves the order to Kargoda when Geliver says so', async () => {
    // The next read answers SHIPPED (the stand-in moves one step per read).
    const placed = await shippedOrder('TRACKING_CODE_CREATED');
    const reads = readsOf(placed.geliverId).length;
    const res = await hook(trackUpdated(placed.geliverId, 'SHIPPED'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(readsOf(placed.geliverId)).toHaveLength(reads + 1);
    expect(await orderState(placed.id)).toBe(ORDER_STATE.InTransit);
    const history = await carrierHistory(placed.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ fromStatus: ORDER_STATE.Shipped, toStatus: ORDER_STATE.InTransit });
    expect(history[0]!.note).toMatch(/^Geliver \(.+\) bildirdi: Transfer merkezinde, İstanbul Aktarma/);
  });

  it('changes nothing when Geliver does not report what the webhook claims', async () => {
    // The read-back answers SHIPPED; the webhook claims DELIVERED.
    const placed = await shippedOrder('TRACKING_CODE_CREATED');
    const res = await hook(trackUpdated(placed.geliverId, 'DELIVERED'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(readsOf(placed.geliverId).length).toBeGreaterThan(0);
    expect(await orderState(placed.id)).toBe(ORDER_STATE.Shipped);
    expect(await carrierHistory(placed.id)).toEqual([]);
  });

  it('answers a shipment the shop does not have with the same 200, asking Geliver nothing', async () => {
    const before = geliver.requests.length;
    const historyRows = (await db.select().from(orderHistory)).length;
    const res = await hook(trackUpdated('0f8e2a64-5b1c-4d7e-9a3f-000000000000', 'DELIVERED'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(geliver.requests).toHaveLength(before);
    expect(await db.select().from(orderHistory)).toHaveLength(historyRows);
  });

  it('answers 503 KARGO_ULASILAMIYOR when Geliver is down on the read-back, records it and changes nothing', async () => {
    const placed = await shippedOrder('TRACKING_CODE_CREATED');
    geliver.failNext(1, { status: 500 }, { method: 'GET', path: `/shipments/${placed.geliverId}` });
    const res = await hook(trackUpdated(placed.geliverId, 'SHIPPED'));
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('KARGO_ULASILAMIYOR');
    expect(res.json().error.message).toMatch(/Geliver/);
    expect(await orderState(placed.id)).toBe(ORDER_STATE.Shipped);
    const [row] = await db.select().from(shipments).where(eq(shipments.id, placed.shipment.id));
    expect(row!.lastError).toBe(res.json().error.message);
    expect(row!.nextAttemptAt).not.toBeNull();
  });

  it.each([
    ['not JSON', '{"event": "TRACK_UPDATED", "data": {', undefined],
    ['an array', [], 'event'],
    ['no event', { data: { id: 'abc-1', statusCode: 'SHIPPED' } }, 'event'],
    ['an empty event', { event: ' ', data: { id: 'abc-1', statusCode: 'SHIPPED' } }, 'event'],
    ['no data', { event: 'TRACK_UPDATED' }, 'data'],
    ['data not an object', { event: 'TRACK_UPDATED', data: 'abc-1' }, 'data'],
    ['no shipment id', { event: 'TRACK_UPDATED', data: { statusCode: 'SHIPPED' } }, 'data.id'],
    [
      'a shipment id with other characters',
      { event: 'TRACK_UPDATED', data: { id: "1' or '1'='1", statusCode: 'SHIPPED' } },
      'data.id',
    ],
    [
      'a number as the shipment id',
      { event: 'TRACK_UPDATED', data: { id: 42, statusCode: 'SHIPPED' } },
      'data.id',
    ],
    ['no status', { event: 'TRACK_UPDATED', data: { id: 'abc-1' } }, 'data'],
    [
      'a status that is not a code',
      { event: 'TRACK_UPDATED', data: { id: 'abc-1', statusCode: 'DELIVERED!' } },
      'data.statusCode',
    ],
    [
      'a tracking status that is not an object',
      { event: 'TRACK_UPDATED', data: { id: 'abc-1', trackingStatus: 'DELIVERED' } },
      'data.trackingStatus',
    ],
  ])('refuses %s with a Turkish 400 and asks Geliver nothing', async (_name, payload, field) => {
    const before = geliver.requests.length;
    const res = await hook(payload);
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json();
    expect(error.code).toMatch(/^[A-Z_]+$/);
    expect(error.message).toMatch(/[ğüşıöçİ]/i);
    if (field) expect(Object.keys(error.fields ?? {})).toContain(field);
    expect(geliver.requests).toHaveLength(before);
  });

  it('refuses a form-encoded body with a Turkish 4xx', async () => {
    const res = await hook('event=TRACK_UPDATED', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.message).toMatch(/[ğüşıöçİ]/i);
  });

  it('is in the API document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.paths['/api/shipping/geliver/webhook'].post.tags).toEqual(['Kargo: bildirimler']);
    expect(doc.paths['/api/admin/shipping/health'].get['x-permission']).toBe('orders.read');
  });
});

describe('GET /api/admin/shipping/health', () => {
  it('answers each carrier’s health to staff who see orders', async () => {
    const support = (await loggedInStaff(app, services, 'support')).b;
    const res = await support.get('/api/admin/shipping/health');
    expect(res.statusCode, res.body).toBe(200);
    const { carriers, intervalMinutes } = res.json();
    expect(intervalMinutes).toBe(15);
    expect(carriers.map((c: { carrier: string }) => c.carrier)).toEqual(['geliver', 'yurtici']);
    const [g, y] = carriers;
    // Earlier tests read Geliver, once while it was down.
    expect(g).toMatchObject({ name: 'Geliver', configured: true });
    expect(g.lastSuccessAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(g.lastError).toMatch(/Geliver/);
    expect(y).toMatchObject({ name: 'Yurtiçi Kargo', configured: false, lastSuccessAt: null });
  });

  it('refuses an anonymous visitor and a customer with 401', async () => {
    const customer = await registeredBrowser(app, 4411);
    for (const b of [visitor(app), customer]) {
      const res = await b.get('/api/admin/shipping/health');
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('YONETICI_OTURUMU_GEREKLI');
    }
  });
});
