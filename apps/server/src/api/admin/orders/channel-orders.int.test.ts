import { auditLog, channelOrders, products } from '@vitrin/core/db/schema';
import type { ChannelPackage } from '@vitrin/core/marketplace/channel';
import { importPackages } from '@vitrin/core/marketplace/orders';
import { channelPackage } from '@vitrin/testing/channel-packages';
import type { OrderWorld } from '@vitrin/testing/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, type Browser, browser } from '../../../../test/accounts.ts';
import { type AdminWorld, openAdminWorld } from '../../../../test/staff.ts';

const KUPA = '8690000000011';

let world: AdminWorld<'owner' | 'support'>;
let t: AccountTestApp;
let w: OrderWorld;
let owner: Browser;
let support: Browser;
beforeAll(async () => {
  world = await openAdminWorld('owner', 'support');
  ({ t, w } = world);
  owner = world.as.owner.b;
  support = world.as.support.b;
  await w.db.update(products).set({ barcode: KUPA }).where(eq(products.id, w.ids.single));
});
afterAll(() => world.close());

let last: ChannelPackage;
/** A Trendyol package of one piece brought into the shop; its order number (`last` is the package). */
async function channelOrder(): Promise<string> {
  last = channelPackage([[KUPA, 1]]);
  const deps = {
    db: w.db,
    orders: t.services.orders,
    rates: async () => ({ usd_rate: '41.25', eur_rate: '47.80' }),
  };
  const result = await importPackages(deps, 'trendyol', [last]);
  return result.created[0]!.orderNo;
}

const url = (orderNo: string) => `/api/admin/orders/${orderNo}/channel-invoice`;

describe('marketplace orders in the panel', () => {
  it("shows a marketplace order's channel block, null for a storefront order, and lists and filters by channel", async () => {
    const orderNo = await channelOrder();
    const storefront = await w.placeOrder({ email: 'magaza@ornek.test' });
    const detail = (await owner.get(`/api/admin/orders/${orderNo}`)).json();
    expect(detail.channel).toEqual({
      name: 'trendyol',
      label: 'Trendyol',
      orderNumber: last.orderNumber,
      packageId: last.packageId,
      status: 'Created',
      pickingSentAt: null,
      invoiceNumber: null,
      invoicedSentAt: null,
      lastError: null,
      nextAttemptAt: null,
      shortfall: [],
    });
    expect(detail.order).toMatchObject({
      paymentMethod: 'marketplace',
      paymentMethodLabel: 'Pazaryeri (Trendyol)',
    });
    expect(detail.history[0]).toMatchObject({ actor: 'channel' });
    expect((await owner.get(`/api/admin/orders/${storefront.orderNo}`)).json().channel).toBeNull();

    const listed = async (query: string) =>
      (await owner.get(`/api/admin/orders${query}`)).json().items as Array<{
        orderNo: string;
        channel: unknown;
      }>;
    const trendyol = await listed('?channel=trendyol');
    expect(trendyol.map((o) => o.orderNo)).toContain(orderNo);
    expect(trendyol.map((o) => o.orderNo)).not.toContain(storefront.orderNo);
    expect(trendyol.find((o) => o.orderNo === orderNo)!.channel).toEqual({
      name: 'trendyol',
      label: 'Trendyol',
      orderNumber: last.orderNumber,
    });
    const shop = await listed('?channel=storefront');
    expect(shop.map((o) => o.orderNo)).toContain(storefront.orderNo);
    expect(shop.map((o) => o.orderNo)).not.toContain(orderNo);
    const bad = await owner.get('/api/admin/orders?channel=n11');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.channel).toMatch(/trendyol/);
  });

  it('keeps the typed invoice number for the next round and records it in the audit log', async () => {
    const orderNo = await channelOrder();
    const res = await owner.put(url(orderNo), { invoiceNumber: ' ABC2026000000123 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ invoiceNumber: 'ABC2026000000123', invoicedSentAt: null });
    const [audit] = await w.db.select().from(auditLog).where(eq(auditLog.entityId, orderNo));
    expect(audit).toMatchObject({
      action: 'order.channel_invoice',
      after: { invoiceNumber: 'ABC2026000000123' },
    });
  });

  it('refuses an empty number (400)', async () => {
    const res = await owner.put(url(await channelOrder()), { invoiceNumber: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.invoiceNumber).toBe('Fatura numarasını yazın');
  });

  it('refuses a number too long (400)', async () => {
    const res = await owner.put(url(await channelOrder()), { invoiceNumber: 'A'.repeat(41) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.invoiceNumber).toContain('en fazla 40 karakter');
  });

  it('refuses an order that does not exist (404 SIPARIS_BULUNAMADI)', async () => {
    const res = await owner.put(url('VT-YOKYOKYO'), { invoiceNumber: 'ABC2026000000123' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('SIPARIS_BULUNAMADI');
  });

  it('refuses a storefront order (409 PAZARYERI_SIPARISI_DEGIL)', async () => {
    const order = await w.placeOrder();
    const res = await owner.put(url(order.orderNo), { invoiceNumber: 'ABC2026000000123' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'PAZARYERI_SIPARISI_DEGIL',
      message: expect.stringMatching(/pazaryeri/),
    });
  });

  it('refuses a new number once the marketplace took one (409 FATURA_BILDIRILDI)', async () => {
    const orderNo = await channelOrder();
    await owner.put(url(orderNo), { invoiceNumber: 'ABC2026000000123' });
    const [row] = await w.db.select().from(channelOrders).where(eq(channelOrders.packageId, last.packageId));
    await w.db
      .update(channelOrders)
      .set({ invoicedSentAt: new Date() })
      .where(eq(channelOrders.orderId, row!.orderId));
    const res = await owner.put(url(orderNo), { invoiceNumber: 'ABC2026000000999' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('FATURA_BILDIRILDI');
  });

  it('is refused to a role without order writes (403 YETKI_YOK), changing nothing', async () => {
    const orderNo = await channelOrder();
    const res = await support.put(url(orderNo), { invoiceNumber: 'ABC2026000000123' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('YETKI_YOK');
    expect((await owner.get(`/api/admin/orders/${orderNo}`)).json().channel.invoiceNumber).toBeNull();
  });

  it("never shows the channel's data to a shopper with the order's link", async () => {
    const orderNo = await channelOrder();
    await owner.put(url(orderNo), { invoiceNumber: 'ABC2026000000123' });
    const res = await browser(t.app).get(
      `/api/front/orders/${orderNo}?token=${t.services.orders.accessToken(orderNo)}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).not.toHaveProperty('channel');
    expect(JSON.stringify(body)).not.toContain(last.packageId);
    expect(JSON.stringify(body)).not.toContain('ABC2026000000123');
  });
});
