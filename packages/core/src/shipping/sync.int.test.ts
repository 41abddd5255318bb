import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { openTestDatabase } from '@vitrin/testing/database';
import { startGeliverServer } from '@vitrin/testing/geliver-server';
import { openOrderWorld } from '@vitrin/testing/orders';
import { startYurticiServer } from '@vitrin/testing/yurtici-server';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withClusterLock } from '../db/cluster-lock.ts';
import { orderHistory, orders, shipments } from '../db/schema.ts';
import { createMailer } from '../mail/mailer.ts';
import { createServices } from '../services.ts';
import { carrierPath, createShippingSync } from './sync.ts';

/**
 * The carrier status round (issue 41) against the Geliver and Yurtiçi Kargo stand-ins: open shipments read
 * from their carriers move their orders through the order state table as the carrier; a carrier down is
 * recorded on the shipment and in its health with a back-off, and the next round after it works.
 */
const geliver = await startGeliverServer({ offerReads: 1 });
const yurtici = await startYurticiServer();
const env: Record<string, string | undefined> = {};
const { database, dispose } = await openTestDatabase();
const outbox = mkdtempSync(join(tmpdir(), 'vitrin-sync-outbox-'));
const mailer = createMailer({ outboxDir: outbox, from: 'Vitrin <noreply@example.com>' });
const tuning = {
  geliver: { test: true, offerPollMs: 1, timeoutMs: 5_000 },
  yurtici: { timeoutMs: 5_000 },
};
const services = createServices(database, {
  mailer,
  shopUrl: 'http://magaza.test',
  shipping: { env, tuning },
});
const w = await openOrderWorld({ database });
const { db } = database;
/** The round's clock: tests move it past a back-off. */
let clock = new Date();
const sync = createShippingSync(database, {
  orders: services.orders,
  env,
  shopUrl: 'http://magaza.test',
  tuning,
  now: () => clock,
  onError: (err) => errors.push(err),
});
/** What a round met beside the carriers (none expected). */
const errors: unknown[] = [];

afterAll(async () => {
  await services.orders.drainMail();
  await w.dispose();
  mailer.close();
  await dispose();
  rmSync(outbox, { recursive: true, force: true });
  await geliver.close();
  await yurtici.close();
});

beforeAll(async () => {
  await services.settings.set(
    'shipping_sender',
    JSON.stringify({
      city: 'İstanbul',
      district: 'Şişli',
      address: 'Halaskargazi Cad. No: 10',
      postalCode: '34371',
    }),
  );
  await services.settings.set('contact_phone', '0212 555 00 00');
});
afterEach(() => {
  expect(errors).toEqual([]);
});
beforeEach(() => {
  clock = new Date();
  Object.assign(env, {
    GELIVER_API_TOKEN: geliver.token,
    GELIVER_BASE_URL: geliver.url,
    YURTICI_USERNAME: yurtici.keys.username,
    YURTICI_PASSWORD: yurtici.keys.password,
    YURTICI_BASE_URL: yurtici.url,
  });
});

/** An order whose label was bought from `provider`: in "Kargoya Verildi". */
async function shippedOrder(provider: 'geliver' | 'yurtici') {
  await services.settings.set('shipping_provider', provider);
  const placed = await w.placeOrder();
  await services.orders.changeStatus(placed.id, ORDER_STATE.Preparing, { actor: 'operator' });
  await services.shipping.ship({ kind: 'cli' }, placed.orderNo, {});
  const [row] = await db.select().from(shipments).where(eq(shipments.orderId, placed.id));
  return { ...placed, shipment: row! };
}

/** Reads the Geliver test shipment (each read moves it one step) until it is at `status`. */
async function geliverAt(id: string, status: string) {
  for (let i = 0; i < 5 && geliver.shipment(id)?.statusCode !== status; i++) {
    await fetch(`${geliver.url}/shipments/${id}`, { headers: { authorization: `Bearer ${geliver.token}` } });
  }
  expect(geliver.shipment(id)?.statusCode).toBe(status);
}

const orderState = async (id: number) =>
  (await db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;
const carrierHistory = (id: number) =>
  db
    .select()
    .from(orderHistory)
    .where(and(eq(orderHistory.orderId, id), eq(orderHistory.actor, 'carrier')))
    .orderBy(asc(orderHistory.id));
const shipmentRow = async (id: number) => (await db.select().from(shipments).where(eq(shipments.id, id)))[0]!;

describe('carrierPath', () => {
  it('goes through Kargoda to Teslim Edildi, straight to Teslim Edilemedi, and nowhere out of a closed order', () => {
    const order = { paymentMethod: 'transfer' as const, paymentStatus: 'paid' as const };
    const { Shipped, InTransit, Delivered, NotDelivered, Cancelled } = ORDER_STATE;
    expect(carrierPath(Shipped, Delivered, order)).toEqual([InTransit, Delivered]);
    expect(carrierPath(Shipped, InTransit, order)).toEqual([InTransit]);
    expect(carrierPath(Shipped, NotDelivered, order)).toEqual([NotDelivered]);
    expect(carrierPath(InTransit, InTransit, order)).toEqual([]);
    expect(carrierPath(Delivered, InTransit, order)).toBeNull();
    expect(carrierPath(Cancelled, Delivered, order)).toBeNull();
    expect(carrierPath(NotDelivered, InTransit, order)).toBeNull();
  });
});

describe('the carrier status round', () => {
  it('moves a Geliver order to Kargoda, then to Teslim Edildi, each change the carrier’s in the history', async () => {
    const placed = await shippedOrder('geliver');
    const id = placed.shipment.carrierShipmentId!;
    await geliverAt(id, 'TRACKING_CODE_CREATED'); // the round's read finds it SHIPPED

    const first = await sync.round();
    expect(first).toMatchObject({ ran: true, failed: 0 });
    expect(await orderState(placed.id)).toBe(ORDER_STATE.InTransit);

    clock = new Date(clock.getTime() + 1000);
    await sync.round(); // DELIVERED now
    expect(await orderState(placed.id)).toBe(ORDER_STATE.Delivered);
    const history = await carrierHistory(placed.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [ORDER_STATE.Shipped, ORDER_STATE.InTransit],
      [ORDER_STATE.InTransit, ORDER_STATE.Delivered],
    ]);
    expect(history[1]!.note).toMatch(/^Geliver \(.+\) bildirdi: Teslim edildi \(takip no [A-Z0-9]+\)\.$/);

    // Delivered is not open any more: the next round does not ask Geliver about it.
    const reads = geliver.requests.filter((r) => r.path === `/shipments/${id}`).length;
    await sync.round();
    expect(geliver.requests.filter((r) => r.path === `/shipments/${id}`)).toHaveLength(reads);
  });

  it('goes from Kargoya Verildi through Kargoda to Teslim Edildi when Yurtiçi Kargo reports the parcel delivered', async () => {
    const placed = await shippedOrder('yurtici');
    expect(await orderState(placed.id)).toBe(ORDER_STATE.Shipped);
    yurtici.setStatus(placed.shipment.carrierShipmentId!, 'DLV');

    const round = await sync.round();
    expect(round.moved).toBeGreaterThanOrEqual(1);
    expect(await orderState(placed.id)).toBe(ORDER_STATE.Delivered);
    const history = await carrierHistory(placed.id);
    expect(history.map((h) => h.toStatus)).toEqual([ORDER_STATE.InTransit, ORDER_STATE.Delivered]);
    expect(history[0]!.note).toMatch(/^Yurtiçi Kargo bildirdi: teslim edildi/);
  });

  it('records a carrier down on the shipment and in its health, changes nothing, and the round after the back-off works', async () => {
    const placed = await shippedOrder('geliver');
    const id = placed.shipment.carrierShipmentId!;
    await geliverAt(id, 'TRACKING_CODE_CREATED');
    geliver.failNext(1, { status: 500 }, { method: 'GET', path: `/shipments/${id}` });

    const down = await sync.round();
    expect(down.ran).toBe(true);
    expect(down.failed).toBeGreaterThanOrEqual(1);
    expect(await orderState(placed.id)).toBe(ORDER_STATE.Shipped);
    const failed = await shipmentRow(placed.shipment.id);
    expect(failed.lastError).toMatch(/Geliver/);
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(clock.getTime());
    expect(failed.attempts).toBe(1);
    const health = (await sync.health()).find((h) => h.carrier === 'geliver')!;
    expect(health).toMatchObject({ configured: true, lastError: failed.lastError });
    expect(health.lastErrorAt).toBe(clock.toISOString());
    expect(health.failingShipments).toBeGreaterThanOrEqual(1);

    // Before its back-off is over the shipment is not read again.
    const reads = geliver.requests.filter((r) => r.path === `/shipments/${id}`).length;
    await sync.round();
    expect(geliver.requests.filter((r) => r.path === `/shipments/${id}`)).toHaveLength(reads);

    clock = new Date(failed.nextAttemptAt!.getTime() + 1000);
    await sync.round();
    expect(await orderState(placed.id)).toBe(ORDER_STATE.InTransit);
    expect(await shipmentRow(placed.shipment.id)).toMatchObject({
      lastError: null,
      nextAttemptAt: null,
      attempts: 0,
    });
    const after = (await sync.health()).find((h) => h.carrier === 'geliver')!;
    expect(after.lastSuccessAt).not.toBeNull();
  });

  it('records missing keys as the shipment’s error and the carrier as not configured', async () => {
    const placed = await shippedOrder('yurtici');
    delete env.YURTICI_USERNAME;
    const round = await sync.round();
    expect(round.failed).toBeGreaterThanOrEqual(1);
    expect(await orderState(placed.id)).toBe(ORDER_STATE.Shipped);
    expect((await shipmentRow(placed.shipment.id)).lastError).toMatch(/YURTICI_USERNAME/);
    const health = (await sync.health()).find((h) => h.carrier === 'yurtici')!;
    expect(health).toMatchObject({ configured: false });
    expect(health.lastError).toMatch(/YURTICI_USERNAME/);
  });

  it('records and skips a move the state table does not allow from where the order is now', async () => {
    const placed = await shippedOrder('yurtici');
    await services.orders.changeStatus(placed.id, ORDER_STATE.NotDelivered, { actor: 'operator' });
    yurtici.setStatus(placed.shipment.carrierShipmentId!, 'IND');
    const outcome = await sync.syncShipment(await shipmentRow(placed.shipment.id));
    expect(outcome).toMatchObject({ kind: 'skipped', carrierStatus: 'in_transit' });
    expect(await orderState(placed.id)).toBe(ORDER_STATE.NotDelivered);
    expect((await shipmentRow(placed.shipment.id)).lastError).toBe(
      'Kargo durumu "Kargoda" bildirildi, ancak sipariş "Teslim Edilemedi" durumunda olduğundan değiştirilmedi.',
    );
    expect(await carrierHistory(placed.id)).toEqual([]);
  });

  it('runs on one node at a time: a round while another holds it reads nothing', async () => {
    const inner = await withClusterLock(database, 'shipping-status-sync', () => sync.round());
    expect(inner).toEqual({ ran: true, value: { ran: false, read: 0, moved: 0, failed: 0 } });
  });
});
