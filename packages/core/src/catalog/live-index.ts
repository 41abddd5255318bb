import type { PriceContext } from '@vitrin/shared/pricing';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { type CatalogueIndex, createCatalogueIndex } from './catalogue-index.ts';
import { readAllIndexRows, readIndexRows } from './index-rows.ts';

/** After a change of anything, the index is built again once changes pause (a request first waits for it). */
const REBUILD_DELAY_MS = 1_000;
/** A change naming more products than this is cheaper to apply by building the index again. */
const MAX_REFRESH = 5_000;

/**
 * The catalogue index (catalogue-index.ts) kept current with the database.
 *
 * Built on first use (seconds at 100 000 products, read in batches of products; start-up asks for it). Every change
 * reaches it through the cache (`onChange`), on this app node and, by NOTIFY, on the others: a change that
 * names its products (an operator's edit, an order's stock) has just those read again and applied (five
 * queries narrowed by id, milliseconds); any other change (settings: prices follow the exchange rates; a
 * bulk import) builds it again once. `get()` answers only once every change seen so far is applied.
 */
export function createLiveIndex(db: Db, cache: Cache, pricing: () => Promise<PriceContext>) {
  let current: CatalogueIndex | undefined;
  let stale = true;
  const dirty = new Set<number>();
  let work: Promise<void> | undefined;
  let used = false;
  let rebuildTimer: NodeJS.Timeout | undefined;

  async function rebuild() {
    stale = false;
    dirty.clear();
    try {
      const built = createCatalogueIndex(await pricing());
      for await (const rows of readAllIndexRows(db)) {
        // Batches come in id order, so each takes the slots after the last (apply cannot refuse them).
        built.apply(
          rows.products.map((p) => p.id),
          rows,
        );
      }
      built.trim();
      // A change of anything while this read: built again by the caller's next round.
      if (!stale) current = built;
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
      else return current;
    }
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

  return { get };
}
