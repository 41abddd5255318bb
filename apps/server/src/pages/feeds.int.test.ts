import { gunzipSync } from 'node:zlib';
import { connectCacheBus } from '@vitrin/core';
import { announceStock } from '@vitrin/core/cache';
import { products } from '@vitrin/core/db/schema';
import type { Feeds } from '@vitrin/core/feeds/feeds';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestServices } from '../../test/server.ts';
import { registerFeedRoutes } from './feeds.ts';

const BASE = 'https://magaza.example';
const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => ['item', 'product', 'g:additional_image_link'].includes(name),
});

type Fields = Record<string, unknown>;

function parse(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml) as Fields;
}

/** Until no rebuild runs or waits: what the feed says after a change here. */
async function settled(feeds: Feeds) {
  while (feeds.state().building || feeds.state().pending)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('product feeds', () => {
  let t: { app: FastifyInstance; services: Awaited<ReturnType<typeof createTestServices>> };
  let feeds: Feeds;
  beforeAll(async () => {
    const services = await createTestServices();
    // As the server does: changes announced in a transaction (an order's stock) reach this process's caches.
    await connectCacheBus(services);
    const app = Fastify();
    // Rebuilt as soon as a change is heard of, so that each check sees the change before it.
    feeds = registerFeedRoutes(app, services, {
      publicUrl: BASE,
      timing: { settleMs: 0, stockGapMs: 0, gapFactor: 0 },
    });
    t = { app, services };
  });
  afterAll(async () => {
    await t.app.close();
    await t.services.dispose();
  });

  const query = async <T>(sql: string) => t.services.database.query<T>(sql);
  const googleItems = async () => {
    const res = await t.app.inject({ url: '/feeds/google.xml', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const doc = parse(gunzipSync(res.rawPayload).toString('utf8'));
    const rss = doc.rss as Fields;
    expect(rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
    expect(rss['@_version']).toBe('2.0');
    return (rss.channel as Fields).item as Fields[];
  };
  const comparisonProducts = async () => {
    const res = await t.app.inject('/feeds/products.xml');
    expect(res.statusCode).toBe(200);
    return (parse(res.body).products as Fields).product as Fields[];
  };

  it('lists every active product in the Google feed with the fields Google requires', async () => {
    const items = await googleItems();
    for (const item of items) {
      for (const field of [
        'g:id',
        'title',
        'description',
        'link',
        'g:image_link',
        'g:availability',
        'g:price',
      ]) {
        expect(item[field], `${String(item['g:id'])} ${field}`).toBeTruthy();
      }
      expect(item['g:condition']).toBe('new');
      expect(['in_stock', 'out_of_stock']).toContain(item['g:availability']);
      expect(item['g:price']).toMatch(/^\d+\.\d\d TRY$/);
      expect(String(item.link)).toMatch(new RegExp(`^${BASE}/product/`));
      expect(String(item['g:image_link'])).toMatch(new RegExp(`^${BASE}/uploads/`));
      expect(item['g:gtin'] ?? item['g:identifier_exists']).toBeTruthy();
      expect(String(item.description)).not.toMatch(/<|&lt;/);
      expect(String(item.description).length).toBeLessThanOrEqual(5000);
      expect((item['g:shipping'] as Fields)['g:country']).toBe('TR');
      expect((item['g:shipping'] as Fields)['g:price']).toMatch(/^\d+\.\d\d TRY$/);
    }
    const ids = items.map((i) => i['g:id']);
    expect(new Set(ids).size).toBe(ids.length);
    // Every active single product is an item of its own; every active variant of a variant product too.
    const [singles] = await query<{ n: string }>(
      'select count(*) as n from products where is_active and stock_type <> 2',
    );
    const [variants] = await query<{ n: string }>(
      `select count(*) as n from product_variants v join products p on p.id = v.product_id
       where p.is_active and v.is_active and p.stock_type = 2`,
    );
    expect(items.length).toBe(Number(singles!.n) + Number(variants!.n));
  });

  it('gives variants their product as the item group, and the storefront price with VAT', async () => {
    const [variant] = await query<{ sku: string; product_sku: string; stock: number }>(
      `select v.sku, p.sku as product_sku, v.stock from product_variants v join products p on p.id = v.product_id
       where p.is_active and v.is_active order by v.id limit 1`,
    );
    const items = await googleItems();
    const item = items.find((i) => i['g:id'] === variant!.sku)!;
    expect(item['g:item_group_id']).toBe(variant!.product_sku);
    expect(item['g:availability']).toBe(variant!.stock > 0 ? 'in_stock' : 'out_of_stock');

    const slug = 'el-yapimi-sirli-kupa-ege-mavisi';
    const product = await t.services.catalog.product(slug);
    const single = items.find((i) => i['g:id'] === product!.sku)!;
    const shown = product!.price!;
    const lira = (minor: number) => `${(minor / 100).toFixed(2)} TRY`;
    if (shown.marketMinor) {
      expect(single['g:price']).toBe(lira(shown.marketMinor));
      expect(single['g:sale_price']).toBe(lira(shown.amountMinor));
    } else {
      expect(single['g:price']).toBe(lira(shown.amountMinor));
      expect(single['g:sale_price']).toBeUndefined();
    }
    expect(single['g:product_type']).toBe(product!.breadcrumbs.map((c) => c.name).join(' > '));
  });

  it('shows a market price above the sale price as g:sale_price, and free shipping over the threshold', async () => {
    const slug = 'el-yapimi-sirli-kupa-ege-mavisi';
    await t.services.catalogAdmin.setProduct(slug, 'price', '100');
    await t.services.catalogAdmin.setProduct(slug, 'market-price', '150,50');
    await settled(feeds);
    const { sku } = (await t.services.catalog.product(slug))!;
    let item = (await googleItems()).find((i) => i['g:id'] === sku)!;
    expect(item['g:price']).toBe('150.50 TRY');
    expect(item['g:sale_price']).toBe('100.00 TRY');
    const fee = await t.services.settings.get('shipping_fee');
    expect((item['g:shipping'] as Fields)['g:price']).toBe(`${(fee / 100).toFixed(2)} TRY`);

    await t.services.catalogAdmin.setProduct(slug, 'price', '99999');
    await t.services.catalogAdmin.setProduct(slug, 'market-price', 'yok');
    await settled(feeds);
    item = (await googleItems()).find((i) => i['g:id'] === sku)!;
    expect(item['g:price']).toBe('99999.00 TRY');
    expect(item['g:sale_price']).toBeUndefined();
    expect((item['g:shipping'] as Fields)['g:price']).toBe('0.00 TRY');
  });

  it('sends a valid barcode as g:gtin with the SKU as g:mpn, and identifier_exists no without one', async () => {
    const [a, b] = await query<{ id: number; sku: string }>(
      'select id, sku from products where is_active and stock_type = 1 order by id limit 2 offset 10',
    );
    await query(`update products set barcode = '8690000000005' where id = ${a!.id}`);
    await query(`update products set barcode = '8690000000001' where id = ${b!.id}`);
    await t.services.cache.invalidateAll([a!.id, b!.id]);
    await settled(feeds);
    const items = await googleItems();
    const withGtin = items.find((i) => i['g:id'] === a!.sku)!;
    expect(withGtin['g:gtin']).toBe('8690000000005');
    expect(withGtin['g:mpn']).toBe(a!.sku);
    expect(withGtin['g:identifier_exists']).toBeUndefined();
    const wrongCheckDigit = items.find((i) => i['g:id'] === b!.sku)!;
    expect(wrongCheckDigit['g:gtin']).toBeUndefined();
    expect(wrongCheckDigit['g:mpn']).toBeUndefined();
    expect(wrongCheckDigit['g:identifier_exists']).toBe('no');
    const barcodes = new Map((await comparisonProducts()).map((p) => [p.id, p.barcode]));
    expect(barcodes.get(a!.sku)).toBe('8690000000005');
    expect(barcodes.get(b!.sku)).toBeUndefined();
  });

  it('escapes names with & and <, keeps Turkish letters, and drops control characters', async () => {
    const [row] = await query<{ id: number; slug: string; sku: string }>(
      'select id, slug, sku from products where is_active and stock_type = 1 order by id desc limit 1',
    );
    await t.services.catalogAdmin.setProduct(row!.slug, 'name', 'Çay & <Kahve>');
    await query(
      `update products set description = '<p>İyi &amp; güzel <b>fincan</b>' || chr(1) || '</p><script>alert(1)</script>' where id = ${row!.id}`,
    );
    await t.services.cache.invalidateAll([row!.id]);
    await settled(feeds);

    const res = await t.app.inject('/feeds/google.xml');
    expect(res.body).toContain('<title>Çay &amp; &lt;Kahve&gt;</title>');
    expect(res.body).not.toContain('\u0001');
    const item = (await googleItems()).find((i) => i['g:id'] === row!.sku)!;
    expect(item.title).toBe('Çay & <Kahve>');
    expect(item.description).toBe('İyi & güzel fincan');
    const product = (await comparisonProducts()).find((p) => p.id === row!.sku)!;
    expect(product.name).toBe('Çay & <Kahve>');
  });

  it('leaves out inactive products and those of a hidden category', async () => {
    const [row] = await query<{ slug: string; sku: string }>(
      'select slug, sku from products where is_active and stock_type = 1 order by id limit 1 offset 3',
    );
    await t.services.catalogAdmin.setProduct(row!.slug, 'active', '0');
    await settled(feeds);
    expect((await googleItems()).some((i) => i['g:id'] === row!.sku)).toBe(false);
    expect((await comparisonProducts()).some((p) => p.id === row!.sku)).toBe(false);
    await t.services.catalogAdmin.setProduct(row!.slug, 'active', '1');
    await settled(feeds);
    expect((await comparisonProducts()).some((p) => p.id === row!.sku)).toBe(true);

    const { sku } = (await t.services.catalog.product('el-yapimi-sirli-kupa-ege-mavisi'))!;
    await t.services.catalogAdmin.setCategory('kupalar', 'active', '0');
    await settled(feeds);
    expect((await googleItems()).some((i) => i['g:id'] === sku)).toBe(false);
    await t.services.catalogAdmin.setCategory('kupalar', 'active', '1');
    await settled(feeds);
    expect((await googleItems()).some((i) => i['g:id'] === sku)).toBe(true);
  });

  it('writes the price-comparison XML with price, stock, category path and shipping fee', async () => {
    const slug = 'el-yapimi-sirli-kupa-ege-mavisi';
    await t.services.catalogAdmin.setProduct(slug, 'price', '249,90');
    await t.services.catalogAdmin.setProduct(slug, 'stock', '7');
    await settled(feeds);
    const detail = (await t.services.catalog.product(slug))!;
    const product = (await comparisonProducts()).find((p) => p.id === detail.sku)!;
    expect(product).toMatchObject({
      name: detail.name,
      url: `${BASE}/product/${slug}`,
      price: '249.90',
      currency: 'TRY',
      stock: '7',
      inStock: 'true',
      category: detail.breadcrumbs.map((c) => c.name).join(' > '),
    });
    expect(String(product.image)).toMatch(new RegExp(`^${BASE}/uploads/`));
    expect(product.shippingFee).toMatch(/^\d+\.\d\d$/);
  });

  it('answers 304 to its ETag and Last-Modified, and a new ETag after a price change', async () => {
    const first = await t.app.inject('/feeds/products.xml');
    const etag = first.headers.etag as string;
    expect(first.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(first.headers['last-modified']).toBeTruthy();
    const again = await t.app.inject({ url: '/feeds/products.xml', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const since = await t.app.inject({
      url: '/feeds/products.xml',
      headers: { 'if-modified-since': first.headers['last-modified'] as string },
    });
    expect(since.statusCode).toBe(304);
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/feeds/google.xml',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBeTruthy();
    expect(head.body).toBe('');

    await t.services.catalogAdmin.setProduct('el-yapimi-sirli-kupa-ege-mavisi', 'price', '321,45');
    await settled(feeds);
    const changed = await t.app.inject({ url: '/feeds/products.xml', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('<price>321.45</price>');
  });

  it('rebuilds the feed when an order transaction announces a stock change', async () => {
    const [row] = await query<{ id: number; sku: string }>(
      'select id, sku from products where is_active and stock_type = 1 and stock > 0 order by id limit 1 offset 5',
    );
    const availability = async () =>
      (await googleItems()).find((i) => i['g:id'] === row!.sku)!['g:availability'];
    expect(await availability()).toBe('in_stock');
    await t.services.database.db.transaction(async (tx) => {
      await tx.update(products).set({ stock: 0 }).where(eq(products.id, row!.id));
      await announceStock(tx, [row!.id]);
    });
    // The notification is delivered after the commit, asynchronously.
    let seen = await availability();
    for (let i = 0; i < 100 && seen !== 'out_of_stock'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = await availability();
    }
    expect(seen).toBe('out_of_stock');
  });

  it('answers with the feed it has, 304 to its ETag, while a change is rebuilt', async () => {
    const first = await t.app.inject('/feeds/products.xml');
    const etag = first.headers.etag as string;
    await t.services.catalogAdmin.setProduct('el-yapimi-sirli-kupa-ege-mavisi', 'price', '111,11');
    while (!feeds.state().building) await new Promise((resolve) => setImmediate(resolve));
    const during = await t.app.inject({ url: '/feeds/products.xml', headers: { 'if-none-match': etag } });
    expect(during.statusCode).toBe(304);
    expect(during.headers.etag).toBe(etag);
    expect(during.headers['last-modified']).toBe(first.headers['last-modified']);
    await settled(feeds);
    const after = await t.app.inject({ url: '/feeds/products.xml', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('<price>111.11</price>');
  });

  it('rebuilds after a settings change (shipping fee)', async () => {
    await t.services.settings.set('shipping_fee', '1234');
    await settled(feeds);
    const res = await t.app.inject('/feeds/products.xml');
    expect(res.body).toContain('<shippingFee>12.34</shippingFee>');
  });
});

describe('product feeds in the whole app', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: BASE } });
  });
  afterAll(() => t.close());

  it('are served during maintenance like the sitemaps, the first request waiting for a complete feed', async () => {
    await t.services.settings.set('shipping_fee', '1234');
    await t.services.settings.set('is_online', '0');
    const res = await t.app.inject('/feeds/products.xml');
    expect(res.statusCode).toBe(200);
    const list = (parse(res.body).products as Fields).product as Fields[];
    const [row] = await t.services.database.query<{ n: string }>(
      `select (select count(*) from products where is_active and stock_type <> 2)
            + (select count(*) from product_variants v join products p on p.id = v.product_id
               where p.is_active and v.is_active and p.stock_type = 2) as n`,
    );
    expect(list).toHaveLength(Number(row!.n));
    expect(list.every((p) => p.shippingFee === '12.34' || p.shippingFee === '0.00')).toBe(true);
    await t.services.settings.set('is_online', '1');
  });
});
