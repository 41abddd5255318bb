import type { ListingFacets } from '@vitrin/shared/api/catalog';
import type { ListingQuery } from '@vitrin/shared/api/catalog-query';
import { type PriceContext, priceInTry } from '@vitrin/shared/pricing';
import { foldTurkish } from '@vitrin/shared/turkish-fold';
import { turkishSortKey } from '@vitrin/shared/turkish-sort';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mergeOptionGroups } from './listing.ts';
import { rows } from './rows.ts';

/**
 * The shop's search, answered from memory.
 *
 * PostgreSQL still does the language work: every product's stems come from its `turkish` full-text
 * vector, and the query's stems from the same configuration. What moved here is the part that grows with
 * the catalogue: matching, ranking, counting and the facets of every match. A broad word (`hediye`)
 * matches a quarter of a 100 000-product catalogue; in SQL that read the whole products table for each
 * search (0.1-0.6 s), here it is a walk over a few arrays (milliseconds).
 *
 * The index holds active products only and is rebuilt after any catalogue or settings change (it is kept
 * in the shop's cache, which every change clears on every app node).
 */

/** A query in the two forms the search matches: Turkish-folded, and lowercased for stems. */
export interface SearchTerms {
  folded: string;
  lowered: string;
}

interface OptionGroup {
  name: string;
  values: string[];
}

/** Word similarity (Jaccard of pg_trgm-style trigrams) from which a word counts as a typo of another. */
const TYPO_SIMILARITY = 0.5;
const MAX_TAG_FACETS = 30;

interface Tag {
  slug: string;
  name: string;
  /** Turkish sort key of the name, made once: facets sort by it on every search. */
  key: string;
}

export interface SearchIndex {
  /** Number of active products indexed. */
  size: number;
  /** Matches, filters, facets and one page of product ids, best first. */
  search(terms: SearchTerms, queryStems: string[], query: ListingQuery, wholesale: boolean): IndexAnswer;
}

export interface IndexAnswer {
  ids: number[];
  total: number;
  facets: ListingFacets;
}

/** The stems PostgreSQL's `turkish` configuration makes of a query (what `plainto_tsquery` would AND). */
export async function queryStems(db: Db, lowered: string): Promise<string[]> {
  const [row] = await rows<{ stems: string[] | null }>(
    db,
    sql`select tsvector_to_array(to_tsvector('turkish', ${lowered})) as stems`,
  );
  return row?.stems ?? [];
}

/** pg_trgm's trigrams of one word: padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}

/** Words as pg_trgm sees them: runs of letters and digits. */
const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

function push<K>(map: Map<K, number[]>, key: K, row: number) {
  const list = map.get(key);
  if (list) {
    if (list[list.length - 1] !== row) list.push(row);
  } else map.set(key, [row]);
}

/**
 * A set of slots that empties in constant time: a slot is in the set when it holds the current round's
 * number. Searches reuse one per index instead of allocating sets or clearing arrays of 100 000 rows.
 */
class Marks {
  private round = 0;
  private readonly slots: Uint32Array;
  constructor(size: number) {
    this.slots = new Uint32Array(size);
  }
  /** Empties the set. */
  clear() {
    if (++this.round === 0xffffffff) {
      this.slots.fill(0);
      this.round = 1;
    }
  }
  /** Adds `slot`; false when it was already in. */
  add(slot: number): boolean {
    if (this.slots[slot] === this.round) return false;
    this.slots[slot] = this.round;
    return true;
  }
  has(slot: number): boolean {
    return this.slots[slot] === this.round;
  }
}

/** Rows in both ascending lists, ascending. */
function intersect(a: number[], b: number[]): number[] {
  const out: number[] = [];
  let j = 0;
  for (const row of a) {
    while (j < b.length && b[j]! < row) j++;
    if (j === b.length) break;
    if (b[j] === row) out.push(row);
  }
  return out;
}

/**
 * How a listing orders rows: by a number per row (missing prices are NaN and go last either way), then by
 * row, which is product id order.
 */
interface RowOrder {
  key: Float64Array;
  direction: 1 | -1;
  rowDirection: 1 | -1;
}

/** Negative when row `a` comes before row `b`. */
function compareRows(order: RowOrder, a: number, b: number): number {
  const ka = order.key[a]!;
  const kb = order.key[b]!;
  if (ka !== kb) {
    const aMissing = Number.isNaN(ka);
    if (aMissing !== Number.isNaN(kb)) return aMissing ? 1 : -1;
    if (!aMissing) return (ka - kb) * order.direction;
  }
  return (a - b) * order.rowDirection;
}

/**
 * The first `count` rows (ascending in `rowsToOrder`) in order. A shopper reads the first pages of a broad
 * search: sorting all of its matches would cost more than the rest of the search, so a bounded selection
 * keeps only what is shown. It walks the rows so that a row equal in key to the last kept one comes after
 * it, which skips most rows of a broad search (whose keys repeat) with one comparison.
 */
function topRows(rowsToOrder: number[], order: RowOrder, count: number): number[] {
  const compare = (a: number, b: number) => compareRows(order, a, b);
  if (count * 8 >= rowsToOrder.length) return [...rowsToOrder].sort(compare).slice(0, count);
  const top: number[] = [];
  const last = rowsToOrder.length - 1;
  for (let i = 0; i <= last; i++) {
    const row = rowsToOrder[order.rowDirection === 1 ? i : last - i]!;
    if (top.length === count && compareRows(order, row, top[count - 1]!) >= 0) continue;
    // Binary search for the insertion point keeps `top` ordered.
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareRows(order, row, top[mid]!) < 0) hi = mid;
      else lo = mid + 1;
    }
    top.splice(lo, 0, row);
    if (top.length > count) top.pop();
  }
  return top;
}

/** Reads every active product's search data (five queries, whatever the catalogue's size). */
export async function buildSearchIndex(db: Db, pricing: PriceContext): Promise<SearchIndex> {
  const [products, tagLinks, prices, variants, tagList] = await Promise.all([
    rows<{
      id: number;
      search_text: string;
      name: string;
      name_sort: string;
      created: number;
      stock_type: number;
      stock: number | null;
      option_groups: OptionGroup[] | null;
      stems: string[] | null;
    }>(
      db,
      sql`select p.id, p.search_text, p.name, p.name_sort, extract(epoch from p.created_at)::float8 as created,
        p.stock_type, p.stock, case when p.stock_type = 2 then p.option_groups end as option_groups,
        tsvector_to_array(p.search_vector) as stems
        from products p where p.is_active order by p.id`,
    ),
    rows<{ product_id: number; tag_id: number }>(db, sql`select product_id, tag_id from product_tags`),
    rows<{ product_id: number; price_type: number; amount_minor: string | number; currency: string }>(
      db,
      sql`select product_id, price_type, amount_minor, currency from product_prices
        where variant_id is null and price_type in (2, 5) order by id`,
    ),
    rows<{ product_id: number; options: Record<string, string> }>(
      db,
      sql`select product_id, options from product_variants where is_active and stock > 0`,
    ),
    rows<{ id: number; slug: string; name: string }>(db, sql`select id, slug, name from tags`),
  ]);

  const n = products.length;
  const rowOf = new Map<number, number>();
  const ids = new Int32Array(n);
  const texts: string[] = new Array(n);
  const nameSorts: string[] = new Array(n);
  // The search text begins with the folded name (search-columns.ts): its length says where the name ends.
  const nameLengths = new Int32Array(n);
  const created = new Float64Array(n);
  // Products share their option groups (a shirt's sizes, a mug's colours): each distinct list of groups is
  // kept once, and a row holds its list's number (-1 for none), so facets merge each list once per search.
  const groupLists: OptionGroup[][] = [];
  const groupListOf = new Map<string, number>();
  const rowGroupList = new Int32Array(n).fill(-1);
  const stemRows = new Map<string, number[]>();
  const wordRows = new Map<string, number[]>();
  products.forEach((p, row) => {
    rowOf.set(p.id, row);
    ids[row] = p.id;
    texts[row] = p.search_text;
    nameSorts[row] = p.name_sort;
    nameLengths[row] = foldTurkish(p.name).length;
    created[row] = Number(p.created);
    if (p.option_groups) {
      const key = JSON.stringify(p.option_groups);
      let list = groupListOf.get(key);
      if (list === undefined) {
        list = groupLists.push(p.option_groups) - 1;
        groupListOf.set(key, list);
      }
      rowGroupList[row] = list;
    }
    for (const stem of p.stems ?? []) push(stemRows, stem, row);
    // Numbers (the digits of SKUs: one per product) stay out: a query with a digit scans the texts instead.
    for (const word of words(p.search_text)) if (!/^\d+$/.test(word)) push(wordRows, word, row);
  });
  const vocabulary = [...wordRows.keys()].map((word) => ({ word, grams: trigrams(word) }));

  const tags = new Map<number, Tag>(
    tagList.map((t) => [t.id, { slug: t.slug, name: t.name, key: turkishSortKey(t.name) }]),
  );
  const tagIdBySlug = new Map(tagList.map((t) => [t.slug, t.id]));
  // Each row's tags, flat: those of row r are tagIds[tagStart[r]] up to tagIds[tagStart[r + 1]].
  const tagStart = new Int32Array(n + 1);
  const linkRows = tagLinks.map((link) => rowOf.get(link.product_id) ?? -1);
  for (const row of linkRows) if (row >= 0) tagStart[row + 1]!++;
  for (let row = 0; row < n; row++) tagStart[row + 1]! += tagStart[row]!;
  const tagIds = new Int32Array(tagStart[n]!);
  const tagFill = tagStart.slice(0, n);
  linkRows.forEach((row, i) => {
    if (row >= 0) tagIds[tagFill[row]!++] = tagLinks[i]!.tag_id;
  });
  const rowHasTag = (row: number, wanted: Set<number>) => {
    for (let i = tagStart[row]!; i < tagStart[row + 1]!; i++) if (wanted.has(tagIds[i]!)) return true;
    return false;
  };

  // Prices in TRY minor units as the cards show them, converted once (the index is rebuilt when settings change).
  const retail = new Float64Array(n).fill(Number.NaN);
  const wholesale = new Float64Array(n).fill(Number.NaN);
  for (const price of prices) {
    const row = rowOf.get(price.product_id);
    if (row === undefined) continue;
    const target = price.price_type === 2 ? retail : wholesale;
    if (!Number.isNaN(target[row]!)) continue; // the first entry of a type wins, as on the cards
    try {
      target[row] = priceInTry(Number(price.amount_minor), price.currency, pricing);
    } catch {
      // An entry that cannot be converted is not a usable price (the card shows no price either).
    }
  }

  // What a wholesale customer pays: the wholesale price where there is one, else the retail price.
  const wholesaleOrRetail = wholesale.map((price, row) => (Number.isNaN(price) ? retail[row]! : price));
  // The name order's place of every row, so that sorting by name compares numbers, not strings.
  const nameOrder = new Float64Array(n);
  Array.from(nameSorts.keys())
    .sort((a, b) => (nameSorts[a]! < nameSorts[b]! ? -1 : nameSorts[a]! > nameSorts[b]! ? 1 : a - b))
    .forEach((row, place) => {
      nameOrder[row] = place;
    });

  const variantOptions: Array<Array<Record<string, string>>> = Array.from({ length: n }, () => []);
  for (const v of variants) {
    const row = rowOf.get(v.product_id);
    if (row !== undefined) variantOptions[row]!.push(v.options);
  }
  const inStock = new Uint8Array(n);
  products.forEach((p, row) => {
    inStock[row] = (p.stock_type === 2 ? variantOptions[row]!.length > 0 : p.stock === null || p.stock > 0)
      ? 1
      : 0;
  });

  /** Rows (in row order) of the vocabulary's words that contain `part`. */
  function rowsOfWordsContaining(part: string): number[] {
    const lists: number[][] = [];
    for (const { word } of vocabulary) if (word.includes(part)) lists.push(wordRows.get(word)!);
    if (lists.length === 1) return lists[0]!;
    for (const list of lists) for (const row of list) hit[row] = 1;
    const out: number[] = [];
    for (let row = 0; row < n; row++)
      if (hit[row]) {
        out.push(row);
        hit[row] = 0;
      }
    return out;
  }

  /**
   * Rows whose search text holds `folded`, in row order. Through the vocabulary (a few hundred or thousand
   * words, where testing every product's text would be 100 000 tests): each word of the query lies inside
   * one word of a matching text, so the words containing its longest word give the candidates; a query of
   * more than one word is then checked against the candidates' texts.
   */
  function substringMatches(folded: string): number[] {
    const parts = words(folded);
    if (!parts.length || parts.some((part) => /^\d+$/.test(part))) {
      // A number (numbers are not in the vocabulary) or a query of no letters: test every text.
      const out: number[] = [];
      for (let row = 0; row < n; row++) if (texts[row]!.includes(folded)) out.push(row);
      return out;
    }
    if (parts.length === 1 && parts[0] === folded) return rowsOfWordsContaining(folded);
    // The longest word is the most selective (`e` of `e-kitap` is in nearly every text).
    const longest = parts.reduce((a, b) => (b.length > a.length ? b : a));
    return rowsOfWordsContaining(longest).filter((row) => texts[row]!.includes(folded));
  }

  /** Rows that have every one of the query's stems (`plainto_tsquery` semantics), in row order. */
  function stemMatches(stems: string[]): number[] {
    if (!stems.length) return [];
    const [shortest, ...rest] = stems.map((s) => stemRows.get(s) ?? []).sort((a, b) => a.length - b.length);
    return rest.reduce(intersect, shortest!);
  }

  /** Rows that match exactly: all the query's stems, or the folded query as a substring; in row order. */
  function exactMatches(bySubstring: number[], byStem: number[]): number[] {
    const out: number[] = [];
    let i = 0;
    let j = 0;
    while (i < bySubstring.length || j < byStem.length) {
      const a = bySubstring[i] ?? Number.POSITIVE_INFINITY;
      const b = byStem[j] ?? Number.POSITIVE_INFINITY;
      out.push(Math.min(a, b));
      if (a <= b) i++;
      if (b <= a) j++;
    }
    return out;
  }

  /**
   * Typos: every word of the query is similar to some word of the product (`serammik` → `seramik`). Rows
   * in row order; each row's rank (the sum of its best similarity per query word) goes into `ranks`.
   */
  function typoMatches(folded: string): number[] {
    let found: number[] | null = null;
    for (const qw of words(folded)) {
      const grams = trigrams(qw);
      // The best similarity of a row's words to this query word, for the rows in `similar`.
      similar.clear();
      const touched: number[] = [];
      for (const { word, grams: wordGrams } of vocabulary) {
        const s = similarity(grams, wordGrams);
        if (s < TYPO_SIMILARITY) continue;
        for (const row of wordRows.get(word)!) {
          if (similar.add(row)) {
            best[row] = s;
            touched.push(row);
          } else if (best[row]! < s) best[row] = s;
        }
      }
      if (found === null) {
        found = touched;
        for (const row of found) ranks[row] = best[row]!;
      } else {
        found = found.filter((row) => similar.has(row));
        for (const row of found) ranks[row]! += best[row]!;
      }
    }
    return (found ?? []).sort((a, b) => a - b);
  }

  /**
   * Exact name first, then names that begin with the query, then the query in the name; stems and the
   * query anywhere (tags, category, SKU) add one point each.
   */
  function exactRank(row: number, terms: SearchTerms, exactName: string): number {
    const at = texts[row]!.indexOf(terms.folded);
    return (
      (nameSorts[row] === exactName ? 8 : 0) +
      (at === 0 ? 4 : 0) +
      (at >= 0 && at + terms.folded.length <= nameLengths[row]! ? 2 : 0)
    );
  }

  // Scratch space of the searches: search() runs to its end without awaiting, so one set serves every call.
  const ranks = new Float64Array(n);
  const best = new Float64Array(n);
  const similar = new Marks(n);
  const hit = new Uint8Array(n);
  const tagCounts = new Int32Array(Math.max(0, ...tags.keys()) + 1);
  const groupListsSeen = new Marks(groupLists.length);

  return {
    size: n,
    search(terms, stems, query, forWholesale) {
      const byStem = stemMatches(stems);
      const bySubstring = substringMatches(terms.folded);
      let matched = exactMatches(bySubstring, byStem);
      if (matched.length) {
        const exactName = turkishSortKey(terms.lowered);
        for (const row of matched) ranks[row] = exactRank(row, terms, exactName);
        for (const row of byStem) ranks[row]! += 1;
        for (const row of bySubstring) ranks[row]! += 1;
      } else matched = typoMatches(terms.folded);

      const prices = forWholesale ? wholesaleOrRetail : retail;
      const facets = facetsOf(matched, prices);
      const filtered = hasFilters(query) ? matched.filter(filterFor(query, prices)) : matched;
      const order = rowOrder(query.sort, prices);
      const from = (query.page - 1) * query.pageSize;
      const page = from < filtered.length ? topRows(filtered, order, from + query.pageSize).slice(from) : [];
      return { ids: page.map((row) => ids[row]!), total: filtered.length, facets };
    },
  };

  function facetsOf(matched: number[], prices: Float64Array): ListingFacets {
    tagCounts.fill(0);
    groupListsSeen.clear();
    const listsInOrder: number[] = [];
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const row of matched) {
      for (let i = tagStart[row]!; i < tagStart[row + 1]!; i++) tagCounts[tagIds[i]!]!++;
      const list = rowGroupList[row]!;
      if (list >= 0 && groupListsSeen.add(list)) listsInOrder.push(list);
      const price = prices[row]!;
      if (!Number.isNaN(price)) {
        if (price < lo) lo = price;
        if (price > hi) hi = price;
      }
    }
    const counted: Array<[number, number]> = [];
    tagCounts.forEach((count, id) => {
      if (count) counted.push([id, count]);
    });
    return {
      tags: counted
        .map(([id, count]) => ({ tag: tags.get(id)!, count }))
        .sort((a, b) => b.count - a.count || (a.tag.key < b.tag.key ? -1 : 1))
        .slice(0, MAX_TAG_FACETS)
        .map(({ tag, count }) => ({ slug: tag.slug, name: tag.name, count })),
      // Merging each distinct list once, in the order the matches first show them, gives what merging every
      // matched row would.
      options: mergeOptionGroups(listsInOrder.map((list) => groupLists[list]!)),
      priceRange: lo <= hi ? { minMinor: lo, maxMinor: hi } : null,
    };
  }

  /** The listing filters (same meaning as in SQL for categories and tags: see listing.ts). */
  function filterFor(query: ListingQuery, prices: Float64Array): (row: number) => boolean {
    const wantedTags = new Set(query.tag.map((slug) => tagIdBySlug.get(slug) ?? -1));
    const byGroup = new Map<string, string[]>();
    for (const pair of query.opt) {
      const at = pair.indexOf(':');
      const name = pair.slice(0, at);
      byGroup.set(name, [...(byGroup.get(name) ?? []), pair.slice(at + 1)]);
    }
    return (row) => {
      const price = prices[row]!;
      // A product without a price passes no price bound (in SQL a comparison with null is not true).
      if (query.min !== undefined && !(price >= query.min)) return false;
      if (query.max !== undefined && !(price <= query.max)) return false;
      if (query.stock === '1' && !inStock[row]) return false;
      if (wantedTags.size && !rowHasTag(row, wantedTags)) return false;
      for (const [name, values] of byGroup) {
        if (!variantOptions[row]!.some((options) => values.includes(options[name] as string))) return false;
      }
      return true;
    };
  }

  /** Rows are in id order, so ties go by row: newest and highest id first, as in SQL (listing.ts). */
  function rowOrder(sort: ListingQuery['sort'], prices: Float64Array): RowOrder {
    switch (sort) {
      case 'relevance':
        return { key: ranks, direction: -1, rowDirection: -1 };
      case 'price_asc':
        return { key: prices, direction: 1, rowDirection: 1 };
      case 'price_desc':
        return { key: prices, direction: -1, rowDirection: -1 };
      case 'name':
        return { key: nameOrder, direction: 1, rowDirection: 1 };
      default:
        return { key: created, direction: -1, rowDirection: -1 };
    }
  }
}

const hasFilters = (query: ListingQuery) =>
  query.min !== undefined ||
  query.max !== undefined ||
  query.stock === '1' ||
  query.tag.length > 0 ||
  query.opt.length > 0;
