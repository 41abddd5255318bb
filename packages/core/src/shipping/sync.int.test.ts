import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { openCarrierShop } from '@vitrin/testing/carrier-shop';
import { openTestDatabase } from '@vitrin/testing/database';
import { openOrderWorld } from '@vitrin/testing/orders';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withClusterLock } from '../db/cluster-lock.ts';
import { mailQueue, orderHistory, orders, shipments } from '../db/schema.ts';
import { createMailer } from '../mail/mailer.ts';
import { createServices } from '../services.ts';
import { carrierPath, createShippingSync } from './sync.ts';

/**
 * The carrier status round (issue 41) against the Geliver and Yurtiçi Kargo stand-ins: open shipments read
 * from their carriers move their orders through the order state table as the carrier; a carrier down is
 * recorded on the shipment and in its health with a back-off, and the next round after it works.
 */
const carriers = await openCarrierShop();
const { geliver, yurtici, env } = carriers;
const { database, dispose } = await openTestDatabase();
const outbox = mkdtempSync(join(tmpdir(), 'vitrin-sync-outbox-'));
const mailer = createMailer({ outboxDir: outbox, from: 'Vitrin <noreply@example.com>' });
const services = createServices(database, {
  mailer,
  shopUrl: 'http://magaza.test',
  shipping: carriers.shipping,
});
const w = await openOrderWorld({ database });
const { db } = database;
/** The round's clock: tests move it past a back-off. */
let clock = new Date();
const sync = createShippingSync(database, {
  orders: services.orders,
  ...carriers.shipping,
  shopUrl: 'http://magaza.test',
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
  await carriers.close();
});

beforeAll(async () => {
  await carriers.setUp(services.settings);
});
afterEach(() => {
  expect(errors).toEqual([]);
});
beforeEach(() => {
  clock = new Date();
  carriers.keys();
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
  expect(await geliver.readUntil(id, status)).toBe(status);
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
    expect(inner).toEqual({ ran: true, value: { ran: false, read: 0, moved: 0, bought: 0, failed: 0 } });
  });
});

describe.each([
  {
    name: 'Geliver',
    provider: 'geliver' as const,
    purchases: () => geliver.labelPurchases(),
    down: () => geliver.failNext(1, { status: 500 }),
    lose: () =>
      geliver.failNext(1, { status: 500, carryOut: true }, { method: 'POST', path: '/transactions' }),
  },
  {
    name: 'Yurtiçi Kargo',
    provider: 'yurtici' as const,
    purchases: () => yurtici.creates,
    down: () => yurtici.failNext(1, 'http500'),
    lose: () => yurtici.failNext(1, 'lose'),
  },
])('the round’s retry of a label that met $name down', ({ provider, purchases, down, lose }) => {
  /** A prepared order whose label purchase met the carrier down: left pending with its back-off. */
  async function pendingOrder(fault: () => void) {
    await services.settings.set('shipping_provider', provider);
    const placed = await w.placeOrder();
    await services.orders.changeStatus(placed.id, ORDER_STATE.Preparing, { actor: 'operator' });
    fault();
    await expect(services.shipping.ship({ kind: 'cli' }, placed.orderNo, {})).rejects.toMatchObject({
      status: 503,
    });
    const [row] = await db.select().from(shipments).where(eq(shipments.orderId, placed.id));
    expect(row).toMatchObject({ status: 'pending', requestKey: `${placed.orderNo}-1`, attempts: 1 });
    return { ...placed, shipment: row! };
  }
  const trackingMails = (orderNo: string) =>
    db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.kind, `order-status-${ORDER_STATE.Shipped}`))
      .then((mails) => mails.filter((m) => m.bodyText.includes(orderNo)));
  const shippedLines = async (orderId: number) =>
    (await db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId))).filter(
      (h) => h.toStatus === ORDER_STATE.Shipped,
    );

  it('waits out the back-off, backs off again while the carrier is down, then buys once and ships the order once', async () => {
    const placed = await pendingOrder(down);
    const before = purchases();

    // Before the back-off is over the round leaves it.
    expect(await sync.round()).toMatchObject({ bought: 0 });
    expect(await shipmentRow(placed.shipment.id)).toMatchObject({ status: 'pending', attempts: 1 });

    // Still down: the round records the failure and backs off further.
    clock = new Date(placed.shipment.nextAttemptAt!.getTime() + 1000);
    down();
    const failing = await sync.round();
    expect(failing).toMatchObject({ bought: 0 });
    expect(failing.failed).toBeGreaterThanOrEqual(1);
    const waiting = await shipmentRow(placed.shipment.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 2, claimedUntil: null });
    expect(waiting.lastError).toBeTruthy();
    expect(waiting.nextAttemptAt!.getTime()).toBeGreaterThan(clock.getTime());
    expect(await orderState(placed.id)).toBe(ORDER_STATE.Preparing);
    const health = (await sync.health()).find((h) => h.carrier === provider)!;
    expect(health).toMatchObject({ lastError: waiting.lastError, lastErrorAt: clock.toISOString() });

    // Back: the round buys with the first key, the order moves to Kargoya Verildi as the carrier, one e-mail.
    clock = new Date(waiting.nextAttemptAt!.getTime() + 1000);
    expect(await sync.round()).toMatchObject({ bought: 1 });
    const bought = await shipmentRow(placed.shipment.id);
    expect(bought).toMatchObject({ status: 'created', requestKey: `${placed.orderNo}-1`, lastError: null });
    expect(purchases()).toBe(before + 1);
    const order = (await db.select().from(orders).where(eq(orders.id, placed.id)))[0]!;
    expect(order).toMatchObject({
      status: ORDER_STATE.Shipped,
      trackingNo: bought.trackingNo,
      cargoCompany: bought.company,
    });
    const lines = await shippedLines(placed.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ actor: 'carrier', fromStatus: ORDER_STATE.Preparing });
    expect(lines[0]!.note).toContain(bought.trackingNo);
    expect(await trackingMails(placed.orderNo)).toHaveLength(1);
    expect((await sync.health()).find((h) => h.carrier === provider)!.lastSuccessAt).not.toBeNull();

    // A round after it buys nothing more and does not ship the order again.
    clock = new Date(clock.getTime() + 60 * 60_000);
    expect(await sync.round()).toMatchObject({ bought: 0 });
    expect(purchases()).toBe(before + 1);
    expect(await db.select().from(shipments).where(eq(shipments.orderId, placed.id))).toHaveLength(1);
    expect(await shippedLines(placed.id)).toHaveLength(1);
    expect(await trackingMails(placed.orderNo)).toHaveLength(1);
  });

  it('finds the label bought by the attempt whose answer was lost: no second label', async () => {
    const placed = await pendingOrder(lose);
    const before = purchases();
    clock = new Date(placed.shipment.nextAttemptAt!.getTime() + 1000);
    expect(await sync.round()).toMatchObject({ bought: 1 });
    expect(purchases()).toBe(before);
    const row = await shipmentRow(placed.shipment.id);
    expect(row.status).toBe('created');
    // Shipped once (the same round's read may already have it in Kargoda).
    expect(await shippedLines(placed.id)).toHaveLength(1);
    expect(await trackingMails(placed.orderNo)).toHaveLength(1);
  });

  it('buys nothing for an order the owner cancelled meanwhile: the attempt left as failed, saying why', async () => {
    const placed = await pendingOrder(down);
    await services.orders.changeStatus(placed.id, ORDER_STATE.Cancelled, { actor: 'operator' });
    const before = purchases();
    clock = new Date(placed.shipment.nextAttemptAt!.getTime() + 1000);
    expect(await sync.round()).toMatchObject({ bought: 0 });
    expect(purchases()).toBe(before);
    expect(await shipmentRow(placed.shipment.id)).toMatchObject({
      status: 'failed',
      lastError: 'Sipariş "İptal Edildi" durumuna geçtiği için etiket alınmadı.',
      nextAttemptAt: null,
    });
    expect(await orderState(placed.id)).toBe(ORDER_STATE.Cancelled);
    expect(await trackingMails(placed.orderNo)).toHaveLength(0);
  });

  it('leaves a purchase a request holds now to that request', async () => {
    const placed = await pendingOrder(down);
    clock = new Date(placed.shipment.nextAttemptAt!.getTime() + 1000);
    const held = new Date(clock.getTime() + 60_000);
    await db.update(shipments).set({ claimedUntil: held }).where(eq(shipments.id, placed.shipment.id));
    const before = purchases();
    expect(await sync.round()).toMatchObject({ bought: 0 });
    expect(purchases()).toBe(before);
    expect(await shipmentRow(placed.shipment.id)).toMatchObject({ status: 'pending', claimedUntil: held });
    // Released (the request died): the next round takes it.
    await db.update(shipments).set({ claimedUntil: null }).where(eq(shipments.id, placed.shipment.id));
    expect(await sync.round()).toMatchObject({ bought: 1 });
    expect(purchases()).toBe(before + 1);
  });
});

describe('a label the round bought while the owner cancelled the order', () => {
  it('is cancelled at the carrier, the row and the order’s history saying why; the order stays cancelled', async () => {
    await services.settings.set('shipping_provider', 'geliver');
    const placed = await w.placeOrder();
    await services.orders.changeStatus(placed.id, ORDER_STATE.Preparing, { actor: 'operator' });
    geliver.failNext(1, { status: 500 });
    await expect(services.shipping.ship({ kind: 'cli' }, placed.orderNo, {})).rejects.toMatchObject({
      status: 503,
    });
    const [pending] = await db.select().from(shipments).where(eq(shipments.orderId, placed.id));
    // The owner cancels the order while Geliver sells the label.
    geliver.whileCalled({ method: 'POST', path: '/transactions' }, async () => {
      await services.orders.changeStatus(placed.id, ORDER_STATE.Cancelled, { actor: 'operator' });
    });
    clock = new Date(pending!.nextAttemptAt!.getTime() + 1000);
    expect(await sync.round()).toMatchObject({ bought: 0 });

    const row = await shipmentRow(pending!.id);
    expect(row).toMatchObject({
      status: 'cancelled',
      lastError: 'Sipariş "İptal Edildi" durumuna geçtiği için yeniden denemede alınan etiket iptal edildi.',
    });
    expect(geliver.shipment(row.carrierShipmentId!)?.statusCode).toBe('CANCELED');
    expect(await orderState(placed.id)).toBe(ORDER_STATE.Cancelled);
    const history = await carrierHistory(placed.id);
    expect(history).toHaveLength(1);
    expect(history[0]!.note).toMatch(/etiket iptal edildi/);
  });
});
