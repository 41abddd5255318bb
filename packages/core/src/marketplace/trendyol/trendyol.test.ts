import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  startTrendyolServer,
  TRENDYOL_TEST_BRANDS,
  TRENDYOL_TEST_CATEGORIES,
  type TrendyolContractServer,
} from '@vitrin/testing/trendyol-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import {
  ChannelError,
  type ChannelNewListing,
  type ChannelStockPrice,
  isChannelError,
  type MarketplaceChannel,
} from '../channel.ts';
import { channelFromEnv } from '../providers.ts';
import type { TrendyolShipmentPackage } from './models.ts';
import { createTrendyolChannel, kurusOf, liraOf, packageOf, type TrendyolOptions } from './trendyol.ts';

let trendyol: TrendyolContractServer;

beforeAll(async () => {
  trendyol = await startTrendyolServer({ now: new Date('2026-11-20T09:00:00Z') });
});
afterAll(() => trendyol.close());

/** The adapter on a stand-in (the shared one unless given), on that stand-in's clock. */
function on(server: TrendyolContractServer, options: Partial<TrendyolOptions> = {}): MarketplaceChannel {
  return createTrendyolChannel({
    sellerId: server.sellerId,
    apiKey: server.apiKey,
    apiSecret: server.apiSecret,
    baseUrl: server.url,
    timeoutMs: 5_000,
    now: () => server.now().getTime(),
    ...options,
  });
}
const channel = (options: Partial<TrendyolOptions> = {}) => on(trendyol, options);

/** The channel error a call ends with (the test fails when it does not throw one). */
async function refusal(promise: Promise<unknown>): Promise<ChannelError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ChannelError);
  return err as ChannelError;
}

/** The headers a client of the seller's sends (for calls the adapter does not make). */
const asSeller = (extra: Record<string, string> = {}) => ({
  authorization: `Basic ${Buffer.from(`${trendyol.apiKey}:${trendyol.apiSecret}`).toString('base64')}`,
  'user-agent': `${trendyol.sellerId} - SelfIntegration`,
  ...extra,
});

let n = 0;
const barcode = () => `869${String(1_000_000_000 + ++n)}`;

/** Reads the batch until Trendyol has answered every item. */
async function settled(ty: MarketplaceChannel, id: string) {
  for (let i = 0; i < 5; i++) {
    const b = await ty.batch(id);
    if (b.status === 'done') return b;
  }
  throw new Error(`batch ${id} never done`);
}

describe('Trendyol channel: keys, User-Agent and the env', () => {
  it('sends HTTP Basic with the key and secret and "{sellerId} - SelfIntegration" as User-Agent', async () => {
    const code = barcode();
    trendyol.seedListings([{ barcode: code }]);
    const before = trendyol.requests.length;
    await channel().listings(0);
    const sent = trendyol.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe(`/product/sellers/${trendyol.sellerId}/products`);
    expect(sent[0]!.userAgent).toBe(`${trendyol.sellerId} - SelfIntegration`);
    expect(sent[0]!.status).toBe(200);
  });

  it('refuses wrong keys with 401 as not retryable, telling the owner which keys to check', async () => {
    const err = await refusal(channel({ apiSecret: 'yanlış' }).listings(0));
    expect(err.code).toBe('KANAL_YETKI_YOK');
    expect(err.retryable).toBe(false);
    expect(err.channelStatus).toBe(401);
    expect(err.message).toContain('TRENDYOL_API_SECRET');
    expect(err.message).not.toContain('yanlış');
    expect(err.message).not.toContain(trendyol.apiKey);
  });

  it('answers 403 to a call without the seller User-Agent, and the adapter says so in Turkish', async () => {
    const res = await fetch(`${trendyol.url}/product/sellers/${trendyol.sellerId}/products`, {
      headers: asSeller({ 'user-agent': 'node' }),
    });
    expect(res.status).toBe(403);

    // An integrator's name goes alphanumeric, as Trendyol takes it.
    await channel({ integrator: 'Vitrin Mağaza!' }).listings(0);
    expect(trendyol.requests.at(-1)).toMatchObject({
      userAgent: `${trendyol.sellerId} - VitrinMaaza`,
      status: 200,
    });

    trendyol.failNext(1, { status: 403 });
    const err = await refusal(channel().listings(0));
    expect(err.code).toBe('KANAL_YETKI_YOK');
    expect(err.retryable).toBe(false);
    expect(err.channelStatus).toBe(403);
    expect(err.message).toMatch(/Trendyol isteği geri çevirdi/);
  });

  it('a seller id that is not the keys’ is refused (403), not retried', async () => {
    const err = await refusal(channel({ sellerId: '111' }).listings(0));
    expect(err.channelStatus).toBe(403);
    expect(err.retryable).toBe(false);
  });

  it('channelFromEnv names the missing keys in Turkish, checks the seller id, and builds the adapter', async () => {
    const none = channelFromEnv('trendyol', {});
    expect(none).toEqual({
      missing: expect.stringContaining('TRENDYOL_SELLER_ID, TRENDYOL_API_KEY, TRENDYOL_API_SECRET'),
    });
    const secretOnly = channelFromEnv('trendyol', { ...trendyol.env, TRENDYOL_API_SECRET: ' ' });
    expect(secretOnly).toEqual({ missing: expect.stringMatching(/TRENDYOL_API_SECRET ortam değişkenini/) });
    expect(channelFromEnv('trendyol', { ...trendyol.env, TRENDYOL_SELLER_ID: 'abc' })).toEqual({
      missing: expect.stringContaining('yalnız rakam'),
    });
    expect(channelFromEnv('trendyol', { ...trendyol.env, TRENDYOL_BASE_URL: 'apigw' })).toEqual({
      missing: expect.stringContaining('http(s)'),
    });

    const built = channelFromEnv('trendyol', trendyol.env, { timeoutMs: 5_000 });
    if ('missing' in built) throw new Error(built.missing);
    expect(built.name).toBe('trendyol');
    expect(built.maxBatchItems).toBe(1000);
    expect((await built.listings(0)).items.length).toBeGreaterThan(0);
  });
});

describe('Trendyol channel: listings', () => {
  it('reads the seller’s listings page by page, prices in kuruş', async () => {
    const server = await startTrendyolServer();
    try {
      const codes = Array.from({ length: 5 }, barcode);
      server.seedListings(
        codes.map((b, i) => ({
          barcode: b,
          stockCode: `STK-${i}`,
          title: `Kupa ${i}`,
          quantity: 10 + i,
          salePrice: 129.9,
          listPrice: 149.99,
          approved: i !== 4,
        })),
      );
      const ty = on(server, { listingPageSize: 2 });
      const first = await ty.listings(0);
      expect(first.totalPages).toBe(3);
      expect(first.items[0]).toEqual({
        barcode: codes[0],
        stockCode: 'STK-0',
        title: 'Kupa 0',
        quantity: 10,
        salePriceMinor: 12_990,
        listPriceMinor: 14_999,
        approved: true,
        url: expect.stringContaining(codes[0]!),
      });
      const last = await ty.listings(2);
      expect(last.items.map((l) => [l.barcode, l.approved])).toEqual([[codes[4], false]]);
      expect((await ty.listings(3)).items).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('Trendyol channel: price and stock', () => {
  it('pushes quantities and prices as TRY, and the batch answers pending, then item by item', async () => {
    const [a, b] = [barcode(), barcode()];
    trendyol.seedListings([
      { barcode: a, quantity: 1, salePrice: 50 },
      { barcode: b, quantity: 1, salePrice: 50 },
    ]);
    const ty = channel();
    const items: ChannelStockPrice[] = [
      { barcode: a, quantity: 7, salePriceMinor: 12_990, listPriceMinor: 15_000 },
      // A list price below the sale price goes as the sale price (Trendyol refuses it otherwise).
      { barcode: b, quantity: 25_000, salePriceMinor: 1_005, listPriceMinor: 900 },
    ];
    const id = await ty.pushStockPrices(items);
    const sent = trendyol.stockPriceBodies().at(-1)!.items;
    expect(sent).toEqual([
      { barcode: a, quantity: 7, salePrice: 129.9, listPrice: 150 },
      // Trendyol takes at most 20,000 pieces of a barcode.
      { barcode: b, quantity: 20_000, salePrice: 10.05, listPrice: 10.05 },
    ]);

    expect(await ty.batch(id)).toEqual({ id, status: 'pending', items: [] });
    const done = await settled(ty, id);
    expect(done.items).toEqual([
      { barcode: a, ok: true, reasons: [] },
      { barcode: b, ok: true, reasons: [] },
    ]);
    expect(trendyol.listing(a)).toMatchObject({ quantity: 7, salePrice: 129.9, listPrice: 150 });
    const listed = (await ty.listings(0)).items.find((l) => l.barcode === a);
    expect(listed).toMatchObject({ quantity: 7, salePriceMinor: 12_990, listPriceMinor: 15_000 });
  });

  it('an unknown barcode is one failed item with Trendyol’s reason; the others go through', async () => {
    const known = barcode();
    trendyol.seedListings([{ barcode: known }]);
    const ty = channel();
    const id = await ty.pushStockPrices([
      { barcode: known, quantity: 3, salePriceMinor: 10_000, listPriceMinor: 10_000 },
      { barcode: 'YOK-123', quantity: 3, salePriceMinor: 10_000, listPriceMinor: 10_000 },
    ]);
    const done = await settled(ty, id);
    expect(done.items).toEqual([
      { barcode: known, ok: true, reasons: [] },
      { barcode: 'YOK-123', ok: false, reasons: [expect.stringContaining('Ürün bulunamadı')] },
    ]);
  });

  it('the identical request within 15 minutes is refused as a repeat the channel already has (not retryable), and taken after', async () => {
    const code = barcode();
    trendyol.seedListings([{ barcode: code }]);
    const ty = channel();
    const items = [{ barcode: code, quantity: 4, salePriceMinor: 20_000, listPriceMinor: 20_000 }];
    await ty.pushStockPrices(items);

    trendyol.advance(14 * 60_000);
    const err = await refusal(ty.pushStockPrices(items));
    expect(err.code).toBe('KANAL_AYNI_ISTEK');
    expect(err.alreadyApplied).toBe(true);
    expect(err.retryable).toBe(false);
    expect(isChannelError(err, 'KANAL_AYNI_ISTEK')).toBe(true);
    expect(err.message).toMatch(/Trendyol'da zaten var/);

    // A changed body is a new request.
    await ty.pushStockPrices([{ ...items[0]!, quantity: 3 }]);
    trendyol.advance(60_000 + 1);
    // 15 minutes after the first, the same body is taken again.
    await expect(ty.pushStockPrices(items)).resolves.toEqual(expect.any(String));
  });

  it('more than 1,000 items are refused before any call; Trendyol refuses them too', async () => {
    const ty = channel();
    const many = Array.from({ length: 1001 }, (_, i) => ({
      barcode: `B${i}`,
      quantity: 1,
      salePriceMinor: 100,
      listPriceMinor: 100,
    }));
    const before = trendyol.requests.length;
    const err = await refusal(ty.pushStockPrices(many));
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('1000');
    expect(trendyol.requests.length).toBe(before);

    const res = await fetch(
      `${trendyol.url}/inventory/sellers/${trendyol.sellerId}/products/price-and-inventory`,
      {
        method: 'POST',
        headers: asSeller({ 'content-type': 'application/json' }),
        body: JSON.stringify({ items: many.map((m) => ({ barcode: m.barcode, quantity: 1 })) }),
      },
    );
    expect(res.status).toBe(400);
  });
});

describe('Trendyol channel: when Trendyol is away or busy', () => {
  const stockPath = /price-and-inventory$/;
  const item = (code: string) => [{ barcode: code, quantity: 1, salePriceMinor: 100, listPriceMinor: 100 }];

  it('429 is retryable at the Retry-After', async () => {
    const code = barcode();
    trendyol.seedListings([{ barcode: code }]);
    trendyol.failNext(1, { status: 429, retryAfterSeconds: 42 }, { path: stockPath });
    const started = Date.now();
    const err = await refusal(channel({ now: () => started }).pushStockPrices(item(code)));
    expect(err.code).toBe('KANAL_YOGUN');
    expect(err.retryable).toBe(true);
    expect(err.retryAt?.getTime()).toBe(started + 42_000);
    expect(err.message).toContain('42 saniye');
    // Nothing was taken: the same request goes through next time (no 15-minute refusal).
    await expect(channel().pushStockPrices(item(code))).resolves.toEqual(expect.any(String));
  });

  it('429 past the per-minute limit without Retry-After waits a minute', async () => {
    const server = await startTrendyolServer();
    try {
      server.limitPerMinute(2);
      const ty = on(server, { now: () => 1_000_000 });
      await ty.listings(0);
      await ty.listings(0);
      const err = await refusal(ty.listings(0));
      expect(err.code).toBe('KANAL_YOGUN');
      expect(err.retryAt?.getTime()).toBe(1_000_000 + 60_000);
      server.advance(60_000);
      await expect(ty.listings(0)).resolves.toBeDefined();
    } finally {
      await server.close();
    }
  });

  it('a 5xx, a dropped connection and a refused connection are retryable', async () => {
    const code = barcode();
    trendyol.seedListings([{ barcode: code }]);
    trendyol.failNext(1, { status: 500 }, { path: stockPath });
    const five = await refusal(channel().pushStockPrices(item(code)));
    expect(five).toMatchObject({ code: 'KANAL_ULASILAMIYOR', retryable: true, channelStatus: 500 });
    // The one error of the domain: reaching Vitrin's API it answers 503 with its Turkish message.
    expect(five).toBeInstanceOf(DomainError);
    expect(five.status).toBe(503);

    trendyol.failNext(1, { status: 'drop' }, { path: stockPath });
    const dropped = await refusal(channel().pushStockPrices(item(code)));
    expect(dropped).toMatchObject({ code: 'KANAL_ULASILAMIYOR', retryable: true });

    const closed = await startTrendyolServer();
    const url = closed.url;
    await closed.close();
    const refused = await refusal(channel({ baseUrl: url }).pushStockPrices(item(code)));
    expect(refused).toMatchObject({ code: 'KANAL_ULASILAMIYOR', retryable: true });
    expect(refused.message).toMatch(/ulaşılamıyor/);
  });

  it('a 401 from Trendyol midway is not retryable', async () => {
    trendyol.failNext(1, { status: 401 });
    const err = await refusal(channel().packages(new Date(0), 0));
    expect(err).toMatchObject({ code: 'KANAL_YETKI_YOK', retryable: false, channelStatus: 401 });
  });
});

describe('Trendyol channel: product create V2', () => {
  const newListing = (overrides: Partial<ChannelNewListing> = {}): ChannelNewListing => ({
    barcode: barcode(),
    stockCode: 'KUPA-01',
    title: 'İstanbul Silueti Seramik Kupa',
    description: 'El yapımı seramik kupa, 350 ml.',
    categoryId: TRENDYOL_TEST_CATEGORIES[0],
    brandId: TRENDYOL_TEST_BRANDS[0],
    vatRate: 20,
    images: ['https://vitrin.example/uploads/kupa.jpg'],
    groupCode: 'KUPA',
    desi: 1,
    attributes: [
      { attributeId: 47, customValue: 'Lacivert' },
      { attributeId: 338, valueId: 6980 },
    ],
    quantity: 12,
    salePriceMinor: 34_990,
    listPriceMinor: 39_990,
    ...overrides,
  });

  it('creates listings in one batch; an item Trendyol refuses comes back with its reasons', async () => {
    const ty = channel();
    const good = newListing();
    const bad = newListing({ brandId: 999_999, images: [] });
    const id = await ty.createListings([good, bad]);

    const body = trendyol.requests.at(-1)!;
    expect(body.path).toBe(`/product/sellers/${trendyol.sellerId}/v2/products`);
    expect((body.body as { items: unknown[] }).items[0]).toEqual({
      barcode: good.barcode,
      title: good.title,
      productMainId: 'KUPA',
      brandId: good.brandId,
      categoryId: good.categoryId,
      quantity: 12,
      stockCode: 'KUPA-01',
      dimensionalWeight: 1,
      description: good.description,
      currencyType: 'TRY',
      listPrice: 399.9,
      salePrice: 349.9,
      vatRate: 20,
      images: [{ url: 'https://vitrin.example/uploads/kupa.jpg' }],
      attributes: [
        { attributeId: 47, customAttributeValue: 'Lacivert' },
        { attributeId: 338, attributeValueId: 6980 },
      ],
    });

    expect((await ty.batch(id)).status).toBe('pending');
    const done = await settled(ty, id);
    expect(done.items).toEqual([
      { barcode: good.barcode, ok: true, reasons: [] },
      {
        barcode: bad.barcode,
        ok: false,
        reasons: [expect.stringContaining('Marka bulunamadı'), expect.stringContaining('görsel')],
      },
    ]);
    // Created and waiting for Trendyol's approval.
    expect(trendyol.listing(good.barcode)).toMatchObject({ approved: false, quantity: 12, salePrice: 349.9 });
    expect(trendyol.listing(bad.barcode)).toBeUndefined();
  });

  it("reads the category tree, brands by their exact name and a category's attributes with their values", async () => {
    const ty = channel();
    const tree = await ty.categories();
    expect(tree.map((c) => c.name)).toEqual(['Aksesuar', 'Ev & Mobilya', 'Kırtasiye']);
    expect(tree[1]!.children[0]!.children[0]).toEqual({
      id: 1081,
      name: 'Kupa & Bardak',
      parentId: 1070,
      children: [],
    });
    expect(await ty.brands('Kuzey Seramik')).toEqual([{ id: 102_354, name: 'Kuzey Seramik' }]);
    expect(trendyol.requests.at(-1)).toMatchObject({
      path: '/product/brands/by-name',
      query: { name: 'Kuzey Seramik' },
    });
    expect(await ty.brands('kuzey seramik')).toEqual([]);
    const attributes = await ty.categoryAttributes(1081);
    expect(attributes.filter((a) => a.required).map((a) => a.name)).toEqual(['Renk', 'Menşei']);
    expect(attributes.find((a) => a.id === 1192)).toMatchObject({
      allowCustom: false,
      values: [
        { id: 10_617_344, name: 'TR' },
        { id: 10_617_345, name: 'CN' },
      ],
    });
    expect(await refusal(ty.categoryAttributes(5))).toMatchObject({ code: 'KANAL_BULUNAMADI' });
  });

  it('an unknown batch id is KANAL_BULUNAMADI', async () => {
    const err = await refusal(channel().batch('yok-123'));
    expect(err).toMatchObject({ code: 'KANAL_BULUNAMADI', retryable: false });
  });
});

describe('Trendyol channel: order packages', () => {
  it('pages the packages changed since a date, oldest change first, with the buyer, lines and kuruş', async () => {
    const server = await startTrendyolServer({ now: new Date('2026-11-21T10:00:00Z') });
    try {
      const ty = on(server, { packagePageSize: 2 });
      server.seedListings([{ barcode: 'KUPA-1', stockCode: 'STK-KUPA', title: 'Kupa', quantity: 5 }]);
      const old = server.addPackage({ lines: [{ barcode: 'KUPA-1', quantity: 1, price: 100 }] });
      server.advance(60_000);
      const since = server.now();
      const made = [1, 2, 3].map((i) => {
        server.advance(1_000);
        return server.addPackage({
          lines: [{ barcode: 'KUPA-1', quantity: i === 3 ? 2 : 1, price: 129.9, discount: i === 3 ? 10 : 0 }],
          customer: { firstName: 'Ayşe', lastName: `Yılmaz ${i}`, email: `ayse${i}@example.com` },
        });
      });
      // The oldest one changes now: it comes after the others.
      server.advance(1_000);
      server.setPackageStatus(old.id!, 'Cancelled');

      const first = await ty.packages(since, 0);
      expect(first.totalPages).toBe(2);
      expect(first.items.map((p) => p.packageId)).toEqual([String(made[0]!.id), String(made[1]!.id)]);
      const second = await ty.packages(since, 1);
      expect(second.items.map((p) => [p.packageId, p.status])).toEqual([
        [String(made[2]!.id), 'Created'],
        [String(old.id), 'Cancelled'],
      ]);

      const third = second.items[0]!;
      expect(third).toMatchObject({
        orderNumber: made[2]!.orderNumber,
        status: 'Created',
        customer: { firstName: 'Ayşe', lastName: 'Yılmaz 3', email: 'ayse3@example.com' },
        shippingAddress: {
          city: 'İstanbul',
          district: 'Kadıköy',
          neighbourhood: 'Caferağa',
          postalCode: '34710',
        },
        totalMinor: 25_980,
        cargo: { provider: 'Trendyol Express Marketplace', trackingNumber: expect.any(String) },
      });
      expect(third.lines).toEqual([
        {
          lineId: String(made[2]!.lines![0]!.id),
          barcode: 'KUPA-1',
          stockCode: 'STK-KUPA',
          name: 'Kupa',
          quantity: 2,
          unitPriceMinor: 12_990,
          discountMinor: 1_000,
          vatRate: 20,
        },
      ]);
      expect(Date.parse(third.lastModifiedAt)).toBeGreaterThanOrEqual(since.getTime());

      const sent = server.requests.at(-1)!;
      expect(sent.query).toMatchObject({
        startDate: String(since.getTime()),
        orderByField: 'PackageLastModifiedDate',
        orderByDirection: 'ASC',
        page: '1',
        size: '2',
      });
      // Nothing changed since the last change: an empty page.
      const later = new Date(Date.parse(second.items[1]!.lastModifiedAt) + 1);
      expect(await ty.packages(later, 0)).toEqual({ items: [], totalPages: 0 });
    } finally {
      await server.close();
    }
  });

  it('Picking then Invoiced with the invoice number; a second Picking is answered as done', async () => {
    trendyol.seedListings([{ barcode: 'TABAK-1', quantity: 10 }]);
    const made = trendyol.addPackage({
      lines: [
        { barcode: 'TABAK-1', quantity: 2, price: 80 },
        { barcode: 'TABAK-1', quantity: 1, price: 80 },
      ],
    });
    const ty = channel();
    const pkg = (await ty.packages(new Date(made.lastModifiedDate!), 0)).items.find(
      (p) => p.packageId === String(made.id),
    )!;

    await ty.markPicking(pkg);
    expect(trendyol.package(made.id!)?.status).toBe('Picking');
    const put = trendyol.requests.find((r) => r.method === 'PUT' && r.path.endsWith(`/${made.id}`))!;
    expect(put.path).toBe(`/order/sellers/${trendyol.sellerId}/shipment-packages/${made.id}`);
    expect(put.body).toEqual({
      lines: made.lines!.map((l) => ({ lineId: l.id, quantity: l.quantity })),
      params: {},
      status: 'Picking',
    });

    // Trendyol refuses Picking → Picking; the adapter sees the package is already there.
    await expect(ty.markPicking(pkg)).resolves.toBeUndefined();
    expect(trendyol.requests.at(-2)!.status).toBe(400);

    await ty.markInvoiced(pkg, 'VTR2026000000123');
    expect(trendyol.package(made.id!)).toMatchObject({
      status: 'Invoiced',
      invoiceNumber: 'VTR2026000000123',
    });
    await expect(ty.markInvoiced(pkg, 'VTR2026000000123')).resolves.toBeUndefined();
    await expect(ty.markPicking(pkg)).resolves.toBeUndefined();
  });

  it('Invoiced on a package still Created sends Picking first', async () => {
    trendyol.seedListings([{ barcode: 'TABAK-2', quantity: 10 }]);
    const made = trendyol.addPackage({ lines: [{ barcode: 'TABAK-2', quantity: 1, price: 80 }] });
    const lines = made.lines!.map((l) => ({ lineId: String(l.id), quantity: l.quantity! }));
    await channel().markInvoiced({ packageId: String(made.id), lines } as never, 'VTR2026000000124');
    expect(trendyol.package(made.id!)?.packageHistories?.map((h) => h.status)).toEqual([
      'Created',
      'Picking',
      'Invoiced',
    ]);
  });

  it('a cancelled package cannot be picked: the refusal reaches the caller, not retryable', async () => {
    trendyol.seedListings([{ barcode: 'TABAK-3', quantity: 10 }]);
    const made = trendyol.addPackage({ lines: [{ barcode: 'TABAK-3', quantity: 1, price: 80 }] });
    trendyol.setPackageStatus(made.id!, 'Cancelled');
    expect(trendyol.listing('TABAK-3')?.quantity).toBe(10);
    const lines = made.lines!.map((l) => ({ lineId: String(l.id), quantity: l.quantity! }));
    const err = await refusal(channel().markPicking({ packageId: String(made.id), lines } as never));
    expect(err).toMatchObject({ code: 'KANAL_REDDETTI', retryable: false, channelStatus: 400 });
    expect(err.message).toContain('Cancelled');
  });
});

describe('Trendyol webhooks', () => {
  it('posts the whole package to a webhook on each subscribed status, read as the same package', async () => {
    const received: { auth: string | undefined; body: TrendyolShipmentPackage }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          auth: req.headers.authorization,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    let id = 0;
    try {
      const res = await fetch(`${trendyol.url}/webhook/sellers/${trendyol.sellerId}/webhooks`, {
        method: 'POST',
        headers: asSeller({ 'content-type': 'application/json' }),
        body: JSON.stringify({
          url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/trendyol`,
          authenticationType: 'BASIC_AUTHENTICATION',
          username: 'vitrin',
          password: 'kanca-sifresi',
          subscribedStatuses: ['CREATED', 'CANCELLED'],
        }),
      });
      expect(res.status).toBe(200);
      id = ((await res.json()) as { id: number }).id;

      trendyol.seedListings([{ barcode: 'KASE-1', quantity: 3 }]);
      const made = trendyol.addPackage({ lines: [{ barcode: 'KASE-1', quantity: 1, price: 45.5 }] });
      await channel().markPicking({
        packageId: String(made.id),
        lines: made.lines!.map((l) => ({ lineId: String(l.id), quantity: l.quantity! })),
      } as never);
      trendyol.setPackageStatus(made.id!, 'Cancelled');
      await trendyol.settleWebhooks();

      // Picking is not subscribed: Created and Cancelled only.
      expect(received.map((r) => r.body.status)).toEqual(['Created', 'Cancelled']);
      expect(received[0]!.auth).toBe(`Basic ${Buffer.from('vitrin:kanca-sifresi').toString('base64')}`);
      expect(packageOf(received[1]!.body)).toMatchObject({
        packageId: String(made.id),
        status: 'Cancelled',
        totalMinor: 4_550,
        lines: [{ barcode: 'KASE-1', quantity: 1, unitPriceMinor: 4_550 }],
      });
      expect(trendyol.webhookDeliveries.filter((d) => d.webhookId === id).map((d) => d.answer)).toEqual([
        200, 200,
      ]);
    } finally {
      await fetch(`${trendyol.url}/webhook/sellers/${trendyol.sellerId}/webhooks/${id}`, {
        method: 'DELETE',
        headers: asSeller(),
      });
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});

describe('Trendyol money', () => {
  it('converts TRY and kuruş exactly', () => {
    expect(kurusOf(129.9)).toBe(12_990);
    expect(kurusOf(0.1 + 0.2)).toBe(30);
    expect(kurusOf(1.005)).toBe(101);
    expect(kurusOf('19999.99')).toBe(1_999_999);
    expect(kurusOf(undefined)).toBeNull();
    expect(liraOf(12_990)).toBe(129.9);
    expect(JSON.stringify(liraOf(1_999_999))).toBe('19999.99');
    expect(JSON.stringify(liraOf(1_005))).toBe('10.05');
    expect(() => liraOf(10.5)).toThrow(RangeError);
  });
});
