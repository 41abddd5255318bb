import path from 'node:path';
import { mailQueue, orderHistory, orders, shipments } from '@vitrin/core/db/schema';
import { createMailer } from '@vitrin/core/mail/mailer';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { openCarrierShop, SHOP_SENDER } from '@vitrin/testing/carrier-shop';
import { openOrderWorld } from '@vitrin/testing/orders';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, registeredBrowser, browser as visitor } from '../../../../test/accounts.ts';
import { createTestServices, tempDir, testConfig } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';
import { buildApp } from '../../../http/app.ts';

/**
 * A label bought by mistake cancelled, and a delivered order's return shipment (issue 41), against the
 * Geliver and Yurtiçi Kargo stand-ins: safe to repeat, the carrier down leaves everything as it was, the
 * shopper's return e-mail queued once, refusals in Turkish, who may call.
 */
const carriers = await openCarrierShop();
const { geliver, yurtici } = carriers;
const outbox = tempDir('vitrin-outbox-');
const mailer = createMailer({ outboxDir: path.join(outbox.dir), from: '"Vitrin" <no-reply@localhost>' });
const services = await createTestServices({
  demo: false,
  options: {
    mailer,
    shopUrl: 'http://magaza.test',
    shipping: carriers.shipping,
  },
});
const app = await buildApp({ services, config: testConfig() });
const w = await openOrderWorld({ database: services.database });
await services.orders.ready();
const { db } = services.database;

let owner: Browser;
let support: Browser;
afterAll(async () => {
  await w.dispose();
  await app.close();
  mailer.close();
  await services.dispose();
  outbox.remove();
  await carriers.close();
});

const useGeliver = () => carriers.use(services.settings, 'geliver');
const useYurtici = () => carriers.use(services.settings, 'yurtici');

beforeAll(async () => {
  owner = (await loggedInStaff(app, services, 'owner')).b;
  support = (await loggedInStaff(app, services, 'support')).b;
  await carriers.setUp(services.settings);
});
beforeEach(() => {
  carriers.clearKeys();
});

const shipmentsOf = (orderId: number) =>
  db.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(asc(shipments.id));
const orderRow = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const historyOf = (orderId: number) =>
  db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId)).orderBy(asc(orderHistory.id));
/** The return e-mails of one order (the world's orders share the shopper's address). */
const returnMails = async (to: string, orderNo: string) =>
  (
    await db
      .select()
      .from(mailQueue)
      .where(and(eq(mailQueue.toAddress, to), eq(mailQueue.kind, 'order-return')))
  ).filter((m) => m.subject.includes(orderNo));
const cancelUrl = (orderNo: string, id: number) => `/api/admin/orders/${orderNo}/shipments/${id}/cancel`;
const returnUrl = (orderNo: string) => `/api/admin/orders/${orderNo}/returns`;

/** An order whose label was bought through the panel (Kargoya Verildi), with its shipment. */
async function shippedOrder() {
  const placed = await w.placeOrder();
  await services.orders.changeStatus(placed.id, ORDER_STATE.Preparing, { actor: 'operator' });
  const res = await owner.post(`/api/admin/orders/${placed.orderNo}/shipments`);
  expect(res.statusCode, res.body).toBe(201);
  return { ...placed, shipment: res.json().shipment as { id: number; trackingNo: string; carrier: string } };
}

/** An order shipped with a bought label and delivered, as the carrier's scans move it. */
async function deliveredOrder() {
  const shipped = await shippedOrder();
  await services.orders.changeStatus(shipped.id, ORDER_STATE.InTransit, { actor: 'carrier' });
  await services.orders.changeStatus(shipped.id, ORDER_STATE.Delivered, { actor: 'carrier' });
  return shipped;
}

describe.each([
  {
    name: 'Geliver',
    use: useGeliver,
    cancelledAtCarrier: (id: string) => geliver.shipment(id)?.statusCode === 'CANCELED',
    down: () => geliver.failNext(1, { status: 500 }, { method: 'DELETE' }),
  },
  {
    name: 'Yurtiçi Kargo',
    use: useYurtici,
    cancelledAtCarrier: (id: string) => yurtici.shipments.get(id)?.status === 'CNL',
    down: () => yurtici.failNext(1, 'http500'),
  },
])('cancelling a $name label', ({ use, cancelledAtCarrier, down }) => {
  it('cancels it at the carrier, keeps the row as cancelled and leaves the order in Kargoya Verildi', async () => {
    await use();
    const placed = await shippedOrder();
    const before = (await historyOf(placed.id)).length;
    const res = await owner.post(cancelUrl(placed.orderNo, placed.shipment.id));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.shipment).toMatchObject({ id: placed.shipment.id, status: 'cancelled', kind: 'outbound' });
    expect(body.order).toEqual({ status: ORDER_STATE.Shipped, label: 'Kargoya Verildi' });
    expect(body.message).toMatch(/Kargoya Verildi/);
    const [row] = await shipmentsOf(placed.id);
    expect(row!.status).toBe('cancelled');
    expect(cancelledAtCarrier(row!.carrierShipmentId!)).toBe(true);
    expect((await orderRow(placed.id)).status).toBe(ORDER_STATE.Shipped);
    const history = await historyOf(placed.id);
    expect(history).toHaveLength(before + 1);
    expect(history.at(-1)!.note).toContain('Kargo etiketi iptal edildi');
  });

  it('answers a second cancel as cancelled, with no second history line', async () => {
    await use();
    const placed = await shippedOrder();
    const first = await owner.post(cancelUrl(placed.orderNo, placed.shipment.id));
    const lines = (await historyOf(placed.id)).length;
    const again = await owner.post(cancelUrl(placed.orderNo, placed.shipment.id));
    expect(first.statusCode).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().shipment).toEqual(first.json().shipment);
    expect(await historyOf(placed.id)).toHaveLength(lines);
  });

  it('answers 503 in Turkish while the carrier is down, the shipment unchanged; the retry cancels', async () => {
    await use();
    const placed = await shippedOrder();
    down();
    const res = await owner.post(cancelUrl(placed.orderNo, placed.shipment.id));
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().error.code).toBe('KARGO_ULASILAMIYOR');
    expect(res.json().error.message).toMatch(/[çğıöşüİ]/);
    const [row] = await shipmentsOf(placed.id);
    expect(row!.status).toBe('created');
    expect(cancelledAtCarrier(row!.carrierShipmentId!)).toBe(false);
    const retry = await owner.post(cancelUrl(placed.orderNo, placed.shipment.id));
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await shipmentsOf(placed.id))[0]!.status).toBe('cancelled');
  });
});

describe('a new label after a cancel', () => {
  it('buys it under the next key, gives the order its carrier and number, and mails the shopper once', async () => {
    await useYurtici();
    const placed = await shippedOrder();
    await owner.post(cancelUrl(placed.orderNo, placed.shipment.id));
    const email = (await orderRow(placed.id)).email;
    const again = await owner.post(`/api/admin/orders/${placed.orderNo}/shipments`);
    expect(again.statusCode, again.body).toBe(201);
    const fresh = again.json().shipment;
    expect(fresh.trackingNo).not.toBe(placed.shipment.trackingNo);
    expect((await shipmentsOf(placed.id)).map((r) => [r.requestKey, r.status])).toEqual([
      [`${placed.orderNo}-1`, 'cancelled'],
      [`${placed.orderNo}-2`, 'created'],
    ]);
    expect(await orderRow(placed.id)).toMatchObject({
      status: ORDER_STATE.Shipped,
      trackingNo: fresh.trackingNo,
      cargoCompany: fresh.carrier,
    });
    expect((await historyOf(placed.id)).at(-1)!.note).toContain(fresh.trackingNo);
    const told = async () =>
      (await db.select().from(mailQueue).where(eq(mailQueue.toAddress, email))).filter((m) =>
        m.bodyText.includes(fresh.trackingNo),
      );
    expect(await told()).toHaveLength(1);
    const repeat = await owner.post(`/api/admin/orders/${placed.orderNo}/shipments`);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().shipment.trackingNo).toBe(fresh.trackingNo);
    expect(await told()).toHaveLength(1);
  });

  it('is still refused for an order in Kargoya Verildi whose label was never cancelled (409)', async () => {
    await useYurtici();
    const placed = await w.placeOrder();
    await services.orders.changeStatus(placed.id, ORDER_STATE.Preparing, { actor: 'operator' });
    await services.orders.changeStatus(placed.id, ORDER_STATE.Shipped, {
      actor: 'operator',
      cargoCompany: 'Aras Kargo',
      trackingNo: '987654321',
    });
    const res = await owner.post(`/api/admin/orders/${placed.orderNo}/shipments`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('GECERSIZ_DURUM_GECISI');
    expect(await shipmentsOf(placed.id)).toHaveLength(0);
  });
});

describe('a label that cannot be cancelled', () => {
  it('refuses once the carrier has the parcel (Kargoda): 409 GONDERI_IPTAL_EDILEMEZ, nothing cancelled', async () => {
    await useYurtici();
    const placed = await shippedOrder();
    await services.orders.changeStatus(placed.id, ORDER_STATE.InTransit, { actor: 'carrier' });
    const res = await owner.post(cancelUrl(placed.orderNo, placed.shipment.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('GONDERI_IPTAL_EDILEMEZ');
    expect(res.json().error.message).toContain('Kargoda');
    const [row] = await shipmentsOf(placed.id);
    expect(row!.status).toBe('created');
    expect(yurtici.shipments.get(row!.carrierShipmentId!)?.status).not.toBe('CNL');
  });

  it('refuses a shipment whose label was never bought: 409 ETIKET_YOK', async () => {
    await useGeliver();
    const placed = await w.placeOrder();
    const [row] = await db
      .insert(shipments)
      .values({
        orderId: placed.id,
        carrier: 'geliver',
        requestKey: `${placed.orderNo}-1`,
        status: 'failed',
        request: {
          sender: { name: 'Mağaza', phone: '02125550000', ...SHOP_SENDER },
          recipient: { name: 'Ayşe', phone: '05321234567', ...SHOP_SENDER },
          parcels: [{ weightKg: 1 }],
          valueMinor: 100,
        },
      })
      .returning();
    const res = await owner.post(cancelUrl(placed.orderNo, row!.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ETIKET_YOK');
    expect((await shipmentsOf(placed.id))[0]!.status).toBe('failed');
  });

  it("answers 404 for another order's shipment and for an unknown order", async () => {
    await useGeliver();
    const placed = await shippedOrder();
    const other = await w.placeOrder();
    const res = await owner.post(cancelUrl(other.orderNo, placed.shipment.id));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('GONDERI_BULUNAMADI');
    const unknown = await owner.post(cancelUrl('VTYOKBOYLE1', placed.shipment.id));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('SIPARIS_BULUNAMADI');
    expect((await shipmentsOf(placed.id))[0]!.status).toBe('created');
  });

  it.each([
    ['not a number', 'abc'],
    ['zero', '0'],
    ['negative', '-4'],
    ['a fraction', '1.5'],
  ])('refuses a shipment id %s with 400 GECERSIZ_ISTEK', async (_name, id) => {
    const placed = await w.placeOrder();
    const res = await owner.post(`/api/admin/orders/${placed.orderNo}/shipments/${id}/cancel`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
  });
});

describe.each([
  { name: 'Geliver', use: useGeliver, down: () => geliver.failNext(1, { status: 500 }) },
  { name: 'Yurtiçi Kargo', use: useYurtici, down: () => yurtici.failNext(1, 'http500') },
])('a $name return', ({ use, down }) => {
  it('buys a return keyed <order no>-R1 to the shop and queues the shopper an e-mail with the return code', async () => {
    await use();
    const placed = await deliveredOrder();
    const order = await orderRow(placed.id);
    const res = await owner.post(returnUrl(placed.orderNo));
    expect(res.statusCode, res.body).toBe(201);
    const { shipment } = res.json();
    expect(shipment).toMatchObject({ orderNo: placed.orderNo, kind: 'return', status: 'created' });
    expect(shipment.trackingNo).toMatch(/^[A-Z0-9-]+$/);
    const row = (await shipmentsOf(placed.id)).find((r) => r.kind === 'return')!;
    expect(row.requestKey).toBe(`${placed.orderNo}-R1`);
    expect(row.request.recipient).toMatchObject({ city: SHOP_SENDER.city, district: SHOP_SENDER.district });
    expect(row.request.sender.city).toBe(order.shippingAddress!.province);
    expect(row.request.isReturn).toBe(true);
    const mails = await returnMails(order.email, placed.orderNo);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(placed.orderNo);
    expect(mails[0]!.bodyText).toContain(`İade kodu: ${shipment.trackingNo}`);
    expect(mails[0]!.bodyText).toContain(shipment.carrier);
    expect((await orderRow(placed.id)).status).toBe(ORDER_STATE.Delivered);
  });

  it('answers the first return again to a repeat: one return, one e-mail', async () => {
    await use();
    const placed = await deliveredOrder();
    const first = await owner.post(returnUrl(placed.orderNo));
    const again = await owner.post(returnUrl(placed.orderNo), { parcels: [{ weightKg: 3 }] });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().shipment).toEqual(first.json().shipment);
    expect((await shipmentsOf(placed.id)).filter((r) => r.kind === 'return')).toHaveLength(1);
    expect(await returnMails((await orderRow(placed.id)).email, placed.orderNo)).toHaveLength(1);
  });

  it('answers 503 while the carrier is down (no e-mail), and the retry buys under the same key', async () => {
    await use();
    const placed = await deliveredOrder();
    const email = (await orderRow(placed.id)).email;
    down();
    const res = await owner.post(returnUrl(placed.orderNo));
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().error.code).toBe('KARGO_ULASILAMIYOR');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await returnMails(email, placed.orderNo)).toHaveLength(0);
    const pending = (await shipmentsOf(placed.id)).find((r) => r.kind === 'return')!;
    expect(pending).toMatchObject({ status: 'pending', requestKey: `${placed.orderNo}-R1` });
    const retry = await owner.post(returnUrl(placed.orderNo));
    expect(retry.statusCode, retry.body).toBe(201);
    const returns = (await shipmentsOf(placed.id)).filter((r) => r.kind === 'return');
    expect(returns).toMatchObject([{ requestKey: `${placed.orderNo}-R1`, status: 'created' }]);
    expect(await returnMails(email, placed.orderNo)).toHaveLength(1);
  });

  it('cancels a return label, and a new return then takes the next key <order no>-R2', async () => {
    await use();
    const placed = await deliveredOrder();
    const first = (await owner.post(returnUrl(placed.orderNo))).json().shipment;
    const cancel = await owner.post(cancelUrl(placed.orderNo, first.id));
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().order.status).toBe(ORDER_STATE.Delivered);
    const second = await owner.post(returnUrl(placed.orderNo));
    expect(second.statusCode, second.body).toBe(201);
    const returns = (await shipmentsOf(placed.id)).filter((r) => r.kind === 'return');
    expect(returns.map((r) => [r.requestKey, r.status])).toEqual([
      [`${placed.orderNo}-R1`, 'cancelled'],
      [`${placed.orderNo}-R2`, 'created'],
    ]);
  });
});

describe('a return that cannot be made', () => {
  it.each([
    ['Sipariş Alındı', async () => w.placeOrder()],
    ['Kargoya Verildi', async () => shippedOrder()],
  ])('refuses an order in %s: 409 IADE_KARGOSU_YAPILAMAZ in Turkish, nothing bought', async (label, make) => {
    await useYurtici();
    const placed = await make();
    const creates = yurtici.creates;
    const res = await owner.post(returnUrl(placed.orderNo));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('IADE_KARGOSU_YAPILAMAZ');
    expect(res.json().error.message).toContain('teslim edilmiş');
    expect(res.json().error.message).toContain(label);
    expect(yurtici.creates).toBe(creates);
    expect((await shipmentsOf(placed.id)).filter((r) => r.kind === 'return')).toHaveLength(0);
  });

  it('refuses a Geliver return of an order not sent through Geliver (409), nothing bought', async () => {
    await useGeliver();
    const placed = await w.placeOrder();
    await services.orders.changeStatus(placed.id, ORDER_STATE.Preparing, { actor: 'operator' });
    await services.orders.changeStatus(placed.id, ORDER_STATE.Shipped, {
      actor: 'operator',
      cargoCompany: 'Aras Kargo',
      trackingNo: '123456789',
    });
    await services.orders.changeStatus(placed.id, ORDER_STATE.InTransit, { actor: 'carrier' });
    await services.orders.changeStatus(placed.id, ORDER_STATE.Delivered, { actor: 'carrier' });
    const before = geliver.labelPurchases();
    const res = await owner.post(returnUrl(placed.orderNo));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('IADE_KARGOSU_YAPILAMAZ');
    expect(res.json().error.message).toContain('Geliver');
    expect(geliver.labelPurchases()).toBe(before);
    expect(await shipmentsOf(placed.id)).toHaveLength(0);
  });

  it('refuses with shipping_provider manual for an order shipped by hand: 409 KARGO_ENTEGRASYONU_YOK', async () => {
    await services.settings.set('shipping_provider', 'manual');
    const placed = await w.placeOrder();
    await services.orders.changeStatus(placed.id, ORDER_STATE.Preparing, { actor: 'operator' });
    await services.orders.changeStatus(placed.id, ORDER_STATE.Shipped, {
      actor: 'operator',
      cargoCompany: 'Aras Kargo',
      trackingNo: '123456789',
    });
    await services.orders.changeStatus(placed.id, ORDER_STATE.InTransit, { actor: 'carrier' });
    await services.orders.changeStatus(placed.id, ORDER_STATE.Delivered, { actor: 'carrier' });
    const res = await owner.post(returnUrl(placed.orderNo));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('KARGO_ENTEGRASYONU_YOK');
  });

  it('answers 404 SIPARIS_BULUNAMADI for an unknown order', async () => {
    const res = await owner.post(returnUrl('VTYOKBOYLE1'));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('SIPARIS_BULUNAMADI');
  });

  it.each([
    ['a negative weight', { parcels: [{ weightKg: -1 }] }, 'parcels.0.weightKg'],
    ['a weight as text', { parcels: [{ weightKg: 'iki' }] }, 'parcels.0.weightKg'],
    ['no weight', { parcels: [{ desi: 2 }] }, 'parcels.0.weightKg'],
    ['a desi of zero', { parcels: [{ weightKg: 1, desi: 0 }] }, 'parcels.0.desi'],
    ['too heavy a parcel', { parcels: [{ weightKg: 5000 }] }, 'parcels.0.weightKg'],
    ['no parcels', { parcels: [] }, 'parcels'],
    ['too many parcels', { parcels: Array.from({ length: 11 }, () => ({ weightKg: 1 })) }, 'parcels'],
    ['parcels not a list', { parcels: 'bir' }, 'parcels'],
  ])('refuses %s with 400 GECERSIZ_ISTEK naming the field, nothing bought', async (_name, body, field) => {
    await useYurtici();
    const placed = await deliveredOrder();
    const creates = yurtici.creates;
    const res = await owner.post(returnUrl(placed.orderNo), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
    expect(res.json().error.fields[field]).toMatch(/[a-zçğıöşü]/);
    expect(yurtici.creates).toBe(creates);
    expect((await shipmentsOf(placed.id)).filter((r) => r.kind === 'return')).toHaveLength(0);
  });

  it('refuses an order number that is not one with 400 GECERSIZ_ISTEK', async () => {
    const res = await owner.post(returnUrl('abc def'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
  });
});

describe('who may cancel labels and make returns', () => {
  it('refuses an anonymous visitor and a customer (401) and a role without orders.write (403), changing nothing', async () => {
    await useYurtici();
    const shipped = await shippedOrder();
    const delivered = await deliveredOrder();
    const customer = await registeredBrowser(app, 4102);
    for (const b of [visitor(app), customer]) {
      expect((await b.post(cancelUrl(shipped.orderNo, shipped.shipment.id))).statusCode).toBe(401);
      expect((await b.post(returnUrl(delivered.orderNo))).statusCode).toBe(401);
    }
    const cancel = await support.post(cancelUrl(shipped.orderNo, shipped.shipment.id));
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().error.code).toBe('YETKI_YOK');
    const ret = await support.post(returnUrl(delivered.orderNo));
    expect(ret.statusCode).toBe(403);
    expect((await shipmentsOf(shipped.id))[0]!.status).toBe('created');
    expect((await shipmentsOf(delivered.id)).filter((r) => r.kind === 'return')).toHaveLength(0);
  });
});
