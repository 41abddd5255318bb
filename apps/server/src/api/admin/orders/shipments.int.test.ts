import path from 'node:path';
import { mailQueue, orderHistory, orders, shipments } from '@vitrin/core/db/schema';
import { createMailer } from '@vitrin/core/mail/mailer';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { openCarrierShop, SHOP_SENDER } from '@vitrin/testing/carrier-shop';
import { openOrderWorld } from '@vitrin/testing/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, registeredBrowser, browser as visitor } from '../../../../test/accounts.ts';
import { createTestServices, tempDir, testConfig } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';
import { buildApp } from '../../../http/app.ts';

/**
 * Labels bought from the panel (issue 41) against the Geliver and Yurtiçi Kargo stand-ins: the order in
 * "Kargoya Verildi" with the tracking number and the shopper's e-mail, the label's PDF, one label however
 * often it is asked for, the carrier down, wrong or missing keys, `manual`, who may call, bad bodies.
 */
const carriers = await openCarrierShop();
const { geliver, yurtici, env } = carriers;
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

/** A Havale / EFT order moved to "Hazırlanıyor" (the transfer arrived): ready to ship. */
async function preparedOrder() {
  const placed = await w.placeOrder();
  await services.orders.changeStatus(placed.id, ORDER_STATE.Preparing, { actor: 'operator' });
  return placed;
}

const shipmentsOf = (orderId: number) => db.select().from(shipments).where(eq(shipments.orderId, orderId));
const orderRow = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const shipUrl = (orderNo: string) => `/api/admin/orders/${orderNo}/shipments`;

describe.each([
  { name: 'Geliver', use: useGeliver, purchases: () => geliver.labelPurchases() },
  { name: 'Yurtiçi Kargo', use: useYurtici, purchases: () => yurtici.creates },
])('a label from $name', ({ use, purchases }) => {
  it('buys the label, moves the order to Kargoya Verildi with its tracking number and mails the shopper', async () => {
    await use();
    const placed = await preparedOrder();
    const before = purchases();
    const res = await owner.post(shipUrl(placed.orderNo));
    expect(res.statusCode, res.body).toBe(201);
    const { shipment } = res.json();
    expect(shipment).toMatchObject({ orderNo: placed.orderNo, kind: 'outbound', status: 'created' });
    expect(shipment.trackingNo).toMatch(/^[A-Z0-9]+$/);
    expect(shipment.trackingUrl).toMatch(/^https:\/\//);
    expect(shipment.labelUrl).toBe(`/api/admin/orders/${placed.orderNo}/shipments/${shipment.id}/label`);
    expect(purchases()).toBe(before + 1);

    const order = await orderRow(placed.id);
    expect(order.status).toBe(ORDER_STATE.Shipped);
    expect(order.cargoCompany).toBe(shipment.carrier);
    expect(order.trackingNo).toBe(shipment.trackingNo);
    const [row] = await shipmentsOf(placed.id);
    expect(row).toMatchObject({ requestKey: `${placed.orderNo}-1`, status: 'created', attempts: 1 });

    const mails = await db
      .select()
      .from(mailQueue)
      .where(and(eq(mailQueue.toAddress, order.email)));
    expect(mails.some((m) => m.bodyText.includes(shipment.trackingNo))).toBe(true);

    const detail = await owner.get(`/api/admin/orders/${placed.orderNo}`);
    expect(detail.json().order.cargo).toMatchObject({ trackingNo: shipment.trackingNo });

    const label = await owner.get(shipment.labelUrl);
    expect(label.statusCode, label.body).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers the first label again to a repeat: one label bought, one history entry', async () => {
    await use();
    const placed = await preparedOrder();
    const before = purchases();
    const first = await owner.post(shipUrl(placed.orderNo));
    const again = await owner.post(shipUrl(placed.orderNo), { parcels: [{ weightKg: 2 }] });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().shipment).toEqual(first.json().shipment);
    expect(purchases()).toBe(before + 1);
    expect(await shipmentsOf(placed.id)).toHaveLength(1);
  });

  it('buys one label for two requests at once (a double click), both answered with it', async () => {
    await use();
    const placed = await preparedOrder();
    const before = purchases();
    const answers = await Promise.all([
      owner.post(shipUrl(placed.orderNo)),
      owner.post(shipUrl(placed.orderNo)),
    ]);
    for (const a of answers) expect([200, 201], a.body).toContain(a.statusCode);
    const [one, two] = answers.map((a) => a.json().shipment);
    expect(one.trackingNo).toBe(two.trackingNo);
    expect(purchases()).toBe(before + 1);
    expect(await shipmentsOf(placed.id)).toHaveLength(1);
    const order = await orderRow(placed.id);
    expect(order).toMatchObject({ status: ORDER_STATE.Shipped, trackingNo: one.trackingNo });
    const history = await db.select().from(orderHistory).where(eq(orderHistory.orderId, placed.id));
    expect(history.filter((h) => h.toStatus === ORDER_STATE.Shipped)).toHaveLength(1);
  });

  it('answers 503 with Retry-After while the carrier is down, leaves the order unchanged, then buys once', async () => {
    await use();
    const placed = await preparedOrder();
    const before = purchases();
    if (use === useGeliver) geliver.failNext(1, { status: 500 });
    else yurtici.failNext(1, 'http500');
    const down = await owner.post(shipUrl(placed.orderNo));
    expect(down.statusCode, down.body).toBe(503);
    expect(down.json().error).toMatchObject({ code: 'KARGO_ULASILAMIYOR' });
    expect(down.json().error.message).toMatch(/ulaşılamıyor|yanıt/i);
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    expect((await orderRow(placed.id)).status).toBe(ORDER_STATE.Preparing);
    const [pending] = await shipmentsOf(placed.id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, requestKey: `${placed.orderNo}-1` });
    expect(pending!.lastError).toBeTruthy();
    expect(pending!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());

    const up = await owner.post(shipUrl(placed.orderNo));
    expect(up.statusCode, up.body).toBe(201);
    expect((await orderRow(placed.id)).status).toBe(ORDER_STATE.Shipped);
    const rows = await shipmentsOf(placed.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'created', attempts: 2, lastError: null, nextAttemptAt: null });
    expect(purchases()).toBe(before + 1);
  });
});

describe.each([
  {
    name: 'Geliver',
    use: useGeliver,
    lose: () =>
      geliver.failNext(1, { status: 500, carryOut: true }, { method: 'POST', path: '/transactions' }),
    purchases: () => geliver.labelPurchases(),
  },
  {
    name: 'Yurtiçi Kargo',
    use: useYurtici,
    lose: () => yurtici.failNext(1, 'lose'),
    purchases: () => yurtici.creates,
  },
])('$name bought the label but its answer was lost', ({ use, lose, purchases }) => {
  it('answers 503, and the retry finds the label bought the first time (one label)', async () => {
    await use();
    const placed = await preparedOrder();
    const before = purchases();
    lose();
    const lost = await owner.post(shipUrl(placed.orderNo));
    expect(lost.statusCode, lost.body).toBe(503);
    expect((await orderRow(placed.id)).status).toBe(ORDER_STATE.Preparing);
    const retry = await owner.post(shipUrl(placed.orderNo));
    expect(retry.statusCode, retry.body).toBe(201);
    expect(purchases()).toBe(before + 1);
    expect(await shipmentsOf(placed.id)).toMatchObject([
      { requestKey: `${placed.orderNo}-1`, status: 'created' },
    ]);
    expect((await orderRow(placed.id)).trackingNo).toBe(retry.json().shipment.trackingNo);
  });
});

describe('a kapıda ödeme order', () => {
  /** A cash-on-delivery order ready to ship, and its total in kuruş. */
  async function codOrder() {
    const placed = await w.placeOrder({ paymentMethod: 'cod' });
    await services.orders.changeStatus(placed.id, ORDER_STATE.Preparing, { actor: 'operator' });
    return { ...placed, totalMinor: (await orderRow(placed.id)).totalMinor };
  }

  it("is sent through Geliver as payment on delivery, the order's total named", async () => {
    await useGeliver();
    const placed = await codOrder();
    const res = await owner.post(shipUrl(placed.orderNo));
    expect(res.statusCode, res.body).toBe(201);
    const created = geliver.requests.findLast((r) => r.method === 'POST' && r.path === '/shipments');
    expect(created?.body).toMatchObject({
      productPaymentOnDelivery: true,
      order: { orderNumber: `${placed.orderNo}-1`, totalAmount: (placed.totalMinor / 100).toFixed(2) },
    });
    const [row] = await shipmentsOf(placed.id);
    expect(row!.request.cashOnDeliveryMinor).toBe(placed.totalMinor);
  });

  it('is sent to Yurtiçi Kargo with the amount to collect in cash, its label printed', async () => {
    await useYurtici();
    const placed = await codOrder();
    const res = await owner.post(shipUrl(placed.orderNo));
    expect(res.statusCode, res.body).toBe(201);
    const sent = [...yurtici.shipments.values()].at(-1)!.fields;
    expect(sent.ttInvoiceAmount).toBe((placed.totalMinor / 100).toFixed(2));
    expect(sent.ttCollectionType).toBe('0');
    const label = await owner.get(res.json().shipment.labelUrl);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
  });

  it('and only it: a Havale / EFT order goes to either carrier without an amount to collect', async () => {
    await useGeliver();
    const placed = await preparedOrder();
    expect((await owner.post(shipUrl(placed.orderNo))).statusCode).toBe(201);
    const created = geliver.requests.findLast((r) => r.method === 'POST' && r.path === '/shipments');
    expect(created?.body).not.toHaveProperty('productPaymentOnDelivery');
    const sentToYurtici = async () => {
      await useYurtici();
      const other = await preparedOrder();
      expect((await owner.post(shipUrl(other.orderNo))).statusCode).toBe(201);
      return [...yurtici.shipments.values()].at(-1)!.fields;
    };
    expect((await sentToYurtici()).ttInvoiceAmount).toBeUndefined();
  });
});

describe('a label that cannot be bought', () => {
  it('refuses wrong Geliver keys with KARGO_YETKI_YOK in Turkish, the order unchanged', async () => {
    await useGeliver();
    env.GELIVER_API_TOKEN = 'yanlis-anahtar';
    const placed = await preparedOrder();
    const res = await owner.post(shipUrl(placed.orderNo));
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({ code: 'KARGO_YETKI_YOK' });
    expect(res.json().error.message).toMatch(/Geliver/);
    expect((await orderRow(placed.id)).status).toBe(ORDER_STATE.Preparing);
    expect(await shipmentsOf(placed.id)).toMatchObject([{ status: 'failed' }]);
  });

  it('refuses wrong Yurtiçi keys with a Turkish error, the order unchanged', async () => {
    await useYurtici();
    env.YURTICI_PASSWORD = 'yanlis';
    const placed = await preparedOrder();
    const res = await owner.post(shipUrl(placed.orderNo));
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({ code: 'KARGO_YETKI_YOK' });
    expect(res.json().error.message).toMatch(/Yurtiçi/);
    expect((await orderRow(placed.id)).status).toBe(ORDER_STATE.Preparing);
    expect(await shipmentsOf(placed.id)).toMatchObject([{ status: 'failed' }]);
  });

  it.each([
    ['geliver', 'GELIVER_API_TOKEN'],
    ['yurtici', 'YURTICI_USERNAME'],
  ] as const)(
    'refuses %s without its keys in the environment: 409 KARGO_ANAHTARI_YOK naming %s',
    async (name, key) => {
      await services.settings.set('shipping_provider', name);
      const placed = await preparedOrder();
      const res = await owner.post(shipUrl(placed.orderNo));
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'KARGO_ANAHTARI_YOK' });
      expect(res.json().error.message).toContain(key);
      expect(await shipmentsOf(placed.id)).toHaveLength(0);
    },
  );

  it("refuses without the shop's sender address: 409 GONDERICI_ADRESI_YOK, nothing bought", async () => {
    await useGeliver();
    await services.settings.set('shipping_sender', '');
    try {
      const placed = await preparedOrder();
      const before = geliver.labelPurchases();
      const res = await owner.post(shipUrl(placed.orderNo));
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('GONDERICI_ADRESI_YOK');
      expect(res.json().error.message).toContain('shipping_sender');
      expect(geliver.labelPurchases()).toBe(before);
    } finally {
      await services.settings.set('shipping_sender', JSON.stringify(SHOP_SENDER));
    }
  });

  it('refuses when shipping_provider is manual: 409 KARGO_ENTEGRASYONU_YOK', async () => {
    await services.settings.set('shipping_provider', 'manual');
    const placed = await preparedOrder();
    const res = await owner.post(shipUrl(placed.orderNo));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('KARGO_ENTEGRASYONU_YOK');
    expect(res.json().error.message).toMatch(/elle/);
    expect((await orderRow(placed.id)).status).toBe(ORDER_STATE.Preparing);
  });

  it('refuses an order not yet ready to ship (Sipariş Alındı): 409 GECERSIZ_DURUM_GECISI, nothing bought', async () => {
    await useGeliver();
    const placed = await w.placeOrder();
    const before = geliver.labelPurchases();
    const res = await owner.post(shipUrl(placed.orderNo));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('GECERSIZ_DURUM_GECISI');
    expect(geliver.labelPurchases()).toBe(before);
  });

  it('answers 404 SIPARIS_BULUNAMADI for an unknown order, and for its label', async () => {
    await useGeliver();
    const res = await owner.post(shipUrl('VTYOKBOYLE1'));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('SIPARIS_BULUNAMADI');
    const label = await owner.get('/api/admin/orders/VTYOKBOYLE1/shipments/1/label');
    expect(label.statusCode).toBe(404);
    expect(label.json().error.code).toBe('SIPARIS_BULUNAMADI');
  });

  it("answers 404 GONDERI_BULUNAMADI for another order's or an unknown shipment's label", async () => {
    await useGeliver();
    const placed = await preparedOrder();
    const other = await preparedOrder();
    const { shipment } = (await owner.post(shipUrl(placed.orderNo))).json();
    const res = await owner.get(`/api/admin/orders/${other.orderNo}/shipments/${shipment.id}/label`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('GONDERI_BULUNAMADI');
  });
});

describe('who may buy and print labels', () => {
  it('refuses an anonymous visitor and a customer (401), and a role without orders.write (403)', async () => {
    await useGeliver();
    const placed = await preparedOrder();
    const { shipment } = (await owner.post(shipUrl(placed.orderNo))).json();
    const fresh = await preparedOrder();
    const customer = await registeredBrowser(app, 4101);
    for (const b of [visitor(app), customer]) {
      expect((await b.post(shipUrl(fresh.orderNo))).statusCode).toBe(401);
      expect((await b.get(shipment.labelUrl)).statusCode).toBe(401);
    }
    const refused = await support.post(shipUrl(fresh.orderNo));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('YETKI_YOK');
    expect(await shipmentsOf(fresh.id)).toHaveLength(0);
    expect((await orderRow(fresh.id)).status).toBe(ORDER_STATE.Preparing);
  });
});

describe('a bad body', () => {
  it.each([
    ['a negative weight', { parcels: [{ weightKg: -1 }] }, 'parcels.0.weightKg'],
    ['a zero weight', { parcels: [{ weightKg: 0 }] }, 'parcels.0.weightKg'],
    ['a weight as text', { parcels: [{ weightKg: '2' }] }, 'parcels.0.weightKg'],
    ['no weight', { parcels: [{ desi: 2 }] }, 'parcels.0.weightKg'],
    ['a negative desi', { parcels: [{ weightKg: 1, desi: -3 }] }, 'parcels.0.desi'],
    ['a desi as text', { parcels: [{ weightKg: 1, desi: 'üç' }] }, 'parcels.0.desi'],
    ['too heavy a parcel', { parcels: [{ weightKg: 5000 }] }, 'parcels.0.weightKg'],
    ['too many parcels', { parcels: Array.from({ length: 11 }, () => ({ weightKg: 1 })) }, 'parcels'],
    ['no parcels', { parcels: [] }, 'parcels'],
    ['parcels not a list', { parcels: 'iki' }, 'parcels'],
  ])('refuses %s with 400 GECERSIZ_ISTEK naming the field, nothing bought', async (_name, body, field) => {
    await useGeliver();
    const placed = await preparedOrder();
    const before = geliver.labelPurchases();
    const res = await owner.post(shipUrl(placed.orderNo), body);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('GECERSIZ_ISTEK');
    expect(Object.keys(error.fields)).toContain(field);
    expect(error.fields[field]).toMatch(/[a-zçğıöşü]/);
    expect(geliver.labelPurchases()).toBe(before);
    expect(await shipmentsOf(placed.id)).toHaveLength(0);
  });

  it('takes the parcels it is given to the carrier', async () => {
    await useYurtici();
    const placed = await preparedOrder();
    const res = await owner.post(shipUrl(placed.orderNo), {
      parcels: [{ weightKg: 2.5, desi: 4 }, { weightKg: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await shipmentsOf(placed.id);
    expect(row!.request.parcels).toEqual([{ weightKg: 2.5, desi: 4 }, { weightKg: 1 }]);
  });

  it('refuses a shipment id that is not a number with 400 GECERSIZ_ISTEK', async () => {
    const placed = await preparedOrder();
    const res = await owner.get(`/api/admin/orders/${placed.orderNo}/shipments/abc/label`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
  });
});

describe('the shipping_provider setting', () => {
  it('takes manual, geliver and yurtici from the panel and refuses anything else in Turkish', async () => {
    for (const value of ['geliver', 'yurtici', 'manual']) {
      const res = await owner.patch('/api/admin/settings', { shipping_provider: value });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().settings.shipping_provider).toBe(value);
    }
    const bad = await owner.patch('/api/admin/settings', { shipping_provider: 'aras' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.shipping_provider).toBe('Değer manual, geliver ya da yurtici olmalıdır.');
  });

  it.each([
    ['not JSON', '{il: İstanbul', 'JSON biçiminde'],
    ['without its ilçe', JSON.stringify({ ...SHOP_SENDER, district: '' }), 'İlçe boş olamaz'],
    [
      'with a 4-digit posta kodu',
      JSON.stringify({ ...SHOP_SENDER, postalCode: '3437' }),
      'Posta kodu 5 rakam',
    ],
    ['with letters in the phone', JSON.stringify({ ...SHOP_SENDER, phone: 'bir iki üç' }), 'Telefon'],
  ])('refuses a sender address %s with a Turkish message (shipping_sender)', async (_name, raw, words) => {
    await expect(services.settings.set('shipping_sender', raw)).rejects.toMatchObject({
      code: 'AYAR_DEGERI_GECERSIZ',
      message: expect.stringContaining(words),
    });
    expect(await services.settings.get('shipping_sender')).toEqual(SHOP_SENDER);
  });

  it('is refused by the registry (the CLI) with a Turkish message', async () => {
    await expect(services.settings.set('shipping_provider', 'aras')).rejects.toMatchObject({
      code: 'AYAR_DEGERI_GECERSIZ',
      message: expect.stringContaining('manual, geliver ya da yurtici'),
    });
  });
});
