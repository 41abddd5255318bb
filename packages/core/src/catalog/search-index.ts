import type { ListingFacets, ListingQuery } from '@vitrin/shared/api/catalog';
import { convertMinor } from '@vitrin/shared/currency';
import { foldTurkish } from '@vitrin/shared/turkish-fold';
import { turkishSortKey } from '@vitrin/shared/turkish-sort';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
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

/** Reads every active product's search data (five queries, whatever the catalogue's size). */
export async function buildSearchIndex(
  db: Db,
  rates: { usdRate: string; eurRate: string },
): Promise<SearchIndex> {
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
  const optionGroups: Array<OptionGroup[] | null> = new Array(n);
  const stemRows = new Map<string, number[]>();
  const wordRows = new Map<string, number[]>();
  products.forEach((p, row) => {
    rowOf.set(p.id, row);
    ids[row] = p.id;
    texts[row] = p.search_text;
    nameSorts[row] = p.name_sort;
    nameLengths[row] = foldTurkish(p.name).length;
    created[row] = Number(p.created);
    optionGroups[row] = p.option_groups;
    for (const stem of p.stems ?? []) push(stemRows, stem, row);
    // Numbers (the digits of SKUs: one per product) stay out: a query with a digit scans the texts instead.
    for (const word of words(p.search_text)) if (!/^\d+$/.test(word)) push(wordRows, word, row);
  });
  const vocabulary = [...wordRows.keys()].map((word) => ({ word, grams: trigrams(word) }));

  const tags = new Map<number, Tag>(
    tagList.map((t) => [t.id, { slug: t.slug, name: t.name, key: turkishSortKey(t.name) }]),
  );
  const tagIdBySlug = new Map(tagList.map((t) => [t.slug, t.id]));
  const rowTags: number[][] = Array.from({ length: n }, () => []);
  for (const link of tagLinks) {
    const row = rowOf.get(link.product_id);
    if (row !== undefined) rowTags[row]!.push(link.tag_id);
  }

  // Prices in TRY minor units, converted once with the shop's rates (the index is rebuilt when they change).
  const retail = new Float64Array(n).fill(Number.NaN);
  const wholesale = new Float64Array(n).fill(Number.NaN);
  for (const price of prices) {
    const row = rowOf.get(price.product_id);
    if (row === undefined) continue;
    const target = price.price_type === 2 ? retail : wholesale;
    if (!Number.isNaN(target[row]!)) continue; // the first entry of a type wins, as on the cards
    try {
      target[row] = convertMinor(price.amount_minor, price.currency, 'TRY', rates);
    } catch {
      // An entry that cannot be converted is not a usable price (the card shows no price either).
    }
  }

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
    const hit = new Uint8Array(n);
    for (const list of lists) for (const row of list) hit[row] = 1;
    const out: number[] = [];
    for (let row = 0; row < n; row++) if (hit[row]) out.push(row);
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
    const others = rest.map((list) => new Set(list));
    return shortest!.filter((row) => others.every((set) => set.has(row)));
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

  /** Typos: every word of the query is similar to some word of the product (`serammik` → `seramik`). */
  function typoMatches(terms: SearchTerms): { rows: number[]; rank: Map<number, number> } {
    const queryWords = words(terms.folded);
    let scores: Map<number, number> | null = null;
    for (const qw of queryWords) {
      const grams = trigrams(qw);
      const best = new Map<number, number>();
      for (const { word, grams: wordGrams } of vocabulary) {
        const s = similarity(grams, wordGrams);
        if (s < TYPO_SIMILARITY) continue;
        for (const row of wordRows.get(word)!) if ((best.get(row) ?? 0) < s) best.set(row, s);
      }
      if (scores === null) scores = best;
      else {
        const next = new Map<number, number>();
        for (const [row, s] of best) {
          const before = scores.get(row);
          if (before !== undefined) next.set(row, before + s);
        }
        scores = next;
      }
    }
    const rank = scores ?? new Map<number, number>();
    return { rows: [...rank.keys()].sort((a, b) => a - b), rank };
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

  const ranks = new Float64Array(n);
  const tagCounts = new Int32Array(Math.max(0, ...tags.keys()) + 1);

  return {
    size: n,
    search(terms, stems, query, forWholesale) {
      const byStem = stemMatches(stems);
      const bySubstring = substringMatches(terms.folded);
      let matched = exactMatches(bySubstring, byStem);
      // search() runs to its end without awaiting, so one scratch array serves every call.
      if (matched.length) {
        const exactName = turkishSortKey(terms.lowered);
        ranks.fill(0);
        for (const row of byStem) ranks[row] = 1;
        for (const row of bySubstring) ranks[row]! += 1;
        for (const row of matched) ranks[row]! += exactRank(row, terms, exactName);
      } else {
        const typo = typoMatches(terms);
        matched = typo.rows;
        for (const row of matched) ranks[row] = typo.rank.get(row)!;
      }
      const rank = (row: number) => ranks[row]!;

      const priceOf = (row: number): number => {
        const w = forWholesale ? wholesale[row]! : Number.NaN;
        return Number.isNaN(w) ? retail[row]! : w;
      };
      const facets = facetsOf(matched, priceOf);
      const filtered = hasFilters(query) ? matched.filter(filterFor(query, priceOf)) : matched;
      const order = comparator(query.sort, priceOf, rank);
      const from = (query.page - 1) * query.pageSize;
      const page = from < filtered.length ? topRows(filtered, order, from + query.pageSize).slice(from) : [];
      return { ids: page.map((row) => ids[row]!), total: filtered.length, facets };
    },
  };

  function facetsOf(matched: number[], priceOf: (row: number) => number): ListingFacets {
    tagCounts.fill(0);
    const options = new Map<string, Set<string>>();
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const row of matched) {
      const rowTagIds = rowTags[row]!;
      for (let i = 0; i < rowTagIds.length; i++) tagCounts[rowTagIds[i]!]!++;
      const groups = optionGroups[row];
      if (groups)
        for (const group of groups) {
          const values = options.get(group.name) ?? new Set<string>();
          for (const v of group.values) values.add(v);
          options.set(group.name, values);
        }
      const price = priceOf(row);
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
      options: [...options].map(([name, values]) => ({ name, values: [...values] })),
      priceRange: lo <= hi ? { minMinor: lo, maxMinor: hi } : null,
    };
  }

  /** The listing filters (same meaning as in SQL for categories and tags: see listing.ts). */
  function filterFor(query: ListingQuery, priceOf: (row: number) => number): (row: number) => boolean {
    const tagIds = new Set(query.tag.map((slug) => tagIdBySlug.get(slug) ?? -1));
    const byGroup = new Map<string, string[]>();
    for (const pair of query.opt) {
      const at = pair.indexOf(':');
      const name = pair.slice(0, at);
      byGroup.set(name, [...(byGroup.get(name) ?? []), pair.slice(at + 1)]);
    }
    return (row) => {
      const price = priceOf(row);
      // A product without a price passes no price bound (in SQL a comparison with null is not true).
      if (query.min !== undefined && !(price >= query.min)) return false;
      if (query.max !== undefined && !(price <= query.max)) return false;
      if (query.stock === '1' && !inStock[row]) return false;
      if (tagIds.size && !rowTags[row]!.some((id) => tagIds.has(id))) return false;
      for (const [name, values] of byGroup) {
        if (!variantOptions[row]!.some((options) => values.includes(options[name] as string))) return false;
      }
      return true;
    };
  }

  function comparator(
    sort: ListingQuery['sort'],
    priceOf: (row: number) => number,
    rank: (row: number) => number,
  ): (a: number, b: number) => number {
    // Prices missing sort last both ways, as `nulls last` does.
    const byPrice = (a: number, b: number, direction: 1 | -1) => {
      const pa = priceOf(a);
      const pb = priceOf(b);
      if (Number.isNaN(pa) || Number.isNaN(pb)) return Number.isNaN(pa) ? (Number.isNaN(pb) ? 0 : 1) : -1;
      return (pa - pb) * direction;
    };
    switch (sort) {
      case 'relevance':
        return (a, b) => rank(b) - rank(a) || ids[b]! - ids[a]!;
      case 'price_asc':
        return (a, b) => byPrice(a, b, 1) || ids[a]! - ids[b]!;
      case 'price_desc':
        return (a, b) => byPrice(a, b, -1) || ids[b]! - ids[a]!;
      case 'name':
        return (a, b) =>
          nameSorts[a]! < nameSorts[b]! ? -1 : nameSorts[a]! > nameSorts[b]! ? 1 : ids[a]! - ids[b]!;
      default:
        return (a, b) => created[b]! - created[a]! || ids[b]! - ids[a]!;
    }
  }
}

const hasFilters = (query: ListingQuery) =>
  query.min !== undefined ||
  query.max !== undefined ||
  query.stock === '1' ||
  query.tag.length > 0 ||
  query.opt.length > 0;

/**
 * The first `count` rows in order. A shopper reads the first pages of a broad search: sorting all of its
 * matches would cost more than the rest of the search, so a bounded selection keeps only what is shown.
 */
function topRows(rowsToOrder: number[], order: (a: number, b: number) => number, count: number): number[] {
  if (count * 8 >= rowsToOrder.length) return [...rowsToOrder].sort(order).slice(0, count);
  const top: number[] = [];
  for (const row of rowsToOrder) {
    if (top.length === count && order(row, top[count - 1]!) >= 0) continue;
    // Binary search for the insertion point keeps `top` ordered.
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (order(row, top[mid]!) < 0) hi = mid;
      else lo = mid + 1;
    }
    top.splice(lo, 0, row);
    if (top.length > count) top.pop();
  }
  return top;
}
