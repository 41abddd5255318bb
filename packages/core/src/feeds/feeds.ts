import { createHash, type Hash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { constants, createGzip } from 'node:zlib';
import type { Cache, Change } from '../cache.ts';
import { createCategoryService } from '../catalog/categories.ts';
import type { Db } from '../db/client.ts';
import type { SettingsService } from '../settings/service.ts';
import { COMPARISON_HEAD, COMPARISON_TAIL, comparisonItem, comparisonStamp } from './comparison.ts';
import { GOOGLE_TAIL, googleHead, googleItem, googleStamp } from './google.ts';
import { type FeedContext, type FeedItem, feedItems } from './items.ts';

/** A feed as it is kept: gzip only (at 100 000 products the XML is tens of megabytes, its gzip a tenth). */
export interface BuiltFeed {
  /** The gzip stream in the pieces it was made in; together one gzip member. */
  gzip: Buffer[];
  gzipBytes: number;
  /**
   * Weak: of the XML but its build time, so the same catalogue gives the same tag on every app node and after
   * a rebuild that changed nothing.
   */
  etag: string;
  /** When this content was first built here, to the second (kept while rebuilds give the same XML). */
  lastModified: Date;
  /** When the catalogue was read for it (written into the feed). */
  builtAt: Date;
  items: number;
}

export type FeedName = 'google' | 'products';

interface Format {
  head(ctx: FeedContext, shopName: string): string;
  /** The build time, written after the head and left out of the ETag. */
  stamp(builtAt: Date): string;
  item(item: FeedItem): string;
  tail: string;
}

const FORMATS: Record<FeedName, Format> = {
  google: {
    head: (ctx, name) => googleHead({ name, baseUrl: ctx.baseUrl }),
    stamp: googleStamp,
    item: googleItem,
    tail: GOOGLE_TAIL,
  },
  products: {
    head: () => COMPARISON_HEAD,
    stamp: comparisonStamp,
    item: comparisonItem,
    tail: COMPARISON_TAIL,
  },
};

/** When rebuilds start after a change (see `createFeeds`). */
export interface RebuildTiming {
  /** Changes this close together (an import, an owner saving a form) are read by one rebuild. */
  settleMs: number;
  /** A change of stock alone (every order makes one) waits this long after the previous rebuild ended. */
  stockGapMs: number;
  /** Between the end of one rebuild and the start of the next, at least this many times the last one took. */
  gapFactor: number;
}

export const REBUILD_TIMING: RebuildTiming = { settleMs: 1_000, stockGapMs: 60_000, gapFactor: 3 };

export interface RebuildReport {
  feeds: FeedName[];
  items: number;
  builtAt: Date;
  ms: number;
}

export interface FeedsOptions {
  timing?: Partial<RebuildTiming>;
  /** After every build (for the log). */
  onBuilt?: (report: RebuildReport) => void;
  /** A rebuild in the background failed: the feeds served stay the previous ones and it is tried again. */
  onError?: (err: unknown) => void;
}

interface Running {
  feeds: ReadonlySet<FeedName>;
  /** Rejects when the build fails. */
  done: Promise<void>;
}

/** Changes not yet read by a build: since when, and whether one of them was more than stock. */
interface Pending {
  since: number;
  stockOnly: boolean;
}

/**
 * The product feeds, built at their first request (which waits for it) and kept compressed. A change the
 * shop's caches hear of (products, prices, stock, categories, settings; on this node or another) does not
 * drop them: they keep being served as they are, with their ETag and Last-Modified, while one rebuild runs
 * in the background and replaces them when it is done; never two at once. Changes during a rebuild are read
 * by one more after it. A rebuild starts `settleMs` after the first change it reads and at least
 * `gapFactor` times the last rebuild's duration after it ended (building takes at most a quarter of the time
 * however often the catalogue changes); changes of stock alone also wait `stockGapMs` after the previous
 * one. So a served feed is never older than that gap plus a build, and says when it was built.
 *
 * One build writes every feed asked for so far from one read of the catalogue, `FEED_BATCH` products at a
 * time in short statements of their own (no transaction), letting other requests run after each feed's part
 * of a batch (on the embedded database the statements run on this thread: at 1 000 a batch a listing's p99
 * during a rebuild at 100 000 products was 108-346 ms, at 250 57-87 ms); compressed as it goes, so neither
 * the products nor the XML are ever held whole.
 */
export function createFeeds(
  db: Db,
  cache: Cache,
  settings: SettingsService,
  baseUrl: string,
  options: FeedsOptions = {},
) {
  const timing = { ...REBUILD_TIMING, ...options.timing };
  const { tree } = createCategoryService(db, cache);
  const kept = new Map<FeedName, BuiltFeed>();
  /** The feeds asked for: every build writes them all. */
  const wanted = new Set<FeedName>();
  /** The last content built of each feed, so that an unchanged rebuild keeps its Last-Modified. */
  const last = new Map<FeedName, { etag: string; lastModified: Date }>();
  let running: Running | undefined;
  let pending: Pending | undefined;
  let timer: NodeJS.Timeout | undefined;
  let lastEnd = 0;
  let lastMs = 0;
  let closed = false;

  cache.onChange((change: Change) => {
    // Nothing asked for yet: the first request builds from the catalogue as it is then.
    if (!wanted.size || closed) return;
    pending = {
      since: pending?.since ?? Date.now(),
      stockOnly: (pending?.stockOnly ?? true) && change.stockOnly === true,
    };
    schedule();
  });

  function schedule() {
    if (running || !pending || closed) return;
    const gap = Math.max(pending.stockOnly ? timing.stockGapMs : 0, timing.gapFactor * lastMs);
    const at = Math.max(pending.since + timing.settleMs, lastEnd + gap);
    clearTimeout(timer);
    timer = setTimeout(start, Math.max(0, at - Date.now()));
    timer.unref();
  }

  function start(): Running {
    clearTimeout(timer);
    timer = undefined;
    const feeds = new Set(wanted);
    const reading = pending;
    pending = undefined;
    const began = Date.now();
    const done = build(feeds).then(
      (report) => options.onBuilt?.(report),
      (err: unknown) => {
        // Tried again as a change of stock is (a minute on), sooner on a change of more; until then the
        // feeds built before stay.
        pending = { since: reading?.since ?? began, stockOnly: true };
        throw err;
      },
    );
    const entry: Running = { feeds, done };
    running = entry;
    done
      .catch((err: unknown) => {
        if (!closed) options.onError?.(err);
      })
      .finally(() => {
        running = undefined;
        lastEnd = Date.now();
        lastMs = lastEnd - began;
        schedule();
      });
    return entry;
  }

  async function build(names: ReadonlySet<FeedName>): Promise<RebuildReport> {
    const began = Date.now();
    const builtAt = new Date(Math.floor(began / 1000) * 1000);
    const [s, t] = await Promise.all([settings.all(), tree()]);
    const ctx: FeedContext = {
      baseUrl,
      tree: t,
      prices: { usdRate: s.usd_rate, eurRate: s.eur_rate, rounding: s.price_rounding, wholesale: false },
      shippingFeeMinor: s.shipping_fee,
      freeShippingThresholdMinor: s.free_shipping_threshold,
    };
    const writers = [...names].map((name) => ({ name, format: FORMATS[name], out: feedWriter() }));
    let items = 0;
    try {
      for (const w of writers) {
        await w.out.write(w.format.head(ctx, s.brand_name));
        await w.out.write(w.format.stamp(builtAt), false);
      }
      for await (const batch of feedItems(db, ctx)) {
        items += batch.length;
        for (const w of writers) {
          await w.out.write(batch.map(w.format.item).join(''));
          // Requests waiting for the database or the event loop go first.
          await nextTurn();
        }
        if (closed) throw new Error('feeds closed');
      }
      for (const w of writers) await w.out.write(w.format.tail);
    } catch (err) {
      for (const w of writers) w.out.destroy();
      throw err;
    }
    for (const w of writers) {
      const { gzip, gzipBytes, hash } = await w.out.end();
      const etag = `W/"${hash.digest('base64url').slice(0, 27)}"`;
      const previous = last.get(w.name);
      const lastModified = previous?.etag === etag ? previous.lastModified : builtAt;
      last.set(w.name, { etag, lastModified });
      kept.set(w.name, { gzip, gzipBytes, etag, lastModified, builtAt, items });
    }
    return { feeds: [...names], items, builtAt, ms: Date.now() - began };
  }

  /**
   * The feed: the one kept, however many changes since (a rebuild is on its way), or, the first time,
   * once it is built.
   */
  async function get(name: FeedName): Promise<BuiltFeed> {
    wanted.add(name);
    for (;;) {
      const feed = kept.get(name);
      if (feed) return feed;
      if (closed) throw new Error('feeds closed');
      const build = running ?? start();
      // A build that started before this feed was asked for does not write it: the next one, at once.
      if (build.feeds.has(name)) await build.done;
      else await build.done.catch(() => {});
    }
  }

  return {
    get,
    /** Whether a rebuild runs or waits for its time (for tests and monitoring). */
    state() {
      return { building: running !== undefined, pending: pending !== undefined };
    },
    /** Stops rebuilding; a build under way ends after its batch. */
    async close() {
      closed = true;
      clearTimeout(timer);
      await running?.done.catch(() => {});
    },
  };
}

/** One feed being written: hashed (but what is written with `hashed` false) and gzip-compressed. */
function feedWriter() {
  const hash = createHash('sha256');
  const gzip = createGzip({ level: constants.Z_DEFAULT_COMPRESSION });
  const chunks: Buffer[] = [];
  let gzipBytes = 0;
  gzip.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    gzipBytes += chunk.length;
  });
  const ended = new Promise<void>((resolve, reject) => {
    gzip.on('end', resolve);
    gzip.on('error', reject);
  });
  return {
    /** Waits for the compressor to take each piece: the XML is never all in memory. */
    async write(text: string, hashed = true) {
      if (hashed) hash.update(text);
      if (!gzip.write(text)) await new Promise((resolve) => gzip.once('drain', resolve));
    },
    async end(): Promise<{ gzip: Buffer[]; gzipBytes: number; hash: Hash }> {
      gzip.end();
      await ended;
      return { gzip: chunks, gzipBytes, hash };
    },
    destroy() {
      gzip.destroy();
    },
  };
}

export type Feeds = ReturnType<typeof createFeeds>;
