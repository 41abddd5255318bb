import { PRICE_TYPE } from '@vitrin/shared/constants';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { openTestDatabase } from '@vitrin/testing/database';
import { openOrderWorld } from '@vitrin/testing/orders';
import { startTrendyolServer } from '@vitrin/testing/trendyol-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  channelListings,
  channelOrders,
  productPrices,
  products,
  productVariants,
  settings,
} from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import { createServices } from '../services.ts';
import { ORDERS_CURSOR_KEY } from './sync.ts';

/**
 * The Trendyol round (issue 43) against the Trendyol stand-in: listings linked by barcode; after a shop order
 * only that barcode's new quantity goes, once (the stand-in never sees the identical request within 15
 * minutes); the buffer and the price rule; Trendyol down, then back, pushes once; a 429 waits its Retry-After;
 * the setting refused without the keys.
 */
const trendyol = await startTrendyolServer({ batchReads: 0 });
const { database, dispose } = await openTestDatabase();
const { db } = database;
/** The round's clock (and the adapter's, for Retry-After): tests move it past a back-off. */
let clock = new Date();
const services = createServices(database, {
  shopUrl: 'https://magaza.test',
  trendyol: { env: trendyol.env, now: () => clock, tuning: { now: () => clock.getTime(), timeoutMs: 2_000 } },
});
const sync = services.trendyolSync;
const w = await openOrderWorld({ database });
const cli = { kind: 'cli' } as const;

const KUPA = '8690000000011';
const TABAK = '8690000000028';
const ATOLYE = '8690000000035';
const ONLY = 'TY-YALNIZ-1';

await db.update(products).set({ barcode: KUPA }).where(eq(products.id, w.ids.single));
await db.update(productVariants).set({ barcode: TABAK }).where(eq(productVariants.id, w.ids.variant));
await db.update(products).set({ barcode: ATOLYE }).where(eq(products.id, w.ids.virtual));
await db.insert(productPrices).values([
  { productId: w.ids.single, priceType: PRICE_TYPE.Sale, amountMinor: 10_000, currency: 'TRY' },
  { productId: w.ids.single, priceType: PRICE_TYPE.Market, amountMinor: 12_000, currency: 'TRY' },
  { productId: w.ids.single, priceType: PRICE_TYPE.Purchase, amountMinor: 4_000, currency: 'TRY' },
  { productId: w.ids.variantProduct, priceType: PRICE_TYPE.Sale, amountMinor: 25_000, currency: 'TRY' },
]);
trendyol.seedListings([
  { barcode: KUPA, quantity: 3, salePrice: 90 },
  { barcode: TABAK, quantity: 3, salePrice: 240 },
  { barcode: ONLY, quantity: 7, salePrice: 50 },
]);

afterAll(async () => {
  await w.dispose();
  await dispose();
  await trendyol.close();
});

/**
 * Both clocks a little later (the stand-in's keeps the 15-minute rule); Trendyol's a few seconds behind the
 * shop's, as its own runs on meanwhile and a package must be older than the shop's "now" the pull asks up to.
 */
function later(ms: number) {
  clock = new Date(clock.getTime() + ms);
  trendyol.setNow(new Date(clock.getTime() - 10_000));
}
beforeEach(() => later(1000));

const bodies = () => trendyol.stockPriceBodies();
const listing = async (barcode: string) =>
  (await db.select().from(channelListings).where(eq(channelListings.barcode, barcode)))[0]!;

/** No two accepted price-and-inventory bodies were identical within 15 minutes (the stand-in's clock). */
function noIdenticalWithin15Minutes() {
  const all = bodies();
  for (let i = 0; i < all.length; i++)
    for (let j = i + 1; j < all.length; j++)
      if (JSON.stringify(all[i]!.items) === JSON.stringify(all[j]!.items))
        expect(Math.abs(all[j]!.at - all[i]!.at)).toBeGreaterThanOrEqual(15 * 60_000);
  const refusedAsRepeat = trendyol.requests.filter(
    (r) => r.path.endsWith('/price-and-inventory') && r.status === 400,
  );
  expect(refusedAsRepeat).toEqual([]);
}

describe('the Trendyol round', () => {
  it('links listings by barcode (a product, a variant), counts Trendyol-only and unlisted, and sends both linked', async () => {
    await services.settings.set('trendyol_sync', 'on');
    const round = await sync.round();
    expect(round).toMatchObject({
      ran: true,
      error: null,
      read: 3,
      linked: 2,
      channelOnly: 1,
      unlisted: 1,
      sent: 2,
      requests: 1,
      accepted: 2,
      refused: 0,
    });
    expect(await listing(KUPA)).toMatchObject({ productId: w.ids.single, variantId: null });
    expect(await listing(TABAK)).toMatchObject({ productId: w.ids.variantProduct, variantId: w.ids.variant });
    expect(await listing(ONLY)).toMatchObject({ productId: null, variantId: null, channelQuantity: 7 });
    const items = bodies().at(-1)!.items;
    expect(items).toEqual(
      expect.arrayContaining([
        { barcode: KUPA, quantity: 1000, salePrice: 100, listPrice: 120 },
        { barcode: TABAK, quantity: 500, salePrice: 250, listPrice: 250 },
      ]),
    );
    expect(trendyol.listing(KUPA)).toMatchObject({ quantity: 1000, salePrice: 100, listPrice: 120 });
    expect(await listing(KUPA)).toMatchObject({ sentQuantity: 1000, batchId: null, lastError: null });

    const page = await sync.page('unlisted', 1);
    expect(page.items?.map((i) => i.barcode)).toEqual([ATOLYE]);
    const health = await sync.health();
    expect(health).toMatchObject({ setting: 'on', configured: true, linked: 2, unlisted: 1, channelOnly: 1 });
    expect(health.pending).toBe(0);
    expect(health.lastSuccessAt).not.toBeNull();
  });

  it('after a shop order sends only that barcode with its new quantity, once; the same round again sends nothing', async () => {
    const before = bodies().length;
    await w.placeOrder({ lines: [{ kind: 'single', quantity: 2 }] });
    const round = await sync.round();
    expect(round).toMatchObject({ sent: 1, requests: 1, error: null });
    expect(bodies().length).toBe(before + 1);
    expect(bodies().at(-1)!.items).toEqual([
      { barcode: KUPA, quantity: 998, salePrice: 100, listPrice: 120 },
    ]);

    const again = await sync.round();
    expect(again).toMatchObject({ sent: 0, requests: 0, duplicates: 0 });
    expect(bodies().length).toBe(before + 1);

    // A cancel gives the stock back: that goes too, and only it.
    const placed = await w.placeOrder({ lines: [{ kind: 'variant', quantity: 3 }] });
    await services.orders.changeStatus(placed.id, ORDER_STATE.Cancelled, { actor: 'operator' });
    await sync.round();
    expect(bodies().length).toBe(before + 1);
    noIdenticalWithin15Minutes();
  });

  it('keeps the buffer back and prices by the rule, the list price never below the sale price', async () => {
    await sync.setBuffer(cli, KUPA, 8);
    await services.settings.set('trendyol_price_rule', 'percent');
    await services.settings.set('trendyol_price_adjust', '30');
    await sync.round();
    const items = bodies().at(-1)!.items;
    expect(items).toEqual(
      expect.arrayContaining([
        { barcode: KUPA, quantity: 990, salePrice: 130, listPrice: 130 },
        { barcode: TABAK, quantity: 500, salePrice: 325, listPrice: 325 },
      ]),
    );
    await services.settings.set('trendyol_price_rule', 'fixed');
    await services.settings.set('trendyol_price_adjust', '-9.90');
    await sync.round();
    expect(bodies().at(-1)!.items).toEqual(
      expect.arrayContaining([
        { barcode: KUPA, quantity: 990, salePrice: 90.1, listPrice: 120 },
        { barcode: TABAK, quantity: 500, salePrice: 240.1, listPrice: 250 },
      ]),
    );
    // Back to the shop's own prices for the tests after.
    await services.settings.set('trendyol_price_rule', 'none');
    await sync.setBuffer(cli, KUPA, 0);
    await sync.round();
    expect((await listing(KUPA)).sentQuantity).toBe(998);
    await expect(sync.setBuffer(cli, 'YOK-123', 1)).rejects.toMatchObject({
      status: 404,
      code: 'TRENDYOL_URUNU_BULUNAMADI',
    });
    noIdenticalWithin15Minutes();
  });

  it('Trendyol down: nothing lost, the channel waits its back-off, and once back the change is pushed once', async () => {
    const before = bodies().length;
    await w.setSingleStock(700);
    trendyol.failNext(1, { status: 500 });
    const down = await sync.round();
    expect(down.error).toMatch(/ulaşılamıyor|yanıt/i);
    expect(down.pausedUntil).not.toBeNull();
    expect((await sync.health()).lastError).toBe(down.error);

    const calls = trendyol.requests.length;
    const waiting = await sync.round();
    expect(waiting).toMatchObject({ sent: 0 });
    expect(trendyol.requests.length).toBe(calls);

    later(2 * 60_000);
    const back = await sync.round();
    expect(back).toMatchObject({ sent: 1, requests: 1, error: null, pausedUntil: null });
    expect(bodies().length).toBe(before + 1);
    expect(bodies().at(-1)!.items).toEqual([
      { barcode: KUPA, quantity: 700, salePrice: 100, listPrice: 120 },
    ]);
    expect(await sync.round()).toMatchObject({ sent: 0 });
    expect(bodies().length).toBe(before + 1);
    noIdenticalWithin15Minutes();
  });

  it('429: waits for Retry-After, then sends once', async () => {
    const before = bodies().length;
    await w.setSingleStock(650);
    trendyol.failNext(1, { status: 429, retryAfterSeconds: 120 }, { method: 'POST' });
    const busy = await sync.round();
    expect(busy.error).not.toBeNull();
    expect(Date.parse(busy.pausedUntil!)).toBeGreaterThanOrEqual(clock.getTime() + 119_000);
    expect((await listing(KUPA)).lastError).not.toBeNull();

    later(60_000);
    const calls = trendyol.requests.length;
    expect(await sync.round()).toMatchObject({ sent: 0 });
    expect(trendyol.requests.length).toBe(calls);

    later(61_000);
    expect(await sync.round()).toMatchObject({ sent: 1, error: null });
    expect(bodies().length).toBe(before + 1);
    expect(bodies().at(-1)!.items).toEqual([
      { barcode: KUPA, quantity: 650, salePrice: 100, listPrice: 120 },
    ]);
    expect((await listing(KUPA)).lastError).toBeNull();
    noIdenticalWithin15Minutes();
  });

  it('pulls a new package into an order once, keeps the cursor, and sends the stock it took', async () => {
    const pkg = trendyol.addPackage({ lines: [{ barcode: KUPA, quantity: 1, price: 100 }] });
    const round = await sync.round();
    expect(round).toMatchObject({ pulled: 1, error: null });
    const made = await db
      .select()
      .from(channelOrders)
      .where(eq(channelOrders.packageId, String(pkg.id)));
    expect(made).toHaveLength(1);
    const cursor = await db.select().from(settings).where(eq(settings.key, ORDERS_CURSOR_KEY));
    expect(Date.parse(cursor[0]!.value)).toBe(pkg.lastModifiedDate);
    // Its piece came off the shop's stock: the next round (or this one) tells Trendyol the new quantity.
    await sync.round();
    expect((await listing(KUPA)).sentQuantity).toBe(649);
    expect(
      await db
        .select()
        .from(channelOrders)
        .where(eq(channelOrders.packageId, String(pkg.id))),
    ).toHaveLength(1);
    noIdenticalWithin15Minutes();
  });
});

describe('the Trendyol settings', () => {
  it('refuses trendyol_sync on without the TRENDYOL_* keys, naming them', async () => {
    const bare = createServices(database, { trendyol: { env: { TRENDYOL_SELLER_ID: '968512' } } });
    const refused = await bare.settings.set('trendyol_sync', 'on').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ status: 409, code: 'TRENDYOL_ACILAMAZ' });
    expect((refused as DomainError).message).toContain('TRENDYOL_API_KEY, TRENDYOL_API_SECRET');
    expect((refused as DomainError).message).not.toContain('TRENDYOL_SELLER_ID');
    const adjust = await services.settings.set('trendyol_price_adjust', '%10').catch((e: unknown) => e);
    expect(adjust).toMatchObject({ code: 'AYAR_DEGERI_GECERSIZ' });
    expect((adjust as DomainError).message).toMatch(/sayı olmalıdır/);
    const low = await services.settings.set('trendyol_price_adjust', '-95').catch((e: unknown) => e);
    expect((low as DomainError).message).toMatch(/En az -90/);
    const rule = await services.settings.set('trendyol_price_rule', 'yuzde').catch((e: unknown) => e);
    expect((rule as DomainError).message).toContain('Değer none, percent ya da fixed olmalıdır.');
  });
});
