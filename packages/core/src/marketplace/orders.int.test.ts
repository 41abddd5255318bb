import { randomUUID } from 'node:crypto';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { channelPackage } from '@vitrin/testing/channel-packages';
import { guest, guestCheckoutForm, type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { startTrendyolServer, type TrendyolContractServer } from '@vitrin/testing/trendyol-server';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../customers/tokens.ts';
import {
  channelOrders,
  orderHistory,
  orderItems,
  orderNotes,
  orders,
  products,
  productVariants,
  stockMovements,
} from '../db/schema.ts';
import type { MarketplaceChannel } from './channel.ts';
import {
  importPackages,
  type MarketplaceOrderDeps,
  packagesCursor,
  REFUSED,
  sendPackageStatuses,
  targetState,
} from './orders.ts';
import { createTrendyolChannel } from './trendyol/trendyol.ts';

let t: OpenTestShop;
let deps: MarketplaceOrderDeps;
beforeAll(async () => {
  t = await openTestShop();
  deps = {
    db: t.db,
    orders: t.services.orders,
    rates: async () => ({ usd_rate: '41.25', eur_rate: '47.80' }),
  };
  await t.db.update(products).set({ barcode: '8690000000011' }).where(eq(products.id, t.shop.kupa));
  await t.db
    .update(productVariants)
    .set({ barcode: '8690000000028' })
    .where(eq(productVariants.id, t.shop.variants.mavi));
});
afterAll(() => t.dispose());

const pkg = channelPackage;

const KUPA = '8690000000011';
const MAVI = '8690000000028';

async function channelRow(packageId: string) {
  const [row] = await t.db.select().from(channelOrders).where(eq(channelOrders.packageId, packageId));
  return row!;
}
async function orderOf(packageId: string) {
  const row = await channelRow(packageId);
  const [order] = await t.db.select().from(orders).where(eq(orders.id, row.orderId));
  return order!;
}
async function history(orderId: number) {
  return t.db
    .select({ from: orderHistory.fromStatus, to: orderHistory.toStatus, actor: orderHistory.actor })
    .from(orderHistory)
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(asc(orderHistory.id));
}
const variantStock = async () =>
  (
    await t.db
      .select({ s: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, t.shop.variants.mavi))
  )[0]!.s;

describe('marketplace packages into orders', () => {
  it('makes one order of a new package: channel shown, its buyer and address, paid to the marketplace, stock taken, no mail', async () => {
    await t.setStock(t.shop.kupa, 10);
    const mavi = await variantStock();
    const mails = await t.count('mail_queue');
    const p = pkg([
      [KUPA, 2],
      [MAVI, 1],
    ]);
    const result = await importPackages(deps, 'trendyol', [p]);
    expect(result.created).toHaveLength(1);
    expect(result.created[0]).toMatchObject({ packageId: p.packageId, shortfall: 0 });
    const order = await orderOf(p.packageId);
    expect(order).toMatchObject({
      orderNo: result.created[0]!.orderNo,
      status: ORDER_STATE.Received,
      paymentMethod: 'marketplace',
      paymentStatus: 'paid',
      customerId: null,
      email: 'pf+abc@trendyolmail.com',
      totalMinor: 75_000,
      subtotalMinor: 75_000,
    });
    expect(order.orderNo).toMatch(/^VT-[A-HJKMNP-Z2-9]{8}$/);
    expect(order.shippingAddress).toMatchObject({
      province: 'İzmir',
      provinceCode: 35,
      district: 'Karşıyaka',
    });
    expect(await channelRow(p.packageId)).toMatchObject({
      channel: 'trendyol',
      channelOrderNumber: p.orderNumber,
      channelStatus: 'Created',
      shortfall: [],
    });
    expect(await t.stockOf(t.shop.kupa)).toBe(8);
    expect(await variantStock()).toBe(mavi - 1);
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.map((l) => [l.productId, l.variantId, l.quantity, l.stockTaken])).toEqual([
      [t.shop.kupa, null, 2, true],
      [t.shop.pestemal, t.shop.variants.mavi, 1, true],
    ]);
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.orderId, order.id));
    expect(moves.map((m) => [m.reason, m.change])).toEqual(
      expect.arrayContaining([
        ['sipariş', -2],
        ['sipariş', -1],
      ]),
    );
    expect(await history(order.id)).toEqual([{ from: null, to: 0, actor: 'channel' }]);
    expect(await t.count('mail_queue')).toBe(mails);
    expect(await packagesCursor(t.db, 'trendyol')).toEqual(new Date(p.lastModifiedAt));
  });

  it('makes nothing of a package seen again, and brings its new status in through the state table', async () => {
    await t.setStock(t.shop.kupa, 10);
    const p = pkg([[KUPA, 1]]);
    await importPackages(deps, 'trendyol', [p]);
    const count = await t.count('orders');
    const again = await importPackages(deps, 'trendyol', [p]);
    expect(again).toMatchObject({ created: [], updated: 1 });
    expect(await t.count('orders')).toBe(count);
    expect(await t.stockOf(t.shop.kupa)).toBe(9);

    const shipped = { ...p, status: 'Shipped' as const, lastModifiedAt: '2026-11-30T09:00:00.000Z' };
    await importPackages(deps, 'trendyol', [shipped]);
    const order = await orderOf(p.packageId);
    expect(order).toMatchObject({
      status: ORDER_STATE.Shipped,
      cargoCompany: 'Trendyol Express',
      trackingNo: p.cargo.trackingNumber,
    });
    expect((await channelRow(p.packageId)).channelStatus).toBe('Shipped');
    await importPackages(deps, 'trendyol', [{ ...shipped, status: 'Delivered' }]);
    expect((await orderOf(p.packageId)).status).toBe(ORDER_STATE.Delivered);
    expect((await history(order.id)).map((h) => [h.from, h.to, h.actor])).toEqual([
      [null, 0, 'channel'],
      [0, 1, 'channel'],
      [1, 2, 'channel'],
      [2, 3, 'channel'],
      [3, 4, 'channel'],
    ]);
    expect(await t.count('orders')).toBe(count);
  });

  it('maps the package states to the order states', () => {
    expect(targetState('Created')).toBeNull();
    expect(targetState('Picking')).toBeNull();
    expect(targetState('Invoiced')).toBeNull();
    expect(targetState('Shipped')).toBe(ORDER_STATE.Shipped);
    expect(targetState('Delivered')).toBe(ORDER_STATE.Delivered);
    expect(targetState('UnDelivered')).toBe(ORDER_STATE.NotDelivered);
    expect(targetState('Cancelled')).toBe(ORDER_STATE.Cancelled);
    expect(targetState('UnSupplied')).toBe(ORDER_STATE.Cancelled);
    expect(targetState('Returned')).toBe(ORDER_STATE.Cancelled);
  });

  it('puts the stock back once when the marketplace cancels, even when the cancellation is seen twice', async () => {
    for (const status of ['Cancelled', 'UnSupplied'] as const) {
      await t.setStock(t.shop.kupa, 5);
      const p = pkg([[KUPA, 3]]);
      await importPackages(deps, 'trendyol', [p]);
      expect(await t.stockOf(t.shop.kupa)).toBe(2);
      const cancelled = { ...p, status, lastModifiedAt: '2026-11-30T10:00:00.000Z' };
      await importPackages(deps, 'trendyol', [cancelled]);
      await importPackages(deps, 'trendyol', [cancelled]);
      const order = await orderOf(p.packageId);
      expect(order).toMatchObject({ status: ORDER_STATE.Cancelled, paymentStatus: 'refunded' });
      expect(await t.stockOf(t.shop.kupa)).toBe(5);
      expect((await history(order.id)).map((h) => h.to)).toEqual([0, 6]);
    }
  });

  it('gives a delivered order returned on the marketplace its units back to stock once', async () => {
    await t.setStock(t.shop.kupa, 5);
    const p = pkg([[KUPA, 2]]);
    await importPackages(deps, 'trendyol', [{ ...p, status: 'Delivered' }]);
    expect(await t.stockOf(t.shop.kupa)).toBe(3);
    expect((await orderOf(p.packageId)).status).toBe(ORDER_STATE.Delivered);
    const returned = { ...p, status: 'Returned' as const, lastModifiedAt: '2026-12-01T10:00:00.000Z' };
    await importPackages(deps, 'trendyol', [returned]);
    await importPackages(deps, 'trendyol', [returned]);
    expect(await t.stockOf(t.shop.kupa)).toBe(5);
    const order = await orderOf(p.packageId);
    expect(order.status).toBe(ORDER_STATE.Delivered);
    expect((await channelRow(p.packageId)).channelStatus).toBe('Returned');
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.orderId, order.id));
    expect(moves.map((m) => [m.reason, m.change])).toEqual([
      ['sipariş', -2],
      ['iade', 2],
    ]);
  });

  it('makes nothing of a package first seen cancelled (nothing was sold)', async () => {
    const count = await t.count('orders');
    const result = await importPackages(deps, 'trendyol', [pkg([[KUPA, 1]], { status: 'Cancelled' })]);
    expect(result).toMatchObject({ created: [], skipped: 1 });
    expect(await t.count('orders')).toBe(count);
  });

  it('records a package the stock cannot cover (the sale happened) with its shortfall named for the owner', async () => {
    await t.setStock(t.shop.kupa, 1);
    const p = pkg([
      [KUPA, 3],
      ['0000000000000', 1],
    ]);
    const result = await importPackages(deps, 'trendyol', [p]);
    expect(result.created[0]).toMatchObject({ shortfall: 2 });
    const row = await channelRow(p.packageId);
    expect(row.shortfall).toEqual([
      { barcode: KUPA, name: 'Sırlı Kupa', wanted: 3, available: 1 },
      { barcode: '0000000000000', name: 'Trendyol ürünü 0000000000000', wanted: 1, available: null },
    ]);
    expect(await t.stockOf(t.shop.kupa)).toBe(1);
    const order = await orderOf(p.packageId);
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.every((l) => !l.stockTaken)).toBe(true);
    const [note] = await t.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id));
    expect(note!.body).toContain(`Trendyol siparişi ${p.orderNumber}, paket ${p.packageId}`);
    expect(note!.body).toContain('Stok yetmedi');
    expect(note!.body).toContain('3 adet istendi, stokta 1 vardı');
    // Cancelling it gives back nothing it did not take.
    await importPackages(deps, 'trendyol', [{ ...p, status: 'UnSupplied' }]);
    expect(await t.stockOf(t.shop.kupa)).toBe(1);
  });
});

describe('a marketplace package and a storefront checkout for the last piece', () => {
  it('gives the piece to exactly one of them; a package that loses is recorded with its shortfall', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 4; round++) {
      await t.setStock(t.shop.kupa, 1);
      const owner = { token: newToken() };
      await t.services.cart.add(owner, { productId: t.shop.kupa, quantity: 1 } as never, guest);
      const p = pkg([[KUPA, 1]]);
      const [checkout, imported] = await Promise.allSettled([
        t.services.checkout.place(owner, { ...guest, phone: null }, guestCheckoutForm(), randomUUID()),
        importPackages(deps, 'trendyol', [p]),
      ]);
      expect(imported.status).toBe('fulfilled');
      const shortfall = (await channelRow(p.packageId)).shortfall;
      if (checkout.status === 'fulfilled') {
        expect(shortfall).toHaveLength(1);
        outcomes.add('storefront');
      } else {
        expect((checkout.reason as { code: string }).code).toBe('STOK_YETERSIZ');
        expect(shortfall).toEqual([]);
        outcomes.add('marketplace');
      }
      expect(await t.stockOf(t.shop.kupa)).toBe(0);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});

/** The Trendyol adapter on the stand-in, on the stand-in's clock. */
const trendyolOn = (server: TrendyolContractServer): MarketplaceChannel =>
  createTrendyolChannel({
    sellerId: server.sellerId,
    apiKey: server.apiKey,
    apiSecret: server.apiSecret,
    baseUrl: server.url,
    timeoutMs: 5_000,
    now: () => server.now().getTime(),
  });

describe('a Trendyol package end to end, and its statuses back (the stand-in of the partner API)', () => {
  let trendyol: TrendyolContractServer;
  let channel: MarketplaceChannel;
  beforeAll(async () => {
    trendyol = await startTrendyolServer({ now: new Date('2026-12-02T09:00:00Z') });
    channel = trendyolOn(trendyol);
    trendyol.seedListings([{ barcode: KUPA, quantity: 10, salePrice: 250, listPrice: 300 }]);
  });
  afterAll(() => trendyol.close());

  /** A new package on the stand-in, read through the adapter and brought in: its order. */
  async function pulled(quantity = 1) {
    const made = trendyol.addPackage({ lines: [{ barcode: KUPA, quantity, price: 250 }] });
    const page = await channel.packages(new Date('2026-12-01T00:00:00Z'), 0);
    const result = await importPackages(deps, 'trendyol', page.items);
    expect(result.created.map((c) => c.packageId)).toContain(String(made.id));
    return { packageId: String(made.id), order: await orderOf(String(made.id)) };
  }

  it('sends Picking once the order is prepared, waits while Trendyol is away, then Invoiced with the number; Shipped comes back', async () => {
    await t.setStock(t.shop.kupa, 10);
    const { packageId, order } = await pulled(2);
    expect(await t.stockOf(t.shop.kupa)).toBe(8);
    const now = trendyol.now();
    // Still Sipariş Alındı: nothing to tell.
    expect((await sendPackageStatuses({ db: t.db, now: () => now }, channel)).picking).toBe(0);
    await t.services.orders.changeStatus(order.id, ORDER_STATE.Preparing, { actor: 'operator' });

    trendyol.failNext(1, { status: 500 });
    const first = await sendPackageStatuses({ db: t.db, now: () => now }, channel);
    expect(first.failed).toEqual([{ orderNo: order.orderNo, message: expect.any(String), retryable: true }]);
    const waiting = await channelRow(packageId);
    expect(waiting).toMatchObject({ attempts: 1, pickingSentAt: null, lastError: expect.any(String) });
    expect(waiting.nextAttemptAt!.getTime()).toBeGreaterThan(now.getTime());
    expect(trendyol.package(packageId)!.status).toBe('Created');
    // Not before its time.
    expect(await sendPackageStatuses({ db: t.db, now: () => now }, channel)).toMatchObject({
      picking: 0,
      failed: [],
    });

    const later = new Date(waiting.nextAttemptAt!.getTime() + 1000);
    expect((await sendPackageStatuses({ db: t.db, now: () => later }, channel)).picking).toBe(1);
    expect(trendyol.package(packageId)!.status).toBe('Picking');
    expect(await channelRow(packageId)).toMatchObject({
      channelStatus: 'Picking',
      attempts: 0,
      lastError: null,
      nextAttemptAt: null,
    });

    await t.db
      .update(channelOrders)
      .set({ invoiceNumber: 'ABC2026000000123' })
      .where(eq(channelOrders.orderId, order.id));
    expect((await sendPackageStatuses({ db: t.db, now: () => later }, channel)).invoiced).toBe(1);
    expect(trendyol.package(packageId)!.status).toBe('Invoiced');
    expect((await channelRow(packageId)).channelStatus).toBe('Invoiced');
    expect(await sendPackageStatuses({ db: t.db, now: () => later }, channel)).toMatchObject({
      picking: 0,
      invoiced: 0,
    });

    trendyol.setPackageStatus(packageId, 'Shipped');
    const page = await channel.packages(new Date('2026-12-01T00:00:00Z'), 0);
    const again = await importPackages(
      deps,
      'trendyol',
      page.items.filter((p) => p.packageId === packageId),
    );
    expect(again).toMatchObject({ created: [], updated: 1 });
    expect(await orderOf(packageId)).toMatchObject({ status: ORDER_STATE.Shipped });
    expect((await channelRow(packageId)).channelStatus).toBe('Shipped');
  });

  it('keeps a refusal (401) for the owner and does not send it again', async () => {
    await t.setStock(t.shop.kupa, 10);
    const { packageId, order } = await pulled();
    await t.services.orders.changeStatus(order.id, ORDER_STATE.Preparing, { actor: 'operator' });
    trendyol.failNext(1, { status: 401 });
    const now = trendyol.now();
    const first = await sendPackageStatuses({ db: t.db, now: () => now }, channel);
    expect(first.failed.map((f) => [f.orderNo, f.retryable])).toEqual([[order.orderNo, false]]);
    expect((await channelRow(packageId)).lastError).toMatch(new RegExp(`^${REFUSED}`));
    const dayLater = new Date(now.getTime() + 86_400_000);
    expect(await sendPackageStatuses({ db: t.db, now: () => dayLater }, channel)).toMatchObject({
      picking: 0,
      failed: [],
    });
    expect(trendyol.package(packageId)!.status).toBe('Created');
  });
});
