import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AuditActor } from '../audit/record.ts';
import type { Database } from '../db/client.ts';
import { withClusterLock } from '../db/cluster-lock.ts';
import { channelListings } from '../db/schema.ts';
import { createHealth } from '../jobs/health.ts';
import { createRounds } from '../jobs/rounds.ts';
import { readState, writeState } from '../jobs/state.ts';
import type { OrderService } from '../orders/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { ChannelError, type ChannelStockPrice, isChannelError, type MarketplaceChannel } from './channel.ts';
import { createListings, type ListingRow, type ListingState, type PriceRuleSetting } from './listings.ts';
import { importPackages, sendPackageStatuses } from './orders.ts';
import { createTrendyolPublish } from './publish.ts';
import { type MarketplaceEnv, missingTrendyolKeys } from './setting.ts';

/**
 * The Trendyol round (issue 43), every minute on a server while `trendyol_sync` is `on`, on one node at a time
 * (`withClusterLock`), and at once from the CLI or the panel:
 *
 * 1. link: the seller's listings, every page, into `channel_listings`, linked by barcode (`listings.ts`);
 * 2. push: the products the owner put on Trendyol while it was away are sent (`publish.ts`); for each linked
 *    listing Trendyol has shown, the quantity and prices the shop wants there now; only those that differ
 *    from what was last sent (and not refused since) go, in requests of at most the channel's cap (1,000);
 *    a request identical to one the channel took within 15 minutes is never sent (Trendyol refuses it);
 * 3. follow: the batches sent (price and stock, product create), item by item: a refused item's values are forgotten (so it is sent again after
 *    its back-off, at least 15 minutes) and its reason kept on the listing (`last_error`);
 * 4. pull: the packages changed since the durable cursor become orders, and their statuses go back
 *    (`orders.ts`).
 *
 * Trendyol away or refusing (401/403/429/5xx): the round stops there, nothing sent is counted as taken (the
 * difference stays until the channel takes it), the channel waits its back-off (or Retry-After) before the
 * next call, and its health records the error. A round never throws.
 */

export const TRENDYOL_ROUND_MS = 60_000;
/** Trendyol refuses an identical price-and-inventory request within this time. */
export const DUPLICATE_WINDOW_MS = 15 * 60_000;
/** A batch not done after this long is not followed any more (Trendyol keeps one for about 4 hours). */
const BATCH_FOLLOW_MS = 4 * 60 * 60_000;
const LOCK = 'marketplace-trendyol-round';
/** The health record's service name. */
export const TRENDYOL_SERVICE = 'marketplace_trendyol';
/** Durable state of the round, as rows of `settings` under keys the registry does not know. */
const PAUSE_KEY = 'marketplace_trendyol_pause';
const REQUESTS_KEY = 'marketplace_trendyol_requests';
export const ORDERS_CURSOR_KEY = 'marketplace_trendyol_orders_since';
/** A first pull reads the packages changed in the last two weeks. */
const FIRST_PULL_MS = 14 * 24 * 60 * 60_000;

/** The channel's wait after `failures` failed calls in a row: 1 minute, 2, 4 … at most 30. */
export const channelBackoffMs = (failures: number) =>
  Math.min(60_000 * 2 ** Math.max(0, failures - 1), 30 * 60_000);

/** What a round did, for the CLI, the panel and the server's log. */
export interface TrendyolRoundSummary {
  /** False when another node holds the round now, or the setting is off (the server's rounds). */
  ran: boolean;
  setting: 'on' | 'off';
  configured: boolean;
  /** Listings read from the channel. */
  read: number;
  linked: number;
  channelOnly: number;
  unlisted: number;
  /** Barcodes whose quantity or prices were sent, and in how many requests. */
  sent: number;
  requests: number;
  /** Identical requests not sent (the channel took the same within 15 minutes). */
  duplicates: number;
  /** Items the followed batches accepted and refused. */
  accepted: number;
  refused: number;
  /** Linked listings whose values could not be made (no sale price…). */
  unpriced: number;
  /** Packages made into orders or updated, and statuses sent back; null: the pull is not part of this build. */
  pulled: number | null;
  statusesSent: number | null;
  /** The channel's failure that stopped the round, in Turkish. */
  error: string | null;
  /** The channel is waiting out its back-off until then (ISO 8601). */
  pausedUntil: string | null;
}

export interface TrendyolSyncOptions {
  settings: Pick<SettingsService, 'get' | 'all'>;
  env: MarketplaceEnv;
  /** The adapter built from the environment, or why it cannot be (in Turkish). */
  channel: (env: MarketplaceEnv) => MarketplaceChannel | { missing: string };
  /** Packages' orders move through the order service (`orders.ts`); without it the round pulls nothing. */
  orders?: Pick<OrderService, 'changeStatus'>;
  /** The shop's public address (a published product's pictures); `http://localhost:3000` unless given. */
  shopUrl?: string;
  now?: () => Date;
  onError?: (err: unknown) => void;
}

const CHANNEL = 'trendyol' as const;

export function createTrendyolSync(database: Database, options: TrendyolSyncOptions) {
  const { db } = database;
  const now = options.now ?? (() => new Date());
  let reportError = options.onError ?? (() => {});
  const listings = createListings(db, CHANNEL);
  const health = createHealth(db, now);
  let cached: MarketplaceChannel | { missing: string } | undefined;
  const channel = () => {
    cached ??= options.channel(options.env);
    return cached;
  };
  const publish = createTrendyolPublish(db, {
    channel,
    settings: options.settings,
    shopUrl: options.shopUrl ?? 'http://localhost:3000',
    now,
  });

  const readKey = (key: string) => readState(db, key);
  const writeKey = (key: string, value: string) => writeState(db, key, value);
  async function readJson<T>(key: string, fallback: T): Promise<T> {
    try {
      return (JSON.parse((await readKey(key)) ?? 'null') as T | null) ?? fallback;
    } catch {
      return fallback;
    }
  }

  async function pause(): Promise<{ until: string | null; failures: number }> {
    return readJson(PAUSE_KEY, { until: null, failures: 0 });
  }

  /** A failed call: the channel waits (Retry-After or the back-off), the health says why. */
  async function channelFailed(err: unknown): Promise<string> {
    const message =
      err instanceof ChannelError
        ? err.message
        : `Trendyol'a bağlanılamadı: ${err instanceof Error ? err.message : String(err)}`;
    if (!(err instanceof ChannelError)) reportError(err);
    const failures = (await pause()).failures + 1;
    const retryAt = err instanceof ChannelError ? err.retryAt : undefined;
    // Refused keys wait longer: the owner fixes them, a minute later is no better.
    const wait = isChannelError(err, 'KANAL_YETKI_YOK')
      ? Math.max(15 * 60_000, channelBackoffMs(failures))
      : channelBackoffMs(failures);
    const until = new Date(Math.max(retryAt?.getTime() ?? 0, now().getTime() + wait));
    await writeKey(PAUSE_KEY, JSON.stringify({ until: until.toISOString(), failures }));
    await health.error(TRENDYOL_SERVICE, message);
    return message;
  }

  async function channelAnswered() {
    const p = await pause();
    if (p.failures || p.until) await writeKey(PAUSE_KEY, JSON.stringify({ until: null, failures: 0 }));
    await health.ok(TRENDYOL_SERVICE);
  }

  /** The requests the channel took within the last 15 minutes, by the hash of their items. */
  async function recentRequests(): Promise<{ hash: string; at: string }[]> {
    const all = await readJson<{ hash: string; at: string }[]>(REQUESTS_KEY, []);
    const since = now().getTime() - DUPLICATE_WINDOW_MS;
    return all.filter((r) => Date.parse(r.at) > since);
  }

  const requestHash = (items: ChannelStockPrice[]) =>
    createHash('sha256')
      .update(JSON.stringify([...items].sort((a, b) => (a.barcode < b.barcode ? -1 : 1))))
      .digest('hex');

  async function priceRule(): Promise<PriceRuleSetting> {
    const all = await options.settings.all();
    return { rule: all.trendyol_price_rule, adjust: all.trendyol_price_adjust };
  }

  /** Step 1: every page of the listings, then the links by barcode. */
  async function link(ch: MarketplaceChannel, summary: TrendyolRoundSummary) {
    const started = now();
    let page = 0;
    let totalPages = 1;
    while (page < totalPages) {
      const answer = await ch.listings(page);
      await listings.store(answer.items, now());
      summary.read += answer.items.length;
      totalPages = answer.totalPages;
      page++;
    }
    await listings.forgetUnseen(started);
    await listings.link();
  }

  /** Step 2: the differences, in requests of at most the channel's cap. */
  async function push(ch: MarketplaceChannel, summary: TrendyolRoundSummary) {
    const all = await options.settings.all();
    const wanted = await listings.desired(
      { usdRate: all.usd_rate, eurRate: all.eur_rate, rounding: all.price_rounding },
      await priceRule(),
    );
    const at = now();
    const due: { row: ListingRow; item: ChannelStockPrice }[] = [];
    for (const { row, want } of wanted) {
      if (!want.ok) {
        summary.unpriced++;
        if (row.lastError !== want.reason)
          await db
            .update(channelListings)
            .set({ lastError: want.reason, updatedAt: at })
            .where(eq(channelListings.id, row.id));
        continue;
      }
      const same =
        row.sentQuantity === want.quantity &&
        row.sentSaleMinor === want.salePriceMinor &&
        row.sentListMinor === want.listPriceMinor;
      if (same) continue;
      if (row.nextAttemptAt && row.nextAttemptAt > at) continue;
      const { ok: _ok, ...item } = want;
      due.push({ row, item });
    }
    const cap = Math.min(1000, ch.maxBatchItems);
    for (let i = 0; i < due.length; i += cap) {
      const chunk = due.slice(i, i + cap);
      const items = chunk.map((c) => c.item);
      const hash = requestHash(items);
      const recent = await recentRequests();
      if (recent.some((r) => r.hash === hash)) {
        summary.duplicates++;
        continue;
      }
      let batchId: string | null = null;
      try {
        batchId = await ch.pushStockPrices(items);
      } catch (err) {
        // The channel already has these very values (it took the same request a short while ago).
        if (!isChannelError(err, 'KANAL_AYNI_ISTEK')) {
          await chunkFailed(chunk, err);
          throw err;
        }
      }
      await writeKey(REQUESTS_KEY, JSON.stringify([...recent, { hash, at: now().toISOString() }]));
      await channelAnswered();
      for (const { row, item } of chunk) {
        await db
          .update(channelListings)
          .set({
            sentQuantity: item.quantity,
            sentSaleMinor: item.salePriceMinor,
            sentListMinor: item.listPriceMinor,
            sentAt: now(),
            batchId,
            updatedAt: now(),
          })
          .where(eq(channelListings.id, row.id));
      }
      summary.sent += chunk.length;
      summary.requests++;
    }
  }

  /** A request the channel did not take: each of its listings waits its back-off and says why. */
  async function chunkFailed(chunk: { row: ListingRow }[], err: unknown) {
    const message = err instanceof ChannelError ? err.message : 'Trendyol’a gönderilemedi.';
    const retryAt = err instanceof ChannelError ? err.retryAt : undefined;
    for (const { row } of chunk) {
      const attempts = row.attempts + 1;
      const next = new Date(Math.max(retryAt?.getTime() ?? 0, now().getTime() + channelBackoffMs(attempts)));
      await db
        .update(channelListings)
        .set({ attempts, nextAttemptAt: next, lastError: message, updatedAt: now() })
        .where(eq(channelListings.id, row.id));
    }
  }

  /** Step 3: the batches waiting, item by item. */
  async function follow(ch: MarketplaceChannel, summary: TrendyolRoundSummary) {
    const waiting = await db
      .select({ batchId: channelListings.batchId, sentAt: sql<Date | null>`min(${channelListings.sentAt})` })
      .from(channelListings)
      .where(and(eq(channelListings.channel, CHANNEL), isNotNull(channelListings.batchId)))
      .groupBy(channelListings.batchId);
    for (const { batchId, sentAt } of waiting) {
      const id = batchId!;
      const rowsOf = await db
        .select()
        .from(channelListings)
        .where(and(eq(channelListings.channel, CHANNEL), eq(channelListings.batchId, id)));
      let batch: Awaited<ReturnType<MarketplaceChannel['batch']>> | null = null;
      try {
        batch = await ch.batch(id);
      } catch (err) {
        if (!isChannelError(err, 'KANAL_BULUNAMADI')) throw err;
      }
      const old = sentAt && now().getTime() - new Date(sentAt).getTime() > BATCH_FOLLOW_MS;
      if (batch?.status !== 'done' && !old && batch) continue;
      // Done, or no longer kept by the channel: what it did not refuse stands as sent.
      const refused = new Map((batch?.items ?? []).filter((i) => !i.ok).map((i) => [i.barcode, i.reasons]));
      const fine = rowsOf.filter((r) => !refused.has(r.barcode));
      if (fine.length)
        await db
          .update(channelListings)
          .set({ batchId: null, attempts: 0, nextAttemptAt: null, lastError: null, updatedAt: now() })
          .where(
            inArray(
              channelListings.id,
              fine.map((r) => r.id),
            ),
          );
      summary.accepted += fine.length;
      for (const row of rowsOf.filter((r) => refused.has(r.barcode))) {
        const attempts = row.attempts + 1;
        const reasons = refused.get(row.barcode)!;
        await db
          .update(channelListings)
          .set({
            batchId: null,
            sentQuantity: null,
            sentSaleMinor: null,
            sentListMinor: null,
            attempts,
            // Never the same values again within Trendyol's 15 minutes.
            nextAttemptAt: new Date(
              now().getTime() + Math.max(DUPLICATE_WINDOW_MS, channelBackoffMs(attempts)),
            ),
            lastError: `Trendyol reddetti: ${reasons.join('; ') || 'neden belirtilmedi'}`,
            updatedAt: now(),
          })
          .where(eq(channelListings.id, row.id));
        summary.refused++;
      }
    }
  }

  /**
   * Step 4: the packages changed since the cursor, every page, made into orders or brought into theirs
   * (`importPackages`); then the statuses waiting go back (`sendPackageStatuses`). The cursor (kept in the
   * database) moves to the latest change read only once every page is in, so a failure reads them again
   * (a package seen again makes nothing new).
   */
  async function pull(ch: MarketplaceChannel, summary: TrendyolRoundSummary) {
    if (!options.orders) return;
    const deps = {
      db,
      orders: options.orders,
      rates: async () => {
        const all = await options.settings.all();
        return { usd_rate: all.usd_rate, eur_rate: all.eur_rate };
      },
      now,
    };
    const stored = await readKey(ORDERS_CURSOR_KEY);
    const since = stored ? new Date(stored) : new Date(now().getTime() - FIRST_PULL_MS);
    let latest = since.getTime();
    let page = 0;
    let totalPages = 1;
    let pulled = 0;
    while (page < totalPages) {
      const answer = await ch.packages(since, page);
      const result = await importPackages(deps, CHANNEL, answer.items);
      pulled += result.created.length + result.updated;
      for (const pkg of answer.items) latest = Math.max(latest, Date.parse(pkg.lastModifiedAt) || 0);
      totalPages = answer.totalPages;
      page++;
    }
    await writeKey(ORDERS_CURSOR_KEY, new Date(latest).toISOString());
    summary.pulled = pulled;
    const back = await sendPackageStatuses(deps, ch);
    summary.statusesSent = back.picking + back.invoiced;
    // A status Trendyol did not take waits on its order's row; the panel's health says why.
    const failed = back.failed[0];
    if (failed) await health.error(TRENDYOL_SERVICE, `${failed.orderNo}: ${failed.message}`);
  }

  async function run(force: boolean): Promise<TrendyolRoundSummary> {
    const setting = await options.settings.get('trendyol_sync');
    const ch = channel();
    const summary: TrendyolRoundSummary = {
      ran: false,
      setting,
      configured: !('missing' in ch),
      read: 0,
      linked: 0,
      channelOnly: 0,
      unlisted: 0,
      sent: 0,
      requests: 0,
      duplicates: 0,
      accepted: 0,
      refused: 0,
      unpriced: 0,
      pulled: options.orders ? 0 : null,
      statusesSent: options.orders ? 0 : null,
      error: null,
      pausedUntil: null,
    };
    if (setting !== 'on' && !force) return summary;
    if ('missing' in ch) {
      summary.error = ch.missing;
      // On, but the keys are wrong: the panel's health says why nothing is sent.
      if (setting === 'on') await health.error(TRENDYOL_SERVICE, ch.missing);
      return summary;
    }
    const locked = await withClusterLock(database, LOCK, async () => {
      summary.ran = true;
      const waiting = await pause();
      if (waiting.until && Date.parse(waiting.until) > now().getTime()) {
        summary.pausedUntil = waiting.until;
        return;
      }
      try {
        await link(ch, summary);
        await channelAnswered();
        // Products the owner put on Trendyol while it was away (`publish.ts`), then followed as batches.
        await publish.sendWaiting(ch);
        await push(ch, summary);
        await follow(ch, summary);
        await pull(ch, summary);
      } catch (err) {
        summary.error = await channelFailed(err);
        const p = await pause();
        summary.pausedUntil = p.until;
      }
    });
    if (!locked.ran) summary.ran = false;
    const counts = await listings.counts();
    summary.linked = counts.linked;
    summary.channelOnly = counts.channelOnly;
    summary.unlisted = counts.unlisted;
    return summary;
  }

  const rounds = createRounds(() => sync.round());

  const sync = {
    listings,
    /** Trendyol's categories, brands and attributes, the owner's mappings, and a product put on Trendyol. */
    publish,

    /** The server's round: only while `trendyol_sync` is on, on one node at a time. Never throws. */
    async round(): Promise<TrendyolRoundSummary> {
      return run(false).catch((err: unknown) => {
        reportError(err);
        throw err;
      });
    },

    /** One round now (the CLI, the panel), the setting on or off. */
    runNow: () => run(true),

    /** The panel's health of the channel. */
    async health() {
      const stored = (await health.read([TRENDYOL_SERVICE])).get(TRENDYOL_SERVICE)!;
      const counts = await listings.counts();
      const [pending] = await db
        .select({
          n: sql<number>`count(*) filter (where ${channelListings.productId} is not null and (${channelListings.batchId} is not null or ${channelListings.sentQuantity} is null))::int`,
        })
        .from(channelListings)
        .where(eq(channelListings.channel, CHANNEL));
      const p = await pause();
      return {
        setting: await options.settings.get('trendyol_sync'),
        configured: missingTrendyolKeys(options.env).length === 0,
        missing: missingTrendyolKeys(options.env),
        ...stored,
        pausedUntil: p.until && Date.parse(p.until) > now().getTime() ? p.until : null,
        linked: counts.linked,
        unlisted: counts.unlisted,
        channelOnly: counts.channelOnly,
        pending: Number(pending?.n ?? 0),
        failing: counts.failing,
        intervalSeconds: TRENDYOL_ROUND_MS / 1000,
      };
    },

    /** One page (from 1) of the linked, unlisted or Trendyol-only items. */
    page: (state: ListingState, page: number, size = 50) => listings.page(state, page, size),

    /** The owner's buffer of one listing; the next round sends the new quantity. */
    setBuffer: (actor: AuditActor, barcode: string, stockBuffer: number) =>
      listings.setBuffer(actor, barcode, stockBuffer),

    /** Starts the rounds on a server: one now, then every minute. */
    start(run: { intervalMs?: number; onError?: (err: unknown) => void } = {}): void {
      if (run.onError) reportError = run.onError;
      rounds.start(run.intervalMs ?? TRENDYOL_ROUND_MS);
    },

    /** Stops the rounds and waits for the one under way. */
    stop: () => rounds.stop(),
  };
  return sync;
}

export type TrendyolSync = ReturnType<typeof createTrendyolSync>;
