import path from 'node:path';
import { shipments } from '@vitrin/core/db/schema';
import { createMailer } from '@vitrin/core/mail/mailer';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { openCarrierShop } from '@vitrin/testing/carrier-shop';
import { openOrderWorld } from '@vitrin/testing/orders';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, registeredBrowser, browser as visitor } from '../../../../test/accounts.ts';
import { createTestServices, tempDir, testConfig } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';
import { buildApp } from '../../../http/app.ts';

/**
 * What the panel reads of carrier shipments (issue 41): an order's shipments listed, and the labels of
 * several orders merged into one PDF, against the Geliver and Yurtiçi Kargo stand-ins; who may read them and
 * each way the request can be wrong.
 */
const carriers = await openCarrierShop();
const { geliver, env } = carriers;
carriers.keys();
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

beforeAll(async () => {
  owner = (await loggedInStaff(app, services, 'owner')).b;
  support = (await loggedInStaff(app, services, 'support')).b;
  await carriers.setUp(services.settings);
});

async function preparedOrder() {
  const placed = await w.placeOrder();
  await services.orders.changeStatus(placed.id, ORDER_STATE.Preparing, { actor: 'operator' });
  return placed;
}

/** An order with a label bought from `provider`; its shipment as the buying route answered it. */
async function shippedOrder(provider: 'geliver' | 'yurtici') {
  await services.settings.set('shipping_provider', provider);
  const placed = await preparedOrder();
  const res = await owner.post(`/api/admin/orders/${placed.orderNo}/shipments`);
  expect(res.statusCode, res.body).toBe(201);
  return { placed, shipment: res.json().shipment as { id: number; trackingNo: string; labelUrl: string } };
}

const listUrl = (orderNo: string) => `/api/admin/orders/${orderNo}/shipments`;
const LABELS = '/api/admin/shipments/labels';

describe("an order's shipments", () => {
  it('lists the bought label with its carrier, tracking number and label link', async () => {
    const { placed, shipment } = await shippedOrder('geliver');
    const res = await owner.get(listUrl(placed.orderNo));
    expect(res.statusCode, res.body).toBe(200);
    const { shipments: list, shippingProvider } = res.json();
    expect(shippingProvider).toBe('geliver');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: shipment.id,
      kind: 'outbound',
      provider: 'geliver',
      trackingNo: shipment.trackingNo,
      labelUrl: shipment.labelUrl,
      status: 'created',
      lastError: '',
    });
    expect(list[0].carrier).not.toBe('');
    expect(list[0].trackingUrl).toMatch(/^https:\/\//);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('lists nothing for an order without shipments, and a failed attempt with its reason and no label link', async () => {
    await services.settings.set('shipping_provider', 'geliver');
    const placed = await preparedOrder();
    expect((await owner.get(listUrl(placed.orderNo))).json()).toEqual({
      shippingProvider: 'geliver',
      shipments: [],
    });
    await services.settings.set('shipping_provider', 'manual');
    expect((await owner.get(listUrl(placed.orderNo))).json().shippingProvider).toBe('manual');
    await services.settings.set('shipping_provider', 'geliver');

    env.GELIVER_API_TOKEN = 'yanlis-anahtar';
    try {
      const refused = await owner.post(`/api/admin/orders/${placed.orderNo}/shipments`);
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      env.GELIVER_API_TOKEN = geliver.token;
    }
    const { shipments: list } = (await owner.get(listUrl(placed.orderNo))).json();
    expect(list).toHaveLength(1);
    expect(list[0].status).not.toBe('created');
    expect(list[0].labelUrl).toBe('');
    expect(list[0].lastError).toMatch(/[a-zçğıöşü]/);
  });

  it('answers 404 SIPARIS_BULUNAMADI for an unknown order, 400 for a malformed number', async () => {
    const unknown = await owner.get(listUrl('YOK-123'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('SIPARIS_BULUNAMADI');
    const bad = await owner.get(listUrl('k%C3%B6t%C3%BC'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('GECERSIZ_ISTEK');
  });
});

describe('labels of several orders', () => {
  it("answers one PDF of each order's label, in the order given, from both carriers", async () => {
    const a = await shippedOrder('geliver');
    const b = await shippedOrder('yurtici');
    const c = await shippedOrder('geliver');
    const numbers = [c.placed.orderNo, a.placed.orderNo, b.placed.orderNo];
    const res = await owner.post(LABELS, { numbers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const merged = await PDFDocument.load(res.rawPayload);

    let pages = 0;
    for (const one of [c, a, b]) {
      const label = await owner.get(one.shipment.labelUrl);
      pages += (await PDFDocument.load(label.rawPayload)).getPageCount();
    }
    expect(merged.getPageCount()).toBe(pages);
    expect(merged.getTitle()).toBe('Kargo etiketleri');
    // The stand-in's Geliver labels write their tracking numbers as plain text: c's page comes before a's.
    const text = res.rawPayload.toString('latin1');
    expect(text.indexOf(c.shipment.trackingNo)).toBeGreaterThan(-1);
    expect(text.indexOf(c.shipment.trackingNo)).toBeLessThan(text.indexOf(a.shipment.trackingNo));
  });

  it('prints the latest label of an order that has more than one', async () => {
    const { placed } = await shippedOrder('geliver');
    const [first] = await db.select().from(shipments).where(eq(shipments.orderId, placed.id));
    // A second label of the same order (a parcel sent again), bought later: the one to print.
    await db.insert(shipments).values({
      ...first!,
      id: undefined,
      requestKey: `${placed.orderNo}-2`,
      carrierShipmentId: 'yok-boyle-gonderi',
    });
    const res = await owner.post(LABELS, { numbers: [placed.orderNo] });
    // The stand-in has no such shipment: the latest one was asked for, not the first.
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('KARGO_GONDERI_YOK');
  });

  it('refuses an unknown order with 404 SIPARIS_BULUNAMADI naming it, no carrier asked', async () => {
    const { placed } = await shippedOrder('geliver');
    const before = geliver.requests.length;
    const res = await owner.post(LABELS, { numbers: [placed.orderNo, 'YOK-999'] });
    expect(res.statusCode).toBe(404);
    const { error } = res.json();
    expect(error.code).toBe('SIPARIS_BULUNAMADI');
    expect(error.message).toContain('YOK-999');
    expect(geliver.requests.length).toBe(before);
  });

  it('refuses an order without a label with 409 ETIKET_YOK naming it, no carrier asked', async () => {
    const { placed } = await shippedOrder('geliver');
    const bare = await preparedOrder();
    const before = geliver.requests.length;
    const res = await owner.post(LABELS, { numbers: [placed.orderNo, bare.orderNo] });
    expect(res.statusCode).toBe(409);
    const { error } = res.json();
    expect(error.code).toBe('ETIKET_YOK');
    expect(error.message).toContain(bare.orderNo);
    expect(error.message).not.toContain(placed.orderNo);
    expect(geliver.requests.length).toBe(before);
  });

  it('answers 503 KARGO_ULASILAMIYOR in Turkish while the carrier is down', async () => {
    const { placed } = await shippedOrder('geliver');
    geliver.failNext(1, { status: 500 });
    const res = await owner.post(LABELS, { numbers: [placed.orderNo] });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('KARGO_ULASILAMIYOR');
    expect(res.json().error.message).toMatch(/[a-zçğıöşü]/);
  });

  it.each([
    ['no body', undefined, ''],
    ['no numbers', {}, 'numbers'],
    ['an empty list', { numbers: [] }, 'numbers'],
    ['numbers not a list', { numbers: 'SP-1' }, 'numbers'],
    ['a number that is not text', { numbers: [12] }, 'numbers.0'],
    ['a malformed number', { numbers: ['SP 1; drop'] }, 'numbers.0'],
    ['the same order twice', { numbers: ['SP-1', 'SP-1'] }, 'numbers'],
    ['more than 50 orders', { numbers: Array.from({ length: 51 }, (_, i) => `SP-${i}`) }, 'numbers'],
  ])('refuses %s with 400 GECERSIZ_ISTEK in Turkish', async (_name, body, field) => {
    const res = await owner.post(LABELS, body);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('GECERSIZ_ISTEK');
    expect(error.message).toMatch(/[a-zçğıöşü]/);
    if (field) expect(error.fields[field]).toMatch(/[a-zçğıöşü]/);
  });
});

describe('who may read shipments and print labels', () => {
  it('refuses an anonymous visitor and a customer (401); every staff role may read (orders.read)', async () => {
    const { placed } = await shippedOrder('geliver');
    const customer = await registeredBrowser(app, 4141);
    for (const b of [visitor(app), customer]) {
      const list = await b.get(listUrl(placed.orderNo));
      expect(list.statusCode).toBe(401);
      const labels = await b.post(LABELS, { numbers: [placed.orderNo] });
      expect(labels.statusCode).toBe(401);
      expect(labels.headers['content-type']).not.toBe('application/pdf');
    }
    expect((await support.get(listUrl(placed.orderNo))).statusCode).toBe(200);
    expect((await support.post(LABELS, { numbers: [placed.orderNo] })).statusCode).toBe(200);
  });
});
