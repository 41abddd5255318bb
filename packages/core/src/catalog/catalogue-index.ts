import type { ListingFacets, ProductCard } from '@vitrin/shared/api/catalog';
import type { ListingQuery } from '@vitrin/shared/api/catalog-query';
import { type PriceContext, resolveDisplayPrice } from '@vitrin/shared/pricing';
import type { IndexRows } from './index-rows.ts';
import { IndexTable, NAME, NO_PRICE, type TableChunk, TEXT } from './index-table.ts';
import { publicPrice, type ShopperContext } from './listing.ts';
import { createTextIndex, type RangeEntries, type SearchTerms } from './search-index.ts';
import { SortedSlots } from './sorted-slots.ts';

/** A range of slots' search entries, per stem and per word (search-index.ts `exportRange`). */
export interface ChunkEntries {
  stems: RangeEntries;
  words: RangeEntries;
}

/** Which products a listing shows before filters: a category (with its subcategories) or a tag. */
export type ListingScope = { categoryIds: number[] } | { tagId: number };

/** A page of a listing or a search: its products' slots, the total after filters and the facets. */
export interface IndexPage {
  slots: number[];
  total: number;
  facets: ListingFacets;
}

type OrderName = 'newest' | 'name' | 'retail' | 'wholesale' | 'rating';

/**
 * Scope lists (a scope's active products in one order) are kept up to this many bytes in all: at 100 000
 * products a broad category's list is 200 kB, and each (scope, order) pair has its own.
 */
const SCOPE_LISTS_BYTES = 16 * 1024 * 1024;

/**
 * The catalogue in memory: every product's listing, search and card data (index-table.ts), its search
 * entries (search-index.ts) and its sort orders, answering category and tag listings, search and product
 * cards without a query.
 *
 * What every listing would recompute is kept: per scope (a category with its subcategories, a tag), its
 * products in each sort order and its facets. A change to named products (`apply`) rewrites their rows,
 * moves them in the sort orders and remakes their search entries; the scope lists and facets are dropped
 * only when something they depend on changed (not for a stock change, which only flips "in stock").
 */
export function createCatalogueIndex(pricing: PriceContext) {
  const table = new IndexTable(pricing);
  const text = createTextIndex(table);
  const orders = new Map<OrderName, SortedSlots>();
  let nameOrder: Int32Array | null = null;
  /** Kept lists: a scope's products in one order, or those of them a filter keeps (with the version made at). */
  const scopeLists = new Map<string, { list: Int32Array; version: number }>();
  let scopeListBytes = 0;
  const facets = new Map<string, ListingFacets>();
  let active = 0;
  /** Bumped by every change: answers kept outside (search) are keyed by it. */
  let version = 0;
  let shelves: { version: number; newest: number[]; discounted: number[] } | undefined;

  /**
   * Larger discount ratio `(market - sale) / market` first, then higher id. Ratios that floats cannot tell
   * apart are compared exactly (kuruş amounts multiplied crosswise as big integers).
   */
  const byDiscount = (a: number, b: number) => {
    const ma = table.market[a]!;
    const sa = table.retail[a]!;
    const mb = table.market[b]!;
    const sb = table.retail[b]!;
    const ra = (ma - sa) / ma;
    const rb = (mb - sb) / mb;
    if (Math.abs(ra - rb) > 1e-9) return rb - ra;
    const exact = BigInt(mb - sb) * BigInt(ma) - BigInt(ma - sa) * BigInt(mb);
    return exact === 0n ? b - a : exact > 0n ? 1 : -1;
  };

  const compareFor = (name: OrderName): ((a: number, b: number) => number) => {
    switch (name) {
      case 'newest':
        return (a, b) => table.created[b]! - table.created[a]! || b - a;
      case 'name':
        return (a, b) => table.compareNames(a, b) || a - b;
      case 'rating':
        return (a, b) => table.compareRatings(a, b);
      default: {
        // Products without a price last, then by price and id. The array is read at each call: the table
        // replaces its arrays when it grows.
        return (a, b) => {
          const prices = name === 'retail' ? table.retail : table.wholesale;
          const pa = prices[a]!;
          const pb = prices[b]!;
          const aMissing = pa === NO_PRICE;
          if (aMissing !== (pb === NO_PRICE)) return aMissing ? 1 : -1;
          return (aMissing ? 0 : pa - pb) || a - b;
        };
      }
    }
  };

  /**
   * Scratch of the walks that make kept lists and facets (they run to their end without awaiting, so one
   * serves every call). `TypedArray.filter` first collects what it keeps in a JavaScript array that grows by
   * copying: 80 000 slots kept left 1-2 MB in V8's large-object spaces, much of it in the old generation's,
   * which then grows towards twice its live size before a full collection.
   */
  let scratch = new Int32Array(0);

  /** The slots of `from` that pass `test`, in order, in an array of their exact length. */
  function keepWhere(from: Int32Array, test: (slot: number) => boolean): Int32Array {
    if (scratch.length < from.length) scratch = new Int32Array(table.capacity);
    let n = 0;
    for (let k = 0; k < from.length; k++) {
      const slot = from[k]!;
      if (test(slot)) scratch[n++] = slot;
    }
    return scratch.slice(0, n);
  }

  /** The active slots, ascending, in an array of their exact number. */
  function activeSlots(): Int32Array {
    const flags = table.active;
    let count = 0;
    for (let slot = 0; slot < table.count; slot++) count += flags[slot]!;
    const slots = new Int32Array(count);
    let n = 0;
    for (let slot = 0; slot < table.count; slot++) if (flags[slot]) slots[n++] = slot;
    return slots;
  }

  /** The active slots in one order, sorted when first asked for, then kept sorted. */
  function order(name: OrderName): SortedSlots {
    let sorted = orders.get(name);
    if (!sorted) {
      // A typed array of the active slots (a JavaScript array of a million numbers grew by copying in the
      // collected heap, which then stayed larger than what lives in it).
      const slots = activeSlots();
      const compare = compareFor(name);
      if (name === 'name') {
        // The first sort compares each name some twenty times: by the first bytes of its key, made once,
        // and the whole keys only when those tie.
        const prefix = new Float64Array(table.count);
        for (const slot of slots) prefix[slot] = table.nameKeyPrefix(slot);
        sorted = new SortedSlots(compare, slots, (a, b) => prefix[a]! - prefix[b]! || compare(a, b));
      } else sorted = new SortedSlots(compare, slots);
      orders.set(name, sorted);
    }
    return sorted;
  }

  /** Every slot's place in name order (search sorts its matches by it; 32-bit, half a double's bytes). */
  function nameOrderKeys(): Int32Array {
    if (!nameOrder || nameOrder.length < table.capacity) {
      nameOrder = new Int32Array(table.capacity);
      order('name')
        .view()
        .forEach((slot, place) => {
          nameOrder![slot] = place;
        });
    }
    return nameOrder;
  }

  const scopeKey = (scope: ListingScope) =>
    'tagId' in scope ? `t${scope.tagId}` : `c${[...scope.categoryIds].sort((a, b) => a - b).join(',')}`;

  function inScope(scope: ListingScope): (slot: number) => boolean {
    if ('tagId' in scope) {
      const wanted = new Set([scope.tagId]);
      return (slot) => table.hasTag(slot, wanted);
    }
    const marks = categoryMarks(scope.categoryIds);
    return (slot) => marks[table.category[slot]!] === 1;
  }

  /** A mark per category id (1: in the scope): a walk over a million slots reads an array, not a set. */
  function categoryMarks(ids: readonly number[]): Uint8Array {
    const marks = new Uint8Array(Math.max(0, ...ids) + 1);
    for (const id of ids) marks[id] = 1;
    return marks;
  }

  /**
   * The slots of `from` whose category is marked, in order: what `keepWhere` with `inScope` keeps, in one
   * loop without a call per slot (a category's first listing in each order walks every active product).
   */
  function keepInCategories(from: Int32Array, marks: Uint8Array): Int32Array {
    if (scratch.length < from.length) scratch = new Int32Array(table.capacity);
    const category = table.category;
    let n = 0;
    for (let k = 0; k < from.length; k++) {
      const slot = from[k]!;
      if (marks[category[slot]!] === 1) scratch[n++] = slot;
    }
    return scratch.slice(0, n);
  }

  /** Keeps a list, dropping the oldest ones when the bound is reached (a Map iterates in insertion order). */
  function keepList(key: string, list: Int32Array) {
    for (const [oldKey, old] of scopeLists) {
      if (scopeListBytes + list.byteLength <= SCOPE_LISTS_BYTES) break;
      scopeLists.delete(oldKey);
      scopeListBytes -= old.list.byteLength;
    }
    scopeLists.set(key, { list, version });
    scopeListBytes += list.byteLength;
    return list;
  }

  /** The scope's active products in one order (kept until the catalogue's structure changes). */
  function scopeList(scope: ListingScope, name: OrderName): Int32Array {
    const key = `${scopeKey(scope)} ${name}`;
    const kept = scopeLists.get(key);
    if (kept) return kept.list;
    if ('categoryIds' in scope)
      return keepList(key, keepInCategories(order(name).view(), categoryMarks(scope.categoryIds)));
    return keepList(key, keepWhere(order(name).view(), inScope(scope)));
  }

  /**
   * What a filter keeps of a scope list, kept too: shoppers repeat filters, and a filter walks the whole
   * scope. One that reads stock (in stock, variant options in stock) is made again after any change.
   */
  function filteredList(
    scope: ListingScope,
    name: OrderName,
    query: ListingQuery,
    wholesale: boolean,
    filter: (slot: number) => boolean,
  ): Int32Array {
    // Price bounds read the shopper's prices: retail and wholesale lists are kept apart.
    const key = `${scopeKey(scope)} ${name} ${JSON.stringify([wholesale, query.min, query.max, query.stock, query.tag, query.opt])}`;
    const readsStock = query.stock === '1' || query.opt.length > 0;
    const kept = scopeLists.get(key);
    if (kept && (!readsStock || kept.version === version)) return kept.list;
    if (kept) {
      scopeLists.delete(key);
      scopeListBytes -= kept.list.byteLength;
    }
    return keepList(key, keepWhere(scopeList(scope, name), filter));
  }

  function scopeFacets(scope: ListingScope, wholesale: boolean): ListingFacets {
    const key = `${scopeKey(scope)} ${wholesale}`;
    let kept = facets.get(key);
    if (!kept) {
      // In slot order, so that option values come in the order the products list them.
      if (scratch.length < table.count) scratch = new Int32Array(table.capacity);
      const active = table.active;
      let n = 0;
      if ('categoryIds' in scope) {
        const marks = categoryMarks(scope.categoryIds);
        const category = table.category;
        for (let slot = 0; slot < table.count; slot++)
          if (active[slot] === 1 && marks[category[slot]!] === 1) scratch[n++] = slot;
      } else {
        const member = inScope(scope);
        for (let slot = 0; slot < table.count; slot++)
          if (active[slot] === 1 && member(slot)) scratch[n++] = slot;
      }
      kept = table.facetsOf(scratch.subarray(0, n), wholesale ? table.wholesale : table.retail);
      facets.set(key, kept);
    }
    return kept;
  }

  /** What the sort orders, scope lists and facets read of a slot, to tell whether a change moved it. */
  const structure = (slot: number) =>
    slot < 0 || !table.active[slot]
      ? ''
      : [
          table.category[slot],
          table.created[slot],
          table.sortKey(slot),
          table.retail[slot],
          table.wholesale[slot],
          table.tagList[slot],
          table.groupList[slot],
          table.ratingCount[slot],
          table.ratingTenths[slot],
        ].join(' ');

  /**
   * Writes the named products from their rows (read by `readIndexRows` for exactly these ids; a product
   * without a row was deleted). False when a product cannot take its place (an id below the highest one
   * that the table has never seen): the index must then be built again.
   */
  function apply(ids: readonly number[], rows: IndexRows): boolean {
    table.setTags(rows.tags);
    const byId = <T extends { product_id: number }>(list: T[]) => {
      const map = new Map<number, T[]>();
      for (const item of list) {
        const own = map.get(item.product_id);
        if (own) own.push(item);
        else map.set(item.product_id, [item]);
      }
      return map;
    };
    const tagLinks = byId(rows.tagLinks);
    const prices = byId(rows.prices);
    const variants = byId(rows.variants);
    const products = new Map(rows.products.map((p) => [p.id, p]));

    // Nothing kept depends on the rows yet (the first build): no need to tell what moved.
    const tracked = orders.size > 0 || scopeLists.size > 0 || facets.size > 0 || nameOrder !== null;
    const changed: number[] = [];
    const reindex = new Set<number>();
    let moved = false;
    for (const id of new Set(ids)) {
      const p = products.get(id);
      let slot = table.slotOf(id);
      if (slot < 0 && !p) continue;
      if (slot < 0) {
        slot = table.append(id);
        if (slot < 0) return false;
      }
      const wasActive = table.active[slot] === 1;
      const before = tracked ? structure(slot) : '';
      const textBefore = wasActive ? table.strings.get(slot, TEXT) : undefined;
      const stemsBefore = table.stemsHash[slot];
      if (p) {
        table.write(
          slot,
          p,
          (tagLinks.get(id) ?? []).map((l) => l.tag_id),
          prices.get(id) ?? [],
          (variants.get(id) ?? []).map((v) => v.options),
        );
      } else table.active[slot] = 0;
      const isActive = table.active[slot] === 1;
      active += Number(isActive) - Number(wasActive);
      if (!tracked || structure(slot) !== before) {
        moved = true;
        changed.push(slot);
      }
      // Search entries are made again only when the text or the stems changed (not for stock or price).
      if (!wasActive) {
        if (isActive) text.add(slot, p?.stems ?? []);
      } else if (
        !isActive ||
        textBefore !== table.strings.get(slot, TEXT) ||
        stemsBefore !== table.stemsHash[slot]
      )
        reindex.add(slot);
    }
    // A product that had entries has them taken out (one walk over the entries for all), then made again.
    if (reindex.size) {
      text.remove(reindex);
      for (const slot of reindex)
        if (table.active[slot]) text.add(slot, products.get(table.ids[slot]!)?.stems ?? []);
    }
    for (const sorted of orders.values()) {
      for (const slot of changed) sorted.remove(slot);
      for (const slot of changed) if (table.active[slot]) sorted.insert(slot);
    }
    if (moved) {
      scopeLists.clear();
      scopeListBytes = 0;
      facets.clear();
      nameOrder = null;
    }
    version++;
    return true;
  }

  /**
   * Appends slots that a snapshot kept (index-snapshot.ts), with their search entries as `exportChunk` gave
   * them. Only while the index is being loaded: nothing kept depends on the slots yet. False when the chunk
   * does not come right after the last slot.
   */
  function importChunk(chunk: TableChunk, entries: ChunkEntries): boolean {
    if (!table.importChunk(chunk)) return false;
    for (let k = 0; k < chunk.ids.length; k++) if (table.active[chunk.from + k]) active++;
    text.importRange(chunk.from, entries);
    version++;
    return true;
  }

  return {
    apply,
    importChunk,
    /** The active products' ids in name order (sorted now if no listing or search has asked yet). */
    nameOrderIds(): Int32Array {
      return order('name')
        .view()
        .map((slot) => table.ids[slot]!);
    },
    /**
     * Takes the name order from a snapshot (ids, as `nameOrderIds` gave them) instead of sorting a million
     * names on the first search: after the snapshot is caught up, before anything else. The products caught
     * up (`changed`) are left out of it and put in at their places; the rest must be every other active
     * product, in order (checked). False when it was not taken (the order is sorted on first use then).
     * `ids` is written over.
     */
    seedNameOrder(ids: Int32Array, changed: readonly number[]): boolean {
      if (orders.size) return false;
      const skip = new Set(changed);
      // The slots are written over the ids (a loader's own array, of no use after): no second 4 MB.
      const slots = ids;
      let n = 0;
      for (let k = 0; k < ids.length; k++) {
        const id = ids[k]!;
        if (skip.has(id)) continue;
        const slot = table.slotOf(id);
        if (slot < 0 || !table.active[slot]) return false;
        slots[n++] = slot;
      }
      const sorted = SortedSlots.ofSorted(compareFor('name'), slots.subarray(0, n));
      if (!sorted) return false;
      for (const id of skip) {
        const slot = table.slotOf(id);
        if (slot >= 0 && table.active[slot]) sorted.insert(slot);
      }
      if (sorted.length !== active) return false;
      orders.set('name', sorted);
      return true;
    },
    /** Makes room before chunks are imported, so that the arrays and strings are not copied as they grow. */
    reserve: (slots: number, stringBytes: number) => table.reserve(slots, stringBytes),
    /**
     * Slots `from` to `to` (exclusive, at most 65 536) as plain data and their search entries, for a snapshot
     * (see `importChunk`).
     */
    /** Measures what a snapshot of the slots keeps beyond their rows (see index-table.ts `measureNames`). */
    measureNames: (from: number, to: number) => table.measureNames(from, to),
    exportChunk: (from: number, to: number) => ({
      table: table.exportChunk(from, to),
      entries: text.exportRange(from, to),
    }),
    /** Slots in use (active or not). */
    get slots() {
      return table.count;
    },
    /** The product id of each slot from `from` to `to` (exclusive). */
    idsOf: (from: number, to: number) => table.ids.subarray(from, to),
    /** The ids of the active products. */
    activeIds(): number[] {
      const out: number[] = [];
      for (let slot = 0; slot < table.count; slot++) if (table.active[slot]) out.push(table.ids[slot]!);
      return out;
    },
    /** The slot of a product id; -1 when it has none. */
    slotOf: (id: number) => table.slotOf(id),
    /**
     * Ends a build that applied batch after batch: makes the search entries of all of them at once and gives
     * back the slack the arrays grew by.
     */
    trim() {
      text.commit();
      table.trim();
    },
    /** Number of active products. */
    get size() {
      return active;
    },
    get version() {
      return version;
    },
    /** A category's or tag's listing: filters, sort and page over the scope's kept lists. */
    listing(scope: ListingScope, query: ListingQuery, wholesale: boolean): IndexPage {
      const prices = wholesale ? table.wholesale : table.retail;
      const bySort: Record<ListingQuery['sort'], OrderName> = {
        relevance: 'newest',
        newest: 'newest',
        name: 'name',
        price_asc: wholesale ? 'wholesale' : 'retail',
        price_desc: wholesale ? 'wholesale' : 'retail',
        rating: 'rating',
      };
      const filter = table.filterFor(query, prices);
      const list = filter
        ? filteredList(scope, bySort[query.sort], query, wholesale, filter)
        : scopeList(scope, bySort[query.sort]);
      // Price descending walks the priced part backwards, then the unpriced part backwards (by id,
      // descending): unpriced products come last either way.
      let at = (k: number) => list[k]!;
      if (query.sort === 'price_desc') {
        let priced = 0;
        let hi = list.length;
        while (priced < hi) {
          const mid = (priced + hi) >> 1;
          if (prices[list[mid]!]! === NO_PRICE) hi = mid;
          else priced = mid + 1;
        }
        at = (k) => (k < priced ? list[priced - 1 - k]! : list[list.length - 1 - (k - priced)]!);
      }
      const from = (query.page - 1) * query.pageSize;
      const slots: number[] = [];
      for (let k = from; k < Math.min(from + query.pageSize, list.length); k++) slots.push(at(k));
      const total = list.length;
      return { slots, total, facets: scopeFacets(scope, wholesale) };
    },
    /**
     * The home page's shelves: the newest products in stock, and those in stock with the largest discount
     * of their sale price against their market price (both in TRY; ties by id, newest first). Kept until
     * the index changes (a stock change too).
     */
    shelves(size: number): { newest: number[]; discounted: number[] } {
      if (shelves?.version === version) return shelves;
      const newest: number[] = [];
      for (const slot of order('newest').view()) {
        if (newest.length === size) break;
        if (table.inStock[slot]) newest.push(slot);
      }
      const discounted: number[] = [];
      for (let slot = 0; slot < table.count; slot++)
        if (
          table.active[slot] &&
          table.inStock[slot] &&
          table.retail[slot] !== NO_PRICE &&
          table.market[slot]! > table.retail[slot]!
        )
          discounted.push(slot);
      discounted.sort(byDiscount);
      shelves = { version, newest, discounted: discounted.slice(0, size) };
      return shelves;
    },
    /** Search (search-index.ts) over the active products. */
    search(terms: SearchTerms, stems: string[], query: ListingQuery, wholesale: boolean): IndexPage {
      return text.search(terms, stems, query, wholesale, nameOrderKeys());
    },
    /** Product cards of slots, priced for the shopper. */
    cards(slots: readonly number[], ctx: ShopperContext): ProductCard[] {
      return slots.map((slot) => ({
        id: table.ids[slot]!,
        slug: table.slug(slot),
        name: table.strings.get(slot, NAME),
        image: table.image(slot),
        stockType: table.stockType[slot]!,
        inStock: table.inStock[slot] === 1,
        price: publicPrice(resolveDisplayPrice(table.priceEntries(slot), table.vatRate[slot]!, ctx)),
        rating: table.rating(slot),
      }));
    },
    /** Bytes of the typed arrays held (table, orders, scope lists); strings and search entries come on top. */
    get bytes() {
      let bytes = table.bytes + scopeListBytes + (nameOrder?.byteLength ?? 0) + scratch.byteLength;
      for (const sorted of orders.values()) bytes += sorted.bytes;
      return bytes;
    },
    /** Bytes of the packed strings (slug, name, search text, sort key), part of `bytes`. */
    get stringBytes() {
      return table.strings.bytes;
    },
    get terms() {
      return text.terms;
    },
  };
}

export type CatalogueIndex = ReturnType<typeof createCatalogueIndex>;
