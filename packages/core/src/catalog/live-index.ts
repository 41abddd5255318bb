import { randomUUID } from 'node:crypto';
import type { PriceContext } from '@vitrin/shared/pricing';
import { sql } from 'drizzle-orm';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { type CatalogueIndex, createCatalogueIndex } from './catalogue-index.ts';
import { readAllIndexRows, readIndexRows } from './index-rows.ts';
import {
  CHUNK_SLOTS,
  catchUp,
  loadSnapshot,
  pruneChanges,
  saveSnapshot,
  watermarkNow,
} from './index-snapshot.ts';
import { rows } from './rows.ts';

/** After a change of anything, the index is built again once changes pause (a request first waits for it). */
const REBUILD_DELAY_MS = 1_000;
/** A change naming more products than this is cheaper to apply by building the index again. */
const MAX_REFRESH = 5_000;

/** How the index is kept in the database for starting nodes (index-snapshot.ts, decision 014). */
export interface SnapshotOptions {
  /** Below this many active products an index is built from the rows (a second or two) and not kept. */
  minProducts: number;
  /** How often a node writes again the chunks of the products it has seen change. */
  saveEveryMs: number;
  /**
   * Also on the embedded database. Not by default: it has one connection, which a save's transaction would
   * hold for seconds after a build (every request waiting), and one node, restarted seldom.
   */
  embedded?: boolean;
}
export const SNAPSHOTS: SnapshotOptions = { minProducts: 20_000, saveEveryMs: 5 * 60_000 };

/** Whether the database is the embedded one (PGlite names itself in the version). */
async function isEmbedded(db: Db): Promise<boolean> {
  const [row] = await rows<{ embedded: boolean }>(db, sql`select version() like '%PGlite%' as embedded`);
  return row?.embedded === true;
}

/**
 * The catalogue index (catalogue-index.ts) kept current with the database.
 *
 * Built on first use (seconds at 100 000 products, read in batches of products; start-up asks for it). Every change
 * reaches it through the cache (`onChange`), on this app node and, by NOTIFY, on the others: a change that
 * names its products (an operator's edit, an order's stock) has just those read again and applied (five
 * queries narrowed by id, milliseconds); any other change (settings: prices follow the exchange rates; a
 * bulk import) builds it again once. `get()` answers only once every change seen so far is applied.
 */
export function createLiveIndex(
  db: Db,
  cache: Cache,
  pricing: () => Promise<PriceContext>,
  wanted: SnapshotOptions | false = SNAPSHOTS,
) {
  let snapshots: SnapshotOptions | false = wanted;
  // Known at the first build (the embedded database is asked once).
  let checked = !wanted || wanted.embedded === true;
  let current: CatalogueIndex | undefined;
  /** This node's name in the snapshot's head (which node wrote it last). */
  const writer = randomUUID();
  /**
   * What the snapshot lacks of `current`: the products applied since it was written (their chunks are
   * written again), or every chunk ('all': an index built from the rows). `basis` is the watermark that
   * `current` is complete for; `next` the one taken at the last save, for the save after (a change committed
   * before a watermark is taken may still be on its way to this node then).
   */
  let unsaved: Set<number> | 'all' = new Set();
  let basis: bigint | undefined;
  let saving: Promise<unknown> | undefined;
  let saveTimer: NodeJS.Timeout | undefined;
  let source: 'snapshot' | 'rows' = 'rows';
  let stale = true;
  const dirty = new Set<number>();
  let work: Promise<void> | undefined;
  let used = false;
  let rebuildTimer: NodeJS.Timeout | undefined;

  /** The index from the snapshot, caught up; undefined when there is none to load or it cannot be. */
  async function fromSnapshot(ctx: PriceContext): Promise<CatalogueIndex | undefined> {
    if (!checked) {
      if (await isEmbedded(db)) snapshots = false;
      checked = true;
    }
    if (!snapshots) return undefined;
    const loaded = await loadSnapshot(db, ctx);
    if (!loaded) return undefined;
    const watermark = await watermarkNow(db);
    const caught = await catchUp(db, loaded.index, loaded.watermark);
    if (!caught.ok) return undefined;
    if (loaded.nameOrder) loaded.index.seedNameOrder(loaded.nameOrder, caught.changed);
    loaded.index.trim();
    basis = watermark;
    unsaved = new Set(caught.changed);
    return loaded.index;
  }

  async function rebuild() {
    stale = false;
    dirty.clear();
    try {
      const ctx = await pricing();
      const loaded = await fromSnapshot(ctx).catch(() => undefined);
      if (loaded) {
        if (!stale) {
          current = loaded;
          source = 'snapshot';
        }
        return;
      }
      // Taken before the first row is read: every change after it is read again by a node that loads this.
      basis = snapshots ? await watermarkNow(db) : undefined;
      unsaved = 'all';
      const built = createCatalogueIndex(ctx);
      for await (const rows of readAllIndexRows(db)) {
        // Batches come in id order, so each takes the slots after the last (apply cannot refuse them).
        built.apply(
          rows.products.map((p) => p.id),
          rows,
        );
      }
      built.trim();
      // A change of anything while this read: built again by the caller's next round.
      if (!stale) {
        current = built;
        source = 'rows';
      }
    } catch (err) {
      // The database is away: the next `get` builds again.
      stale = true;
      throw err;
    }
  }

  async function refresh() {
    const ids = [...dirty];
    dirty.clear();
    if (ids.length > MAX_REFRESH) {
      stale = true;
      return;
    }
    let rows: Awaited<ReturnType<typeof readIndexRows>>;
    try {
      rows = await readIndexRows(db, ids);
    } catch (err) {
      // The database is away: these products are read again by the next `get`.
      for (const id of ids) dirty.add(id);
      throw err;
    }
    if (stale || !current) return;
    if (!current.apply(ids, rows)) stale = true;
    else if (unsaved !== 'all') for (const id of ids) unsaved.add(id);
  }

  /**
   * Writes what the snapshot lacks, in the background (a failure is tried again at the next save). Not for a
   * small catalogue, nor while the index is being built.
   */
  function save() {
    if (!snapshots || saving || !current || stale || basis === undefined) return;
    if (current.size < snapshots.minProducts || (unsaved !== 'all' && unsaved.size === 0)) return;
    const index = current;
    const watermark = basis;
    const pending = unsaved;
    unsaved = new Set();
    let only: Set<number> | undefined;
    if (pending !== 'all') {
      only = new Set();
      for (const id of pending) {
        const slot = index.slotOf(id);
        if (slot >= 0) only.add(Math.floor(slot / CHUNK_SLOTS));
      }
    }
    saving = (async () => {
      // The next save's watermark: by then every change committed before it has reached this node.
      const next = await watermarkNow(db);
      const saved = await saveSnapshot(db, index, { watermark, writer, only });
      if (!saved) throw new Error('another node is writing the snapshot');
      if (current === index) basis = next;
    })()
      .catch(() => {
        // Written again at the next save.
        if (current !== index) return;
        if (pending === 'all' || unsaved === 'all') unsaved = 'all';
        else for (const id of pending) unsaved.add(id);
      })
      .finally(() => {
        saving = undefined;
      });
  }

  function run(task: () => Promise<void>) {
    work = task().finally(() => {
      work = undefined;
    });
  }

  async function get(): Promise<CatalogueIndex> {
    used = true;
    for (;;) {
      if (work) await work;
      else if (stale || !current) run(rebuild);
      else if (dirty.size) run(refresh);
      else {
        if (unsaved === 'all' && !saving) queueMicrotask(save);
        return current;
      }
    }
  }

  if (wanted) {
    saveTimer = setInterval(() => {
      if (!snapshots) return;
      save();
      // The change log is cut on every node's round, a small catalogue's too (it has no snapshot to do it).
      if (!saving) void pruneChanges(db).catch(() => {});
    }, wanted.saveEveryMs);
    saveTimer.unref();
  }

  /** Applies changes in the background so that shoppers rarely wait for them; a failure waits for `get`. */
  const ahead = () => void get().catch(() => {});

  cache.onChange((change) => {
    if (change.products) {
      for (const id of change.products) dirty.add(id);
      if (used && !stale) queueMicrotask(ahead);
      return;
    }
    stale = true;
    dirty.clear();
    if (!used) return;
    clearTimeout(rebuildTimer);
    rebuildTimer = setTimeout(ahead, REBUILD_DELAY_MS);
    rebuildTimer.unref();
  });

  return {
    get,
    /** Where the index in use came from. */
    get source() {
      return source;
    },
    /** Writes what the snapshot lacks now (tests; otherwise every `saveEveryMs`), and waits for it. */
    async saveSnapshot(): Promise<void> {
      await get();
      save();
      await saving;
    },
    /** Stops the periodic save (the node shuts down). */
    close() {
      clearInterval(saveTimer);
    },
  };
}
