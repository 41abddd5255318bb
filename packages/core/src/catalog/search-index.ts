import type { ListingFacets } from '@vitrin/shared/api/catalog';
import type { ListingQuery } from '@vitrin/shared/api/catalog-query';
import { turkishSortKey } from '@vitrin/shared/turkish-sort';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type IndexTable, Marks, NO_PRICE, type PriceColumn, TEXT } from './index-table.ts';
import { bitsToRows, isBroad, type Postings, packed, RowBits, rowsOf } from './row-bits.ts';
import { RowList } from './row-list.ts';
import { rows } from './rows.ts';
import { SearchVocabulary } from './search-vocabulary.ts';

/**
 * The shop's search, answered from memory (part of the catalogue index, catalogue-index.ts).
 *
 * PostgreSQL still does the language work: every product's stems come from its `turkish` full-text
 * vector, and the query's stems from the same configuration. What moved here is the part that grows with
 * the catalogue: matching, ranking, counting and the facets of every match. A broad word (`hediye`)
 * matches a quarter of a 100 000-product catalogue; in SQL that read the whole products table for each
 * search (0.1-0.6 s), here it is a walk over a few arrays (milliseconds).
 *
 * It holds the active products' entries by stem and by word, and the words' trigrams (search-vocabulary.ts)
 * for typos. A changed product's entries are taken out and made again (`remove`, `add`): nothing else is
 * rebuilt. What a search costs grows with its matches, not with the catalogue: a query's words narrow the
 * candidates through the vocabulary before any text is read, a typo's candidates come from its trigrams, and
 * ranking by relevance reads the names of the rows that can still reach the page only.
 */

/** A query in the two forms the search matches: Turkish-folded, and lowercased for stems. */
export interface SearchTerms {
  folded: string;
  lowered: string;
}

/** Word similarity (Jaccard of pg_trgm-style trigrams) from which a word counts as a typo of another. */
const TYPO_SIMILARITY = 0.5;

export interface IndexAnswer {
  /** The page's slots, best first. */
  slots: number[];
  total: number;
  facets: ListingFacets;
}

/** Words whose stems are kept per database (a made-up word each search cannot grow memory without limit). */
const MAX_STEMMED_WORDS = 20_000;
const stemsByDb = new WeakMap<Db, Map<string, Promise<string[]>>>();

/**
 * The stems PostgreSQL's `turkish` configuration makes of a query (what `plainto_tsquery` would AND).
 *
 * Its parser never makes a token across white space, so a query's stems are those of its words put
 * together: each word's are asked once and kept, and a new query made of known words (most of them, once
 * shoppers have searched a while) asks the database nothing.
 */
export async function queryStems(db: Db, lowered: string): Promise<string[]> {
  let known = stemsByDb.get(db);
  if (!known) {
    known = new Map();
    stemsByDb.set(db, known);
  }
  const tokens = [...new Set(lowered.split(/[ \t\n\r\f\v]+/).filter(Boolean))];
  const stems = tokens.map((token) => known.get(token));
  const missing = tokens.filter((_, i) => !stems[i]);
  if (missing.length) {
    if (known.size + missing.length > MAX_STEMMED_WORDS) known.clear();
    const asked = rows<{ token: string; stems: string[] | null }>(
      db,
      sql`select token, tsvector_to_array(to_tsvector('turkish', token)) as stems
          from (values ${sql.join(
            missing.map((token) => sql`(${token})`),
            sql`, `,
          )}) as words(token)`,
    ).then((found) => new Map(found.map((row) => [row.token, row.stems ?? []])));
    tokens.forEach((token, i) => {
      if (stems[i]) return;
      const own = asked.then((found) => found.get(token) ?? []);
      own.catch(() => known.delete(token));
      known.set(token, own);
      stems[i] = own;
    });
  }
  return [...new Set((await Promise.all(stems as Promise<string[]>[])).flat())];
}

/** Words as pg_trgm sees them: runs of letters and digits. */
const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Rows in ascending order: the entries are typed arrays, what a search makes of them plain arrays. */
type Rows = ArrayLike<number> & Iterable<number>;

/** The rows that pass `test`, in order. */
function keep(rows: Rows, test: (row: number) => boolean): Int32Array {
  // A typed array of the most that can pass, cut to what did: a broad search keeps hundreds of thousands of
  // rows, which a growing JavaScript array would copy as it grows and leave to the collector.
  const out = new Int32Array(rows.length);
  let n = 0;
  for (let k = 0; k < rows.length; k++) {
    const row = rows[k]!;
    if (test(row)) out[n++] = row;
  }
  return out.subarray(0, n);
}

/** Adds `row` to the pending rows of `key` (rows come in ascending order within one change). */
function push(map: Map<string, number[]>, key: string, row: number) {
  const list = map.get(key);
  if (!list) map.set(key, [row]);
  else if (list[list.length - 1] !== row) list.push(row);
}

/** The two ascending lists as one, ascending, each row once. */
function mergeSorted(a: Int32Array, b: ArrayLike<number>): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? a[i]! : Number.POSITIVE_INFINITY;
    const y = j < b.length ? b[j]! : Number.POSITIVE_INFINITY;
    out[n++] = Math.min(x, y);
    if (x <= y) i++;
    if (y <= x) j++;
  }
  return out.slice(0, n);
}

/**
 * Adds pending rows to the entries (an entry grown broad is kept as bits, row-bits.ts); answers the keys
 * that are new. `size`: rows in the table.
 */
function mergePending(map: Map<string, Postings>, pending: Map<string, number[]>, size: number): string[] {
  const added: string[] = [];
  for (const [key, rows] of pending) {
    rows.sort((a, b) => a - b);
    const old = map.get(key);
    if (!old) added.push(key);
    if (old instanceof RowBits) for (const row of rows) old.add(row);
    else map.set(key, packed(mergeSorted(old ? old.all() : new Int32Array(0), rows), size));
  }
  pending.clear();
  return added;
}

/**
 * The search entries of a range of slots as a snapshot keeps them (index-snapshot.ts): per stem and per
 * word, the rows from the range's first slot (a range is at most 65 536 slots), the keys' rows one after
 * another (`ends[k]`: where key k's end).
 */
export interface RangeEntries {
  keys: string[];
  ends: Uint32Array;
  rows: Uint16Array;
}

/** The rows of every entry from `from` to `to` (exclusive), relative to `from`. */
function exportRange(map: Map<string, Postings>, from: number, to: number): RangeEntries {
  const keys: string[] = [];
  const ends: number[] = [];
  const parts: Int32Array[] = [];
  let total = 0;
  for (const [key, postings] of map) {
    const part = postings.rows(from, to);
    if (!part.length) continue;
    keys.push(key);
    parts.push(part);
    total += part.length;
    ends.push(total);
  }
  const rows = new Uint16Array(total);
  let n = 0;
  for (const part of parts) for (let k = 0; k < part.length; k++) rows[n++] = part[k]! - from;
  return { keys, ends: Uint32Array.from(ends), rows };
}

/**
 * Entries of ranges imported in ascending order, made into the map's lists at `finish`: every key's rows in
 * one buffer for all (no list per key to grow, nothing for the collector but the keys). Keys are numbered
 * as they come: each range names its keys again, and a million products' ranges kept as strings until the
 * end held hundreds of megabytes.
 */
class RangeImport {
  private readonly keyIds = new Map<string, number>();
  private lengths = new Int32Array(1024);
  private readonly ranges: Array<{ from: number; keys: Int32Array; ends: Uint32Array; rows: Uint16Array }> =
    [];
  add(from: number, entries: RangeEntries) {
    const keys = new Int32Array(entries.keys.length);
    let start = 0;
    entries.keys.forEach((key, k) => {
      let id = this.keyIds.get(key);
      if (id === undefined) {
        id = this.keyIds.size;
        this.keyIds.set(key, id);
        if (id === this.lengths.length) {
          const grown = new Int32Array(id * 2);
          grown.set(this.lengths);
          this.lengths = grown;
        }
      }
      keys[k] = id;
      this.lengths[id]! += entries.ends[k]! - start;
      start = entries.ends[k]!;
    });
    // Copies: a chunk's arrays as V8 deserializes them are views of its whole inflated buffer, which the
    // views would keep alive until `finish` (hundreds of megabytes at a million products).
    this.ranges.push({ from, keys, ends: entries.ends.slice(), rows: entries.rows.slice() });
  }
  get size() {
    return this.ranges.length;
  }
  /**
   * Puts the imported entries into `map` (after the rows it holds: ranges come after them); answers the new
   * keys. `size`: rows in the table. Broad keys go straight into bits (row-bits.ts), the others into one
   * buffer.
   */
  finish(map: Map<string, Postings>, size: number): string[] {
    const count = this.keyIds.size;
    const at = new Int32Array(count + 1);
    const bits: Array<RowBits | undefined> = [];
    for (let id = 0; id < count; id++) {
      const broad = isBroad(this.lengths[id]!, size);
      if (broad) bits[id] = new RowBits(new Uint32Array((size + 31) >>> 5));
      at[id + 1] = at[id]! + (broad ? 0 : this.lengths[id]!);
    }
    // The other keys' rows as 16-bit lows in one buffer (row-list.ts), with where each key's blocks of
    // 65 536 rows begin (pairs of block and index, per key).
    const all = new Uint16Array(at[count]!);
    const next = at.slice(0, count);
    const blockOf = new Int32Array(count).fill(-1);
    const edges: number[][] = [];
    for (const { from, keys, ends, rows } of this.ranges) {
      let start = 0;
      for (let k = 0; k < keys.length; k++) {
        const id = keys[k]!;
        const end = ends[k]!;
        const set = bits[id];
        if (set) for (let i = start; i < end; i++) set.add(rows[i]! + from);
        else {
          let n = next[id]!;
          for (let i = start; i < end; i++) {
            const row = rows[i]! + from;
            if (row >>> 16 !== blockOf[id]) {
              blockOf[id] = row >>> 16;
              const own = edges[id] ?? [];
              own.push(row >>> 16, n - at[id]!);
              edges[id] = own;
            }
            all[n++] = row & 0xffff;
          }
          next[id] = n;
        }
        start = end;
      }
    }
    const added: string[] = [];
    for (const [key, id] of this.keyIds) {
      const own: Postings = bits[id] ?? RowList.ofBlocks(all.subarray(at[id]!, at[id + 1]!), edges[id] ?? []);
      const old = map.get(key);
      if (!old) added.push(key);
      if (!old) map.set(key, own);
      else if (old instanceof RowBits) for (const row of rowsOf(own)) old.add(row);
      else map.set(key, packed(mergeSorted(old.all(), rowsOf(own)), size));
    }
    this.ranges.length = 0;
    this.keyIds.clear();
    this.lengths = new Int32Array(1024);
    return added;
  }
}

/** Takes the rows out of every entry (deleting those left empty); answers the keys deleted. */
function removeRows(map: Map<string, Postings>, gone: ReadonlySet<number>): string[] {
  const emptied: string[] = [];
  const sorted = [...gone].sort((a, b) => a - b);
  for (const [key, list] of map) {
    if (list instanceof RowBits) {
      for (const row of sorted) list.delete(row);
      if (!list.length) {
        map.delete(key);
        emptied.push(key);
      }
      continue;
    }
    if (!sorted.some((row) => list.has(row))) continue;
    const kept = list.all().filter((row) => !gone.has(row));
    if (kept.length) map.set(key, RowList.of(kept));
    else {
      map.delete(key);
      emptied.push(key);
    }
  }
  return emptied;
}

/** An entry of no rows. */
const NO_ROWS = RowList.of([]);

/** The cheap points of an exact match (search-index's `topByRelevance`): its stems, the query in its text. */
const STEM = 1;
const SUBSTRING = 2;

/** Numbers (the digits of SKUs: one per product) are not indexed: a query with a digit scans the texts. */
const isNumber = (word: string) => /^\d+$/.test(word);

/** Rows in both ascending lists, ascending. */
function intersect(a: Rows, b: Rows): number[] {
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
 * How a listing orders rows: by a number per row (with `priced`, a missing price, `NO_PRICE`, goes last
 * either way), then by row, which is product id order.
 */
interface RowOrder {
  key: Float64Array | Int32Array;
  direction: 1 | -1;
  rowDirection: 1 | -1;
  priced?: boolean;
  /** Compares rows wholly (the rating sort: several columns), instead of `key`. */
  compare?: (a: number, b: number) => number;
}

/** Negative when row `a` comes before row `b`. */
function compareRows(order: RowOrder, a: number, b: number): number {
  if (order.compare) return order.compare(a, b);
  const ka = order.key[a]!;
  const kb = order.key[b]!;
  if (ka !== kb) {
    if (order.priced) {
      const aMissing = ka === NO_PRICE;
      if (aMissing !== (kb === NO_PRICE)) return aMissing ? 1 : -1;
    }
    return (ka - kb) * order.direction;
  }
  return (a - b) * order.rowDirection;
}

/**
 * The first `count` rows (ascending in `rowsToOrder`) in order. A shopper reads the first pages of a broad
 * search: sorting all of its matches would cost more than the rest of the search, so a bounded selection
 * keeps only what is shown. It walks the rows so that a row equal in key to the last kept one comes after
 * it, which skips most rows of a broad search (whose keys repeat) with one comparison.
 */
function topRows(rowsToOrder: Rows, order: RowOrder, count: number): number[] {
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

export type TextIndex = ReturnType<typeof createTextIndex>;

/**
 * The search entries of the table's active products: rows by stem and by word of the search text, and
 * the trigrams of every word (for typos). Rows are table slots, in product id order.
 */
export function createTextIndex(table: IndexTable) {
  const stemRows = new Map<string, Postings>();
  const wordRows = new Map<string, Postings>();
  const vocabulary = new SearchVocabulary();
  // Rows added since the last `commit`, merged into the entries by it: a build adds batch after batch and
  // the entries are made once (merging each batch made every list again, churning the allocator).
  const newStems = new Map<string, number[]>();
  const newWords = new Map<string, number[]>();

  const isActive = (row: number) => table.active[row] === 1;

  // Scratch space of the searches: search() runs to its end without awaiting, so one set serves every call.
  /** A typo match's rank (`typoMatches`), read only for the rows it matched. */
  let ranks = new Float64Array(0);
  /** The cheap points of an exact match's rank (stems, substring), zero between searches. */
  let points = new Uint8Array(0);
  const similar = new Marks(0);

  /** Adds an active row's entries (they count once `commit` has run: a search and `remove` run it first). */
  function add(row: number, stems: readonly string[]) {
    for (const stem of stems) push(newStems, stem, row);
    for (const word of words(table.strings.get(row, TEXT))) if (!isNumber(word)) push(newWords, word, row);
  }

  // Ranges imported from a snapshot, made into entries by the first `commit`.
  const importedStems = new RangeImport();
  const importedWords = new RangeImport();

  function commit() {
    if (importedStems.size) importedStems.finish(stemRows, table.count);
    if (importedWords.size)
      for (const word of importedWords.finish(wordRows, table.count)) vocabulary.add(word);
    mergePending(stemRows, newStems, table.count);
    for (const word of mergePending(wordRows, newWords, table.count)) vocabulary.add(word);
  }

  function remove(gone: ReadonlySet<number>) {
    if (!gone.size) return;
    commit();
    removeRows(stemRows, gone);
    for (const word of removeRows(wordRows, gone)) vocabulary.delete(word);
  }

  /** The row lists of the vocabulary's words that pass `test`. */
  function listsOfWords(test: (word: string) => boolean): Postings[] {
    const lists: Postings[] = [];
    for (const [word, list] of wordRows) if (test(word)) lists.push(list);
    return lists;
  }

  /** The rows of the lists, in row order, each once. */
  function unionOf(lists: Postings[]): Rows {
    if (lists.length === 1) return rowsOf(lists[0]!);
    let total = 0;
    for (const list of lists) total += list.length;
    if (total * 16 < table.count && lists.every((list) => list instanceof RowList)) {
      // Few rows: sorted natively rather than marked in a walk of the whole table.
      const all = new Int32Array(total);
      let n = 0;
      for (const list of lists as RowList[]) {
        list.into(all, n);
        n += list.length;
      }
      all.sort();
      let kept = 0;
      for (let k = 0; k < all.length; k++) if (k === 0 || all[k] !== all[k - 1]) all[kept++] = all[k]!;
      return all.subarray(0, kept);
    }
    // Many rows: or-ed as bits (a broad entry's bits word by word), then read once.
    const union = new Uint32Array((table.count + 31) >>> 5);
    for (const list of lists) {
      if (list instanceof RowBits) {
        const bits = list.bits;
        for (let w = Math.min(bits.length, union.length) - 1; w >= 0; w--) union[w]! |= bits[w]!;
      } else {
        const rows = list.all();
        for (let k = 0; k < rows.length; k++) union[rows[k]! >>> 5]! |= 1 << (rows[k]! & 31);
      }
    }
    return bitsToRows(union, new Int32Array(Math.min(total, table.count)));
  }

  /**
   * Rows whose search text holds `folded`, in row order. Through the vocabulary (a few thousand words, where
   * testing every product's text would be a test per product): each letter word of the query lies inside
   * one word of a matching text, so the words holding it give the candidates. A query of more than one word
   * is then checked against the candidates' texts; its inner words are whole words of the text, its first
   * word ends one and its last begins one, which narrows the candidates before that.
   */
  function substringMatches(folded: string, bytes: Uint8Array): Rows {
    const parts = words(folded);
    if (!parts.length) {
      // A query of no letters or digits: every text holds the empty query, a scan finds the others.
      if (!bytes.length)
        return keep(
          Array.from({ length: table.count }, (_, row) => row),
          isActive,
        );
      return table.strings.slotsContaining(TEXT, bytes, isActive);
    }
    if (parts.length === 1 && parts[0] === folded && !isNumber(folded))
      return unionOf(listsOfWords((word) => word.includes(folded)));
    const last = parts.length - 1;
    const tests = parts
      .map((part, i) => {
        const starts = i > 0 || !folded.startsWith(part);
        const ends = i < last || !folded.endsWith(part);
        const test = (word: string) =>
          starts && ends
            ? word === part
            : starts
              ? word.startsWith(part)
              : ends
                ? word.endsWith(part)
                : word.includes(part);
        return { part, test };
      })
      // Numbers (the digits of SKUs) are not in the vocabulary; longest words first: they are the most
      // selective (`e` of `e-kitap` is in nearly every text).
      .filter(({ part }) => !isNumber(part))
      .sort((a, b) => b.part.length - a.part.length);
    // Only numbers: one scan of every text.
    if (!tests.length) return table.strings.slotsContaining(TEXT, bytes, isActive);
    let candidates = unionOf(listsOfWords(tests[0]!.test));
    // Marking a word's rows costs less than reading a text: every other word narrows the candidates unless
    // its rows are far more than the candidates left.
    for (const { test } of tests.slice(1)) {
      if (candidates.length < 64) break;
      const lists = listsOfWords(test);
      let rowsOfPart = 0;
      for (const list of lists) rowsOfPart += list.length;
      if (rowsOfPart > 32 * candidates.length) continue;
      similar.clear(table.capacity);
      const bits: RowBits[] = [];
      for (const list of lists)
        if (list instanceof RowBits) bits.push(list);
        else for (const row of list.all()) similar.add(row);
      candidates = keep(candidates, (row) => similar.has(row) || bits.some((set) => set.has(row)));
    }
    return keep(candidates, (row) => table.strings.indexOf(row, TEXT, bytes) >= 0);
  }

  /** Rows that have every one of the query's stems (`plainto_tsquery` semantics), in row order. */
  function stemMatches(stems: string[]): Rows {
    if (!stems.length) return [];
    const lists = stems.map((s) => stemRows.get(s) ?? NO_ROWS).sort((a, b) => a.length - b.length);
    // Against a broad stem's bits, each row left is tested (no list made of them).
    return lists
      .slice(1)
      .reduce<Rows>(
        (rows, list) =>
          list instanceof RowBits ? keep(rows, (row) => list.has(row)) : intersect(rows, list.all()),
        rowsOf(lists[0]!),
      );
  }

  /** Rows that match exactly: all the query's stems, or the folded query as a substring; in row order. */
  function exactMatches(bySubstring: Rows, byStem: Rows): Rows {
    if (!byStem.length) return bySubstring;
    if (!bySubstring.length) return byStem;
    const out = new Int32Array(bySubstring.length + byStem.length);
    let n = 0;
    let i = 0;
    let j = 0;
    while (i < bySubstring.length || j < byStem.length) {
      const a = i < bySubstring.length ? bySubstring[i]! : Number.POSITIVE_INFINITY;
      const b = j < byStem.length ? byStem[j]! : Number.POSITIVE_INFINITY;
      out[n++] = Math.min(a, b);
      if (a <= b) i++;
      if (b <= a) j++;
    }
    return out.subarray(0, n);
  }

  /**
   * Typos: every word of the query is similar to some word of the product (`serammik` → `seramik`). Rows
   * in row order; each row's rank (the sum of its best similarity per query word) goes into `ranks`.
   */
  function typoMatches(folded: string): Rows {
    let found: Rows | null = null;
    for (const qw of words(folded)) {
      // The most similar words first: a row's first word met is its best one for this query word, so no
      // array of each row's best similarity is needed (8 bytes a product).
      const alike = vocabulary.similar(qw, TYPO_SIMILARITY).sort((a, b) => b.similarity - a.similarity);
      similar.clear(table.capacity);
      const touched: number[] = [];
      for (const { word, similarity: s } of alike) {
        for (const row of rowsOf(wordRows.get(word)!)) {
          if (!similar.add(row)) continue;
          // The first query word sets the rank; later ones add to it. A row left out of `found` earlier
          // may get a sum too: it is never read (`found` only narrows, and ranks are set by the first word).
          if (found === null) {
            ranks[row] = s;
            touched.push(row);
          } else ranks[row]! += s;
        }
      }
      found = found === null ? touched : keep(found, (row) => similar.has(row));
    }
    // A typed array sorts numbers natively (a broad typo matches hundreds of thousands of rows).
    return Int32Array.from(found ?? []).sort();
  }

  /**
   * The first `count` exact matches (ascending in `rowsToOrder`) by relevance: exact name first, then names
   * that begin with the query, then the query in the name; stems and the query anywhere (tags, category,
   * SKU) add one point each; ties newest (highest row) first.
   *
   * Only the shown rows need their rank, and the costly part of a rank is looking for the query in the name:
   * the rows are walked from the highest down, the cheap points counted first, and a row that cannot beat
   * the last kept one even with the name's points (a later row loses ties) is passed over unread. A broad
   * word (a quarter of the catalogue) reads a few names instead of every match's.
   */
  function topByRelevance(
    rowsToOrder: Rows,
    byStem: Rows,
    bySubstring: Rows,
    folded: Uint8Array,
    exactName: Uint8Array,
    count: number,
  ): number[] {
    for (const row of byStem) points[row] = STEM;
    for (const row of bySubstring) points[row]! |= SUBSTRING;
    const top: number[] = [];
    const topRanks: number[] = [];
    for (let i = rowsToOrder.length - 1; i >= 0; i--) {
      const row = rowsToOrder[i]!;
      const p = points[row]!;
      let rank = (p & STEM) + ((p & SUBSTRING) >> 1);
      if (table.nameKeyEquals(row, exactName)) rank += 8;
      const full = top.length === count;
      // The query at the text's start or in its name (which begins the text) is the query in the text.
      if (p & SUBSTRING) {
        // Only the text's beginning and its name are looked at, not the whole text.
        if (table.strings.indexOf(row, TEXT, folded, folded.length) === 0) rank += 4;
        if (full && rank + 2 <= topRanks[count - 1]!) continue;
        if (table.strings.indexOf(row, TEXT, folded, table.nameLength(row)) >= 0) rank += 2;
      }
      if (full && rank <= topRanks[count - 1]!) continue;
      // After every kept row of the same rank or more: those are higher rows.
      let lo = 0;
      let hi = top.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (topRanks[mid]! >= rank) lo = mid + 1;
        else hi = mid;
      }
      top.splice(lo, 0, row);
      topRanks.splice(lo, 0, rank);
      if (top.length > count) {
        top.pop();
        topRanks.pop();
      }
    }
    for (const row of byStem) points[row] = 0;
    for (const row of bySubstring) points[row] = 0;
    return top;
  }

  /** Rows are in id order, so ties go by row: newest and highest id first, as category listings. */
  function rowOrder(sort: ListingQuery['sort'], prices: PriceColumn, nameOrder: Int32Array): RowOrder {
    switch (sort) {
      case 'relevance':
        return { key: ranks, direction: -1, rowDirection: -1 };
      case 'price_asc':
        return { key: prices, direction: 1, rowDirection: 1, priced: true };
      case 'price_desc':
        return { key: prices, direction: -1, rowDirection: -1, priced: true };
      case 'name':
        return { key: nameOrder, direction: 1, rowDirection: 1 };
      case 'rating':
        return { key: ranks, direction: -1, rowDirection: -1, compare: (a, b) => table.compareRatings(a, b) };
      default:
        return { key: table.created, direction: -1, rowDirection: -1 };
    }
  }

  return {
    add,
    commit,
    remove,
    /** The entries of slots `from` to `to` (exclusive, at most 65 536), for a snapshot. */
    exportRange(from: number, to: number): { stems: RangeEntries; words: RangeEntries } {
      commit();
      return { stems: exportRange(stemRows, from, to), words: exportRange(wordRows, from, to) };
    },
    /**
     * Takes a snapshot's entries of the slots from `from` on (as `exportRange` gave them), instead of making
     * them from the slots' stems and texts. Only while an index is loaded, range after range in slot order,
     * before any entry is added otherwise.
     */
    importRange(from: number, entries: { stems: RangeEntries; words: RangeEntries }) {
      importedStems.add(from, entries.stems);
      importedWords.add(from, entries.words);
    },
    /** Number of distinct stems and words held. */
    get terms() {
      commit();
      return stemRows.size + wordRows.size;
    },
    /**
     * Matches, filters, facets and one page of rows, best first. `nameOrder` is every row's place in name
     * order.
     */
    search(
      terms: SearchTerms,
      stems: string[],
      query: ListingQuery,
      wholesale: boolean,
      nameOrder: Int32Array,
    ): IndexAnswer {
      commit();
      if (ranks.length < table.capacity) {
        ranks = new Float64Array(table.capacity);
        points = new Uint8Array(table.capacity);
      }
      // Texts are kept as UTF-8 (packed-strings.ts): the query is matched as bytes.
      const folded = table.strings.encode(terms.folded);
      const byStem = stemMatches(stems);
      const bySubstring = substringMatches(terms.folded, folded);
      let matched: Rows = exactMatches(bySubstring, byStem);
      const exact = matched.length > 0;
      if (!exact) matched = typoMatches(terms.folded);

      const prices = wholesale ? table.wholesale : table.retail;
      const facets = table.facetsOf(matched, prices);
      const filter = table.filterFor(query, prices);
      const filtered = filter ? keep(matched, filter) : matched;
      const from = (query.page - 1) * query.pageSize;
      const count = from + query.pageSize;
      let page: number[] = [];
      if (from >= filtered.length) page = [];
      else if (exact && query.sort === 'relevance') {
        const exactName = table.strings.encode(turkishSortKey(terms.lowered));
        page = topByRelevance(filtered, byStem, bySubstring, folded, exactName, count).slice(from);
      } else page = topRows(filtered, rowOrder(query.sort, prices, nameOrder), count).slice(from);
      return { slots: page, total: filtered.length, facets };
    },
  };
}
