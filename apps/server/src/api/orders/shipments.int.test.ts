import path from 'node:path';
import { createMailer } from '@vitrin/core/mail/mailer';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { openCarrierShop } from '@vitrin/testing/carrier-shop';
import { openOrderWorld } from '@vitrin/testing/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, browser, registeredBrowser } from '../../../test/accounts.ts';
import { createTestServices, tempDir, testConfig } from '../../../test/server.ts';
import { buildApp } from '../../http/app.ts';

/**
 * The shopper's order (the account's order page and the guest link read the same `orders.detail`): each
 * outbound shipment whose label the shop bought, with its carrier, tracking number and the carrier's own
 * tracking link, and never another customer's (issue 41).
 */
const carriers = await openCarrierShop();
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

let a: Browser;
let b: Browser;
let aId: number;
let bId: number;
beforeAll(async () => {
  await carriers.setUp(services.settings);
  await carriers.use(services.settings, 'yurtici');
  a = await registeredBrowser(app, 4201);
  b = await registeredBrowser(app, 4202);
  aId = (await a.get('/api/front/auth/me')).json().customer.id;
  bId = (await b.get('/api/front/auth/me')).json().customer.id;
});
afterAll(async () => {
  await w.dispose();
  await app.close();
  mailer.close();
  await services.dispose();
  outbox.remove();
  await carriers.close();
});

const CLI = { kind: 'cli' } as const;

/** An order whose label the shop bought from the Yurtiçi stand-in (Kargoya Verildi). */
async function shipped(customerId: number | null, email: string) {
  const placed = await w.placeOrder({ ...(customerId ? { customerId } : {}), email });
  await services.orders.changeStatus(placed.id, ORDER_STATE.Preparing, { actor: 'operator' });
  const { shipment } = await services.shipping.ship(CLI, placed.orderNo, {});
  return { ...placed, shipment };
}

describe("the shopper's order shows its shipments", () => {
  it("shows the customer each bought label's carrier, tracking number and the carrier's tracking link", async () => {
    const order = await shipped(aId, 'musteri4201@example.com');
    const res = await a.get(`/api/front/orders/${order.orderNo}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shipments).toEqual([
      {
        carrier: order.shipment.carrier,
        trackingNo: order.shipment.trackingNo,
        trackingUrl: order.shipment.trackingUrl,
      },
    ]);
    expect(order.shipment.trackingUrl).toMatch(/^https:\/\//);
  });

  it('shows a guest their shipment through the link with its token, and nothing with a wrong one', async () => {
    const order = await shipped(null, 'misafir4201@example.com');
    const other = await shipped(null, 'misafir4202@example.com');
    const guest = browser(app);
    const token = services.orders.accessToken(order.orderNo);
    const ok = await guest.get(`/api/front/orders/${order.orderNo}?token=${token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().shipments.map((s: { trackingNo: string }) => s.trackingNo)).toEqual([
      order.shipment.trackingNo,
    ]);
    const wrong = await guest.get(
      `/api/front/orders/${order.orderNo}?token=${services.orders.accessToken(other.orderNo)}`,
    );
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).not.toContain(order.shipment.trackingNo);
  });

  it("never shows customer B customer A's shipment: 404 for A's order, B's own order only B's", async () => {
    const ofA = await shipped(aId, 'musteri4201@example.com');
    const ofB = await shipped(bId, 'musteri4202@example.com');
    const refused = await b.get(`/api/front/orders/${ofA.orderNo}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('SIPARIS_BULUNAMADI');
    expect(refused.body).not.toContain(ofA.shipment.trackingNo);
    const own = await b.get(`/api/front/orders/${ofB.orderNo}`);
    expect(own.json().shipments.map((s: { trackingNo: string }) => s.trackingNo)).toEqual([
      ofB.shipment.trackingNo,
    ]);
    const list = await b.get('/api/front/orders');
    expect(list.body).not.toContain(ofA.orderNo);
    expect(list.body).not.toContain(ofA.shipment.trackingNo);
  });

  it('leaves out a cancelled label (and the order number it gave), and shows none once the order is delivered (like the carrier and number)', async () => {
    const cancelled = await shipped(aId, 'musteri4201@example.com');
    const before = (await a.get(`/api/front/orders/${cancelled.orderNo}`)).json();
    expect(before.cargo).toMatchObject({ trackingNo: cancelled.shipment.trackingNo });
    await services.shipmentReturns.cancel(CLI, cancelled.orderNo, cancelled.shipment.id);
    const after = (await a.get(`/api/front/orders/${cancelled.orderNo}`)).json();
    expect(after.shipments).toEqual([]);
    // Nor the order's own carrier and number, which were the cancelled label's.
    expect(after.cargo).toBeNull();
    expect(JSON.stringify(after)).not.toContain(`"trackingNo":"${cancelled.shipment.trackingNo}"`);

    const delivered = await shipped(aId, 'musteri4201@example.com');
    await services.orders.changeStatus(delivered.id, ORDER_STATE.InTransit, { actor: 'carrier' });
    expect((await a.get(`/api/front/orders/${delivered.orderNo}`)).json().shipments).toHaveLength(1);
    await services.orders.changeStatus(delivered.id, ORDER_STATE.Delivered, { actor: 'carrier' });
    expect((await a.get(`/api/front/orders/${delivered.orderNo}`)).json().shipments).toEqual([]);
  });

  it('shows no shipments for an order shipped by hand (its carrier and number stay in cargo)', async () => {
    const placed = await w.placeOrder({ customerId: aId, email: 'musteri4201@example.com' });
    await services.orders.changeStatus(placed.id, ORDER_STATE.Preparing, { actor: 'operator' });
    await services.orders.changeStatus(placed.id, ORDER_STATE.Shipped, {
      actor: 'operator',
      cargoCompany: 'MNG Kargo',
      trackingNo: 'MNG4201',
    });
    const order = (await a.get(`/api/front/orders/${placed.orderNo}`)).json();
    expect(order.shipments).toEqual([]);
    expect(order.cargo).toMatchObject({ company: 'MNG Kargo', trackingNo: 'MNG4201' });
  });
});
