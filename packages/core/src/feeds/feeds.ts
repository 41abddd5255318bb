import { createHash } from 'node:crypto';
import { constants, createGzip } from 'node:zlib';
import type { Cache } from '../cache.ts';
import { createCategoryService } from '../catalog/categories.ts';
import type { Db } from '../db/client.ts';
import type { SettingsService } from '../settings/service.ts';
import { COMPARISON_HEAD, COMPARISON_TAIL, comparisonItem } from './comparison.ts';
import { GOOGLE_TAIL, googleHead, googleItem } from './google.ts';
import { type FeedContext, type FeedItem, feedItems } from './items.ts';

/** A feed as it is kept: gzip only (at 100 000 products the XML is tens of megabytes, its gzip a tenth). */
export interface BuiltFeed {
  /** The gzip stream in the pieces it was made in; together one gzip member. */
  gzip: Buffer[];
  gzipBytes: number;
  /** Of the XML: the same catalogue gives the same tag on every app node. */
  etag: string;
  /** When this content was first built here, to the second (kept while rebuilds give the same XML). */
  lastModified: Date;
  items: number;
}

export type FeedName = 'google' | 'products';

interface Format {
  head(ctx: FeedContext, shopName: string): string;
  item(item: FeedItem): string;
  tail: string;
}

const FORMATS: Record<FeedName, Format> = {
  google: {
    head: (ctx, name) => googleHead({ name, baseUrl: ctx.baseUrl }),
    item: googleItem,
    tail: GOOGLE_TAIL,
  },
  products: { head: () => COMPARISON_HEAD, item: comparisonItem, tail: COMPARISON_TAIL },
};

/**
 * The product feeds, built at the first request after a catalogue change and kept (compressed) until the
 * next one: any change the shop's caches hear of, on this node or another (products, prices, stock,
 * categories, settings), drops them. Building reads the catalogue 1 000 products at a time and compresses
 * as it goes, so neither the products nor the XML are ever held whole.
 */
export function createFeeds(db: Db, cache: Cache, settings: SettingsService, baseUrl: string) {
  const { tree } = createCategoryService(db, cache);
  const kept = new Map<FeedName, { generation: number; feed: Promise<BuiltFeed> }>();
  /** The last content built of each feed, so that an unchanged rebuild keeps its Last-Modified. */
  const last = new Map<FeedName, { etag: string; lastModified: Date }>();
  let generation = 0;
  cache.onChange(() => {
    generation++;
    kept.clear();
  });

  async function build(name: FeedName): Promise<BuiltFeed> {
    const [s, t] = await Promise.all([settings.all(), tree()]);
    const ctx: FeedContext = {
      baseUrl,
      tree: t,
      prices: { usdRate: s.usd_rate, eurRate: s.eur_rate, rounding: s.price_rounding, wholesale: false },
      shippingFeeMinor: s.shipping_fee,
      freeShippingThresholdMinor: s.free_shipping_threshold,
    };
    const format = FORMATS[name];
    const hash = createHash('sha256');
    const gzip = createGzip({ level: constants.Z_DEFAULT_COMPRESSION });
    const chunks: Buffer[] = [];
    let gzipBytes = 0;
    gzip.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      gzipBytes += chunk.length;
    });
    const done = new Promise<void>((resolve, reject) => {
      gzip.on('end', resolve);
      gzip.on('error', reject);
    });
    // Written a batch at a time, waiting for the compressor to take each: the XML is never all in memory.
    const write = async (text: string) => {
      hash.update(text);
      if (!gzip.write(text)) await new Promise((resolve) => gzip.once('drain', resolve));
    };
    let items = 0;
    try {
      await write(format.head(ctx, s.brand_name));
      for await (const batch of feedItems(db, ctx)) {
        items += batch.length;
        await write(batch.map(format.item).join(''));
      }
      await write(format.tail);
    } catch (err) {
      gzip.destroy();
      throw err;
    }
    gzip.end();
    await done;
    const etag = `"${hash.digest('base64url').slice(0, 27)}"`;
    const previous = last.get(name);
    const lastModified =
      previous?.etag === etag ? previous.lastModified : new Date(Math.floor(Date.now() / 1000) * 1000);
    last.set(name, { etag, lastModified });
    return { gzip: chunks, gzipBytes, etag, lastModified, items };
  }

  /** The feed as the catalogue is now: kept, or built (once, however many ask while it builds). */
  function get(name: FeedName): Promise<BuiltFeed> {
    const hit = kept.get(name);
    if (hit && hit.generation === generation) return hit.feed;
    const entry = { generation, feed: build(name) };
    kept.set(name, entry);
    entry.feed.catch(() => {
      if (kept.get(name) === entry) kept.delete(name);
    });
    return entry.feed;
  }

  return { get };
}

export type Feeds = ReturnType<typeof createFeeds>;
