import { gunzipSync } from 'node:zlib';
import { openTestDatabase } from '@vitrin/testing/database';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../services.ts';
import { type BuiltFeed, createFeeds, type Feeds, type RebuildReport, type RebuildTiming } from './feeds.ts';

const BASE = 'https://magaza.example';
const SLUG = 'el-yapimi-sirli-kupa-ege-mavisi';
/** Rebuilds as soon as a change is heard of, one after another. */
const AT_ONCE: RebuildTiming = { settleMs: 0, stockGapMs: 0, gapFactor: 0 };

const xml = (feed: BuiltFeed) => gunzipSync(Buffer.concat(feed.gzip)).toString('utf8');
/** Whether the feed holds `text` (a boolean: a failure would print the whole feed). */
const holds = (feed: BuiltFeed, text: string) => xml(feed).includes(text);

/** Asks on every turn of the event loop (a build takes many), so a state cannot slip by unseen. */
async function until(check: () => boolean, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('product feeds: rebuilt in the background', () => {
  let services: Services;
  let dispose: () => Promise<void>;
  let feeds: Feeds | undefined;
  let builds: RebuildReport[];

  beforeAll(async () => {
    const opened = await openTestDatabase({ demo: true });
    services = createServices(opened.database);
    dispose = opened.dispose;
  });
  afterAll(async () => {
    await feeds?.close();
    await dispose();
  });

  const open = async (timing: Partial<RebuildTiming> = AT_ONCE) => {
    await feeds?.close();
    builds = [];
    feeds = createFeeds(services.database.db, services.cache, services.settings, BASE, {
      timing,
      onBuilt: (report) => builds.push(report),
    });
    return feeds;
  };
  const idle = (f: Feeds) => until(() => !f.state().building && !f.state().pending);
  const expectedItems = async () => {
    const [row] = await services.database.query<{ n: string }>(
      `select (select count(*) from products where is_active and stock_type <> 2)
            + (select count(*) from product_variants v join products p on p.id = v.product_id
               where p.is_active and v.is_active and p.stock_type = 2) as n`,
    );
    return Number(row!.n);
  };

  beforeEach(async () => {
    await services.catalogAdmin.setProduct(SLUG, 'price', '100');
  });

  it('makes the first requests wait for a complete feed, with its build time', async () => {
    const f = await open();
    const before = Math.floor(Date.now() / 1000) * 1000;
    const [google, products, again] = await Promise.all([
      f.get('google'),
      f.get('products'),
      f.get('google'),
    ]);
    const items = await expectedItems();
    expect(google.items).toBe(items);
    expect(products.items).toBe(items);
    expect(again).toBe(google);
    const rss = xml(google);
    expect(rss.match(/<item>/g)).toHaveLength(items);
    expect(rss.endsWith('</channel></rss>\n')).toBe(true);
    const lastBuild = Date.parse(/<lastBuildDate>([^<]+)<\/lastBuildDate>/.exec(rss)![1]!);
    expect(lastBuild).toBeGreaterThanOrEqual(before);
    expect(lastBuild).toBe(google.builtAt.getTime());
    const list = xml(products);
    expect(list.match(/<product>/g)).toHaveLength(items);
    const stamp = `<products built="${products.builtAt.toISOString().replace('.000Z', 'Z')}">`;
    expect(list.includes(stamp)).toBe(true);
    expect(list.endsWith('</products>\n')).toBe(true);
    expect(google.etag).toMatch(/^W\/"[\w-]+"$/);
  });

  it('keeps serving the feed it has while a change is rebuilt, then the new one', async () => {
    // A moment between the change and its rebuild, to see the feed served meanwhile.
    const f = await open({ ...AT_ONCE, settleMs: 300 });
    const old = await f.get('products');
    expect(holds(old, '<price>100.00</price>')).toBe(true);

    await services.catalogAdmin.setProduct(SLUG, 'price', '123,45');
    // The change is heard of at once; the feed served is still the one built before it.
    expect(f.state().pending || f.state().building).toBe(true);
    expect(await f.get('products')).toBe(old);
    await until(() => f.state().building);
    expect(await f.get('products')).toBe(old);
    expect(f.state().building).toBe(true);

    await idle(f);
    const fresh = await f.get('products');
    expect(fresh).not.toBe(old);
    expect(fresh.etag).not.toBe(old.etag);
    expect(holds(fresh, '<price>123.45</price>')).toBe(true);
    expect(fresh.builtAt.getTime()).toBeGreaterThanOrEqual(old.builtAt.getTime());
    expect(builds).toHaveLength(2);
  });

  it('runs one more rebuild, not two, for changes heard of during a rebuild', async () => {
    const f = await open();
    await f.get('products');
    await services.catalogAdmin.setProduct(SLUG, 'price', '200');
    await until(() => f.state().building);
    await services.cache.invalidateAll();
    await services.cache.invalidateAll();
    expect(f.state()).toEqual({ building: true, pending: true });
    await idle(f);
    // A while more with nothing changing starts nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(builds).toHaveLength(3);
    expect(f.state()).toEqual({ building: false, pending: false });
    expect(holds(await f.get('products'), '<price>200.00</price>')).toBe(true);
  });

  it('keeps the ETag and Last-Modified when a rebuild changed nothing', async () => {
    const f = await open();
    const first = await f.get('products');
    await services.cache.invalidateAll();
    await idle(f);
    const second = await f.get('products');
    expect(builds).toHaveLength(2);
    expect(second).not.toBe(first);
    expect(second.etag).toBe(first.etag);
    expect(second.lastModified).toEqual(first.lastModified);
  });

  it('waits the stock gap for changes of stock alone, not for a change of more', async () => {
    const f = await open({ settleMs: 0, stockGapMs: 60_000, gapFactor: 0 });
    await f.get('products');
    services.cache.clearLocal({ products: [1], stockOnly: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(f.state()).toEqual({ building: false, pending: true });
    expect(builds).toHaveLength(1);

    await services.catalogAdmin.setProduct(SLUG, 'price', '150');
    await idle(f);
    expect(builds).toHaveLength(2);
    expect(holds(await f.get('products'), '<price>150.00</price>')).toBe(true);
  });

  it('builds nothing on a change before a feed was asked for', async () => {
    const f = await open();
    await services.cache.invalidateAll();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(f.state()).toEqual({ building: false, pending: false });
    expect(builds).toHaveLength(0);
  });
});
