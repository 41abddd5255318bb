import type { ListingFacets } from '@vitrin/shared/api/catalog';
import type { ListingQuery } from '@vitrin/shared/api/catalog-query';
import { PRICE_TYPE, STOCK_TYPE } from '@vitrin/shared/constants';
import { normalizeCurrency } from '@vitrin/shared/money';
import { type PriceContext, type PriceEntry, priceInTry } from '@vitrin/shared/pricing';
import { foldTurkish } from '@vitrin/shared/turkish-fold';
import { turkishSortKey } from '@vitrin/shared/turkish-sort';
import { averageRating } from '../reviews/rating.ts';
import {
  compareKeys,
  keyEquals,
  packSlug,
  packSortKey,
  SortKeyCursor,
  unpackSlug,
} from './derived-strings.ts';
import type { IndexRows, OptionGroup, ProductRow } from './index-rows.ts';
import { PackedStrings } from './packed-strings.ts';

const MAX_TAG_FACETS = 30;
/** The display price types a card is priced from (sale, market, instalment, wholesale), in slot order. */
const PRICE_TYPES = [
  PRICE_TYPE.Sale,
  PRICE_TYPE.Market,
  PRICE_TYPE.Instalment,
  PRICE_TYPE.Wholesale,
] as const;
type DisplayPriceType = (typeof PRICE_TYPES)[number];
const CURRENCY_CODES = ['TRY', 'USD', 'EUR'] as const;
/** No entry of the price type (`IndexTable.amounts`). */
const NO_AMOUNT = -1;
/** The largest amount the prices' column holds (a 32-bit integer). */
const MAX_AMOUNT = 0x7fffffff;
/** `IndexTable.nameLengths`: not measured yet, and a folded name too long for 16 bits. */
const UNMEASURED = 0xffff;
const LONG_NAME = 0xfffe;
/** No price in TRY (`IndexTable.retail`, `wholesale`, `market`): prices are never negative. */
export const NO_PRICE = -1;
/**
 * Prices in TRY minor units, `NO_PRICE` for none: 32-bit integers (half a double's bytes), or doubles once
 * a converted price is past what 32 bits hold (`IndexTable.priceSlot` widens all three columns then).
 */
export type PriceColumn = Int32Array | Float64Array;

interface Tag {
  slug: string;
  name: string;
  /** Turkish sort key of the name, made once: facets sort by it. */
  key: string;
}

/**
 * A set of slots that empties in constant time: a slot is in the set when it holds the current round's
 * number. Listings and searches reuse one instead of allocating sets or clearing arrays of 100 000 slots.
 */
export class Marks {
  private round = 0;
  /** 16-bit rounds (half the bytes of 32): the slots are zeroed once every 65 535 rounds. */
  private slots: Uint16Array;
  constructor(size: number) {
    this.slots = new Uint16Array(size);
  }
  /** Empties the set (and makes room for `size` slots). */
  clear(size = 0) {
    if (size > this.slots.length) {
      this.slots = new Uint16Array(size);
      this.round = 0;
    }
    if (++this.round === 0x10000) {
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

/**
 * Products' variant option groups as the filter panel offers them: each group once, its values in the order
 * the products first list them.
 */
export function mergeOptionGroups(lists: Iterable<ListingFacets['options']>): ListingFacets['options'] {
  const options = new Map<string, Set<string>>();
  for (const groups of lists)
    for (const group of groups) {
      const values = options.get(group.name) ?? new Set<string>();
      for (const v of group.values) values.add(v);
      options.set(group.name, values);
    }
  return [...options].map(([name, values]) => ({ name, values: [...values] }));
}

/** Interns lists (a row's tags, its option groups): products share them, so each is kept once. */
class Interned<T> {
  readonly lists: T[] = [];
  private readonly byKey = new Map<string, number>();
  /** The list's number; -1 for an empty list. */
  number(key: string, list: () => T): number {
    if (key === '' || key === '[]') return -1;
    let at = this.byKey.get(key);
    if (at === undefined) {
      at = this.lists.push(list()) - 1;
      this.byKey.set(key, at);
    }
    return at;
  }
}

/** The array at `size` elements: grown (zeros after), or cut to its exact size after a build. */
const grown = <A extends Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array>(
  array: A,
  size: number,
): A => {
  const next = new (array.constructor as new (n: number) => A)(size);
  next.set(array.subarray(0, Math.min(array.length, size)));
  return next;
};

/** Slots of the table as plain data (`IndexTable.exportChunk`): what a snapshot keeps of them. */
export interface TableChunk {
  /** The first slot. */
  from: number;
  ids: Int32Array;
  active: Uint8Array;
  category: Int32Array;
  created: Float64Array;
  stockType: Uint8Array;
  vatRate: Uint8Array;
  inStock: Uint8Array;
  /** Minor units, -1: none. */
  amounts: Int32Array;
  currencies: Uint8Array;
  stemsHash: Int32Array;
  /** Approved reviews of each slot, and their average in tenths (0: none). */
  ratingCount: Uint32Array;
  ratingTenths: Uint8Array;
  /** UTF-8 length of each slot's name sort key (0xffff: that or more). */
  keyLengths: Uint16Array;
  /** UTF-8 length of each slot's folded name (-1: not measured). */
  nameLengths: Int32Array;
  strings: { bounds: Uint32Array; data: Uint8Array };
  /** The chunk's distinct pictures, and each slot's (an index into them; -1: none). */
  imageList: string[];
  imageOf: Int32Array;
  /** The chunk's distinct variant option lists, and each slot's (an index into them; -1: none). */
  variantLists: Array<Array<Record<string, string>>>;
  variantOf: Int32Array;
  /** The chunk's distinct tag lists, and each slot's (an index into them; -1: none). */
  tagLists: number[][];
  tagOf: Int32Array;
  groupLists: OptionGroup[][];
  groupOf: Int32Array;
}

/**
 * The strings of a slot, as fields of `IndexTable.strings`. The slug and the sort key are kept as
 * derived-strings.ts packs them: read them through `slug`, `sortKey`, `compareNames` and `nameKeyEquals`.
 */
export const SLUG = 0;
export const NAME = 1;
/** Turkish-folded search text (search-columns.ts). */
export const TEXT = 2;
/** Turkish sort key of the name. */
export const NAME_SORT = 3;

/**
 * Every product of the catalogue as one row ("slot") of typed arrays and a few string arrays, in product id
 * order: what listings, search and product cards need, without a query. Inactive products keep their slot
 * (marked inactive), so that a product made active again lands where its id says; new products get the
 * next slot (ids only grow).
 */
export class IndexTable {
  /** Slots in use. */
  count = 0;
  private trimmed = false;
  ids = new Int32Array(0);
  active = new Uint8Array(0);
  category = new Int32Array(0);
  /** Creation time in seconds since 1970, for "newest". */
  created = new Float64Array(0);
  stockType = new Uint8Array(0);
  vatRate = new Uint8Array(0);
  inStock = new Uint8Array(0);
  /**
   * UTF-8 length of the folded name, which begins the search text (search-columns.ts): `UNMEASURED` until
   * asked for, `LONG_NAME` for a name of that length or more (measured at each ask).
   */
  private nameLengths = new Uint16Array(0);
  /** Prices in TRY minor units as the cards show them (`NO_PRICE`: none), converted once per settings. */
  retail: PriceColumn = new Int32Array(0);
  /** What a wholesale customer pays: the wholesale price where there is one, else the retail price. */
  wholesale: PriceColumn = new Int32Array(0);
  /** The market price in TRY (`NO_PRICE`: none), for the home page's discount shelf. */
  market: PriceColumn = new Int32Array(0);
  /**
   * The first usable entry of each of PRICE_TYPES: amount (`NO_AMOUNT`: none; the column is a 32-bit
   * integer, so are these, half the bytes of doubles) and currency, four per slot.
   */
  amounts = new Int32Array(0);
  currencies = new Uint8Array(0);
  tagList = new Int32Array(0);
  groupList = new Int32Array(0);
  /** A hash of the product's stems, to tell whether its search entries must be made again. */
  stemsHash = new Int32Array(0);
  /**
   * Approved reviews: how many (0: none), and their average as the card shows it, in tenths (43: 4,3; 0:
   * none), one byte where the sum would take four: the rating sort orders by what the shopper reads.
   */
  ratingCount = new Uint32Array(0);
  ratingTenths = new Uint8Array(0);
  /**
   * UTF-8 length of the name sort key (0xffff: that or more): an exact-name test (search's relevance, every
   * match of a broad word) tells most names apart by it, without making their keys.
   */
  keyLengths = new Uint16Array(0);
  /** Slug, name, search text and name sort key (fields SLUG, NAME, TEXT, NAME_SORT), UTF-8 in one buffer. */
  readonly strings = new PackedStrings(4);
  /** Each slot's picture: its number in `pictures` (-1: none), 4 bytes a slot where a reference took 8. */
  private picture = new Int32Array(0);
  /**
   * Options of the in-stock active variants of variant products, for the option filter: the number of a list
   * in `variantLists` (-1: none). Products share them (a million products: 551 distinct lists for 162 549
   * variant products), so each is kept once, not 440 000 objects for the collector to walk.
   */
  variantList = new Int32Array(0);

  /** One string per distinct picture path: products share pictures (the large catalogue: 151 for 100 000). */
  private readonly pictures: string[] = [];
  private readonly pictureIds = new Map<string, number>();
  private pictureId(path: string | null): number {
    if (path === null) return -1;
    let id = this.pictureIds.get(path);
    if (id === undefined) {
      id = this.pictures.push(path) - 1;
      this.pictureIds.set(path, id);
    }
    return id;
  }

  /** The slot's picture path (the first of the product's images), or null. */
  image(slot: number): string | null {
    const id = this.picture[slot]!;
    return id < 0 ? null : this.pictures[id]!;
  }

  readonly tagLists = new Interned<Int32Array>();
  readonly groupLists = new Interned<OptionGroup[]>();
  readonly variantLists = new Interned<Array<Record<string, string>>>();
  tags = new Map<number, Tag>();
  tagIdBySlug = new Map<string, number>();

  private tagCounts = new Int32Array(0);
  /** Scratch of `facetsOf`: slots per tag list (at 0: those without tags). */
  private tagListCounts = new Int32Array(0);
  private readonly groupListsSeen = new Marks(0);

  constructor(private readonly pricing: PriceContext) {}

  /**
   * The slot of a product id; -1 when it has none. A binary search (slots are in id order) between the bounds
   * that increasing ids allow: slot k's id is at least k more than the first's and at least `count - 1 - k`
   * less than the last's, so where few ids are missing the search is over a few slots (a snapshot's name
   * order, a million ids, looked each up over the whole table in 0.9 s of the load).
   */
  slotOf(id: number): number {
    const last = this.count - 1;
    if (last < 0) return -1;
    let lo = Math.max(0, id - this.ids[last]! + last);
    let hi = Math.min(last, id - this.ids[0]!);
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = this.ids[mid]!;
      if (at === id) return mid;
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** A slot for a product id not yet in the table; -1 when a higher id is in already (slot order would break). */
  append(id: number): number {
    if (this.count > 0 && this.ids[this.count - 1]! > id) return -1;
    // Doubling while a build fills the table (few copies), then by an eighth once it is trimmed.
    if (this.count === this.ids.length)
      this.resize(this.count + Math.max(64, this.trimmed ? this.count >> 3 : this.count));
    this.ids[this.count] = id;
    return this.count++;
  }

  private resize(size: number) {
    this.ids = grown(this.ids, size);
    this.active = grown(this.active, size);
    this.category = grown(this.category, size);
    this.created = grown(this.created, size);
    this.stockType = grown(this.stockType, size);
    this.vatRate = grown(this.vatRate, size);
    this.inStock = grown(this.inStock, size);
    this.nameLengths = grown(this.nameLengths, size);
    this.retail = grown(this.retail, size);
    this.wholesale = grown(this.wholesale, size);
    this.market = grown(this.market, size);
    this.amounts = grown(this.amounts, size * 4);
    this.currencies = grown(this.currencies, size * 4);
    this.tagList = grown(this.tagList, size);
    this.groupList = grown(this.groupList, size);
    this.variantList = grown(this.variantList, size);
    this.stemsHash = grown(this.stemsHash, size);
    this.ratingCount = grown(this.ratingCount, size);
    this.ratingTenths = grown(this.ratingTenths, size);
    this.keyLengths = grown(this.keyLengths, size);
    this.picture = grown(this.picture, size);
    this.strings.resize(size);
  }

  /** Makes room for `slots` slots and `stringBytes` bytes of strings at once (a snapshot's load). */
  reserve(slots: number, stringBytes: number) {
    if (slots > this.ids.length) this.resize(slots);
    this.strings.reserveBytes(stringBytes);
  }

  /** Gives back the arrays' slack left by growth (after a build). */
  trim() {
    this.trimmed = true;
    // Little slack (a snapshot loaded into reserved arrays) is kept: a copy would hold two tables at once.
    if (this.capacity - this.count > this.count >> 4) this.resize(this.count);
    this.strings.trim(this.count);
  }

  /**
   * UTF-8 length of the folded name: made when a search first ranks the product (folding costs ~10 µs a
   * name).
   */
  nameLength(slot: number): number {
    const kept = this.nameLengths[slot]!;
    if (kept < LONG_NAME) return kept;
    const length = Buffer.byteLength(foldTurkish(this.strings.get(slot, NAME)));
    if (kept === UNMEASURED) this.nameLengths[slot] = Math.min(length, LONG_NAME);
    return length;
  }

  /**
   * Measures the folded names of the active slots from `from` to `to` (exclusive) not measured yet, a few
   * thousand at a time between turns of the event loop: a snapshot keeps them, so that a loaded node's first
   * searches need not fold a name per match (a broad word's first search took a second at a million).
   */
  async measureNames(from: number, to: number): Promise<void> {
    for (let start = from; start < to; start += 2048) {
      for (let slot = start; slot < Math.min(to, start + 2048); slot++)
        if (this.active[slot] && this.nameLengths[slot] === UNMEASURED) this.nameLength(slot);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** The slot's slug. */
  slug(slot: number): string {
    const name = this.strings.get(slot, NAME);
    return unpackSlug(this.strings.get(slot, SLUG), name);
  }

  private readonly keyA = new SortKeyCursor();
  private readonly keyB = new SortKeyCursor();

  /** A cursor over the slot's name sort key (kept, or made from the name as it is read). */
  private keyCursor(cursor: SortKeyCursor, slot: number): SortKeyCursor {
    const s = this.strings;
    const start = s.start(slot, NAME_SORT);
    const end = s.end(slot, NAME_SORT);
    return start === end
      ? cursor.reset(s.buffer, s.start(slot, NAME), s.end(slot, NAME), true)
      : cursor.reset(s.buffer, start + 1, end, false);
  }

  /** The slot's name sort key (turkishSortKey of its name, or the database's if that differs). */
  sortKey(slot: number): string {
    return this.keyCursor(this.keyA, slot).rest();
  }

  /** Compares the name sort keys of two slots as their UTF-8 bytes compare. */
  compareNames(a: number, b: number): number {
    return compareKeys(this.keyCursor(this.keyA, a), this.keyCursor(this.keyB, b));
  }

  /**
   * The first six bytes of the slot's name sort key as a number (a missing byte is 0): when two differ they
   * order the keys as the keys do.
   */
  nameKeyPrefix(slot: number): number {
    const cursor = this.keyCursor(this.keyA, slot);
    let prefix = 0;
    let ended = false;
    for (let k = 0; k < 6; k++) {
      const unit = ended ? -1 : cursor.next();
      if (unit < 0) ended = true;
      prefix = prefix * 256 + (ended ? 0 : unit);
    }
    return prefix;
  }

  /** Whether the slot's name sort key is exactly these bytes. */
  nameKeyEquals(slot: number, bytes: Uint8Array): boolean {
    const length = this.keyLengths[slot]!;
    if (length !== bytes.length && (length < 0xffff || bytes.length < 0xffff)) return false;
    return keyEquals(this.keyCursor(this.keyA, slot), bytes);
  }

  /** Size of the arrays (see `append` for their growth): scratch space follows. */
  get capacity(): number {
    return this.ids.length;
  }

  /** Takes the tags table as it is now (their names and slugs may have changed). */
  setTags(list: IndexRows['tags']) {
    this.tags = new Map(list.map((t) => [t.id, { slug: t.slug, name: t.name, key: turkishSortKey(t.name) }]));
    this.tagIdBySlug = new Map(list.map((t) => [t.slug, t.id]));
    this.tagCounts = new Int32Array(Math.max(0, ...this.tags.keys()) + 1);
  }

  /**
   * Writes one product's row. `tagIds`, `prices` and `variants` are the product's own rows, in the order
   * read. The product is active in the table only when it is active in the database.
   */
  write(
    slot: number,
    p: ProductRow,
    tagIds: number[],
    prices: IndexRows['prices'],
    variants: Array<Record<string, string>>,
  ) {
    this.active[slot] = p.is_active ? 1 : 0;
    this.category[slot] = p.category_id;
    this.created[slot] = Number(p.created);
    this.stockType[slot] = p.stock_type;
    this.vatRate[slot] = p.vat_rate;
    this.strings.write(slot, [
      packSlug(p.slug, p.name),
      p.name,
      p.search_text,
      packSortKey(p.name_sort, p.name),
    ]);
    this.picture[slot] = this.pictureId(p.image);
    this.nameLengths[slot] = UNMEASURED;
    this.stemsHash[slot] = hashStrings(p.stems ?? []);
    this.keyLengths[slot] = Math.min(Buffer.byteLength(p.name_sort), 0xffff);
    const count = Number(p.rating_count ?? 0);
    this.ratingCount[slot] = count;
    this.ratingTenths[slot] = Math.round((averageRating(count, Number(p.rating_sum ?? 0)) ?? 0) * 10);
    this.variantList[slot] = this.variantLists.number(JSON.stringify(variants), () => variants);
    this.inStock[slot] = (
      p.stock_type === STOCK_TYPE.Variant
        ? variants.length > 0
        : p.stock === null || p.stock > 0
    )
      ? 1
      : 0;
    const sortedTags = [...tagIds].sort((a, b) => a - b);
    this.tagList[slot] = this.tagLists.number(sortedTags.join(','), () => Int32Array.from(sortedTags));
    const groups = p.option_groups ?? [];
    this.groupList[slot] = this.groupLists.number(JSON.stringify(groups), () => groups);
    this.writePrices(slot, prices);
  }

  private writePrices(slot: number, prices: IndexRows['prices']) {
    this.amounts.fill(NO_AMOUNT, slot * 4, slot * 4 + 4);
    // The first usable entry of each type wins, as `resolveDisplayPrice` picks them.
    for (const entry of prices) {
      const at = slot * 4 + PRICE_TYPES.indexOf(entry.price_type as DisplayPriceType);
      const amount = Number(entry.amount_minor);
      const currency = normalizeCurrency(entry.currency);
      if (
        this.amounts[at] !== NO_AMOUNT ||
        !currency ||
        !Number.isSafeInteger(amount) ||
        amount < 0 ||
        amount > MAX_AMOUNT
      )
        continue;
      this.amounts[at] = amount;
      this.currencies[at] = CURRENCY_CODES.indexOf(currency);
    }
    this.priceSlot(slot);
  }

  /** The slot's prices in TRY from its entries, at the shop's rates. */
  private priceSlot(slot: number) {
    const inTry = (type: number) => {
      const at = slot * 4 + PRICE_TYPES.indexOf(type as DisplayPriceType);
      const amount = this.amounts[at]!;
      if (amount === NO_AMOUNT) return NO_PRICE;
      // A TRY amount (a checked whole number of kuruş) is its own price: most entries, and parsing the rates
      // for each was most of a snapshot's import.
      if (CURRENCY_CODES[this.currencies[at]!] === 'TRY') return amount;
      try {
        const price = priceInTry(amount, CURRENCY_CODES[this.currencies[at]!]!, this.pricing);
        return Number.isFinite(price) && price >= 0 ? price : NO_PRICE;
      } catch {
        // An entry that cannot be converted is not a usable price (the card shows no price either).
        return NO_PRICE;
      }
    };
    const retail = inTry(2);
    const market = inTry(3);
    const own = inTry(5);
    const wholesale = own === NO_PRICE ? retail : own;
    if (this.retail instanceof Int32Array && !(fits(retail) && fits(market) && fits(wholesale))) {
      this.retail = Float64Array.from(this.retail);
      this.market = Float64Array.from(this.market);
      this.wholesale = Float64Array.from(this.wholesale);
    }
    this.retail[slot] = retail;
    this.market[slot] = market;
    this.wholesale[slot] = wholesale;
  }

  /**
   * Slots `from` to `to` (exclusive) as plain data, for a snapshot of the index (index-snapshot.ts): what a
   * row read from the database would give, without prices in TRY (made again at the rates of the node that
   * loads it). Tag and option group lists are named once per chunk.
   */
  exportChunk(from: number, to: number): TableChunk {
    const tagKeys = new Map<number, number>();
    const groupKeys = new Map<number, number>();
    const local = (lists: Map<number, number>, list: number) => {
      if (list < 0) return -1;
      let at = lists.get(list);
      if (at === undefined) {
        at = lists.size;
        lists.set(list, at);
      }
      return at;
    };
    const tagOf = this.tagList.slice(from, to).map((list) => local(tagKeys, list));
    const groupOf = this.groupList.slice(from, to).map((list) => local(groupKeys, list));
    const variantKeys = new Map<number, number>();
    const variantOf = this.variantList.slice(from, to).map((list) => local(variantKeys, list));
    // Pictures are few and shared: each once per chunk, not a string per slot to decode.
    const imageKeys = new Map<number, number>();
    const imageOf = this.picture.slice(from, to).map((id) => local(imageKeys, id));
    return {
      from,
      ids: this.ids.slice(from, to),
      active: this.active.slice(from, to),
      category: this.category.slice(from, to),
      created: this.created.slice(from, to),
      stockType: this.stockType.slice(from, to),
      vatRate: this.vatRate.slice(from, to),
      inStock: this.inStock.slice(from, to),
      amounts: this.amounts.slice(from * 4, to * 4),
      currencies: this.currencies.slice(from * 4, to * 4),
      stemsHash: this.stemsHash.slice(from, to),
      ratingCount: this.ratingCount.slice(from, to),
      ratingTenths: this.ratingTenths.slice(from, to),
      keyLengths: this.keyLengths.slice(from, to),
      // -1: not measured (a long name is measured again by the node that loads it).
      nameLengths: Int32Array.from(this.nameLengths.subarray(from, to), (n) => (n < LONG_NAME ? n : -1)),
      strings: this.strings.exportRange(from, to),
      imageList: [...imageKeys.keys()].map((id) => this.pictures[id]!),
      imageOf,
      variantLists: [...variantKeys.keys()].map((list) => this.variantLists.lists[list]!),
      variantOf,
      tagLists: [...tagKeys.keys()].map((list) => [...this.tagLists.lists[list]!]),
      tagOf,
      groupLists: [...groupKeys.keys()].map((list) => this.groupLists.lists[list]!),
      groupOf,
    };
  }

  /**
   * Appends a chunk that `exportChunk` gave, after the last slot (chunks come in slot order): copies of the
   * arrays and the strings' bytes, prices made at this table's rates. False when its ids do not come after
   * the table's.
   */
  importChunk(chunk: TableChunk): boolean {
    const n = chunk.ids.length;
    if (!n) return true;
    if (chunk.from !== this.count || (this.count > 0 && this.ids[this.count - 1]! >= chunk.ids[0]!))
      return false;
    if (this.count + n > this.ids.length) this.resize(Math.max(this.count + n, this.ids.length * 2));
    const at = this.count;
    this.ids.set(chunk.ids, at);
    this.active.set(chunk.active, at);
    this.category.set(chunk.category, at);
    this.created.set(chunk.created, at);
    this.stockType.set(chunk.stockType, at);
    this.vatRate.set(chunk.vatRate, at);
    this.inStock.set(chunk.inStock, at);
    this.amounts.set(chunk.amounts, at * 4);
    this.currencies.set(chunk.currencies, at * 4);
    this.stemsHash.set(chunk.stemsHash, at);
    this.ratingCount.set(chunk.ratingCount, at);
    this.ratingTenths.set(chunk.ratingTenths, at);
    this.keyLengths.set(chunk.keyLengths, at);
    for (let k = 0; k < n; k++) {
      const length = chunk.nameLengths[k]!;
      this.nameLengths[at + k] = length < 0 ? UNMEASURED : Math.min(length, LONG_NAME);
    }
    this.strings.importRange(at, chunk.strings.bounds, chunk.strings.data);
    const tagLists = chunk.tagLists.map((tags) =>
      this.tagLists.number(tags.join(','), () => Int32Array.from(tags)),
    );
    const groupLists = chunk.groupLists.map((groups) =>
      this.groupLists.number(JSON.stringify(groups), () => groups),
    );
    const variantLists = chunk.variantLists.map((variants) =>
      this.variantLists.number(JSON.stringify(variants), () => variants),
    );
    const images = chunk.imageList.map((image) => this.pictureId(image));
    for (let k = 0; k < n; k++) {
      const slot = at + k;
      const image = chunk.imageOf[k]!;
      this.picture[slot] = image < 0 ? -1 : images[image]!;
      const variants = chunk.variantOf[k]!;
      this.variantList[slot] = variants < 0 ? -1 : variantLists[variants]!;
      const tags = chunk.tagOf[k]!;
      this.tagList[slot] = tags < 0 ? -1 : tagLists[tags]!;
      const groups = chunk.groupOf[k]!;
      this.groupList[slot] = groups < 0 ? -1 : groupLists[groups]!;
      this.priceSlot(slot);
    }
    this.count += n;
    return true;
  }

  /** The product's price entries as `resolveDisplayPrice` takes them. */
  priceEntries(slot: number): PriceEntry[] {
    const out: PriceEntry[] = [];
    PRICE_TYPES.forEach((type, i) => {
      const amount = this.amounts[slot * 4 + i]!;
      if (amount !== NO_AMOUNT)
        out.push({
          price_type: type,
          price: amount,
          currency: CURRENCY_CODES[this.currencies[slot * 4 + i]!]!,
        });
    });
    return out;
  }

  /** The slot's rating as a card shows it: the average (one decimal) and the count; null without reviews. */
  rating(slot: number): { average: number; count: number } | null {
    const count = this.ratingCount[slot]!;
    return count > 0 ? { average: this.ratingTenths[slot]! / 10, count } : null;
  }

  /**
   * The rating sort: higher average first, then more reviews, then newest (and higher id); products without
   * reviews last (newest first among them).
   */
  compareRatings(a: number, b: number): number {
    const ca = this.ratingCount[a]!;
    const cb = this.ratingCount[b]!;
    if ((ca === 0) !== (cb === 0)) return ca === 0 ? 1 : -1;
    return (
      this.ratingTenths[b]! - this.ratingTenths[a]! || cb - ca || this.created[b]! - this.created[a]! || b - a
    );
  }

  /** Whether the slot has one of the tags. */
  hasTag(slot: number, wanted: Set<number>): boolean {
    const list = this.tagList[slot]!;
    if (list < 0) return false;
    for (const id of this.tagLists.lists[list]!) if (wanted.has(id)) return true;
    return false;
  }

  /** What the filter panel offers for these slots (in slot order): tags, variant options, price range. */
  facetsOf(slots: ArrayLike<number>, prices: PriceColumn): ListingFacets {
    const tagCounts = this.tagCounts;
    tagCounts.fill(0);
    // Slots per tag list first (products share a few thousand lists), then each list's tags once: a broad
    // search's facets (850 000 matches at a million products) count one number per match.
    const lists = this.tagLists.lists;
    if (this.tagListCounts.length < lists.length + 1) this.tagListCounts = new Int32Array(lists.length + 1);
    const listCounts = this.tagListCounts;
    listCounts.fill(0);
    this.groupListsSeen.clear(this.groupLists.lists.length);
    const listsInOrder: number[] = [];
    const tagList = this.tagList;
    const groupList = this.groupList;
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < slots.length; k++) {
      const slot = slots[k]!;
      listCounts[tagList[slot]! + 1]!++;
      const list = groupList[slot]!;
      if (list >= 0 && this.groupListsSeen.add(list)) listsInOrder.push(list);
      const price = prices[slot]!;
      if (price === NO_PRICE) continue;
      if (price < lo) lo = price;
      if (price > hi) hi = price;
    }
    for (let list = 0; list < lists.length; list++) {
      const count = listCounts[list + 1]!;
      if (count) for (const id of lists[list]!) tagCounts[id]! += count;
    }
    const counted: Array<{ tag: Tag; count: number }> = [];
    tagCounts.forEach((count, id) => {
      const tag = this.tags.get(id);
      if (count && tag) counted.push({ tag, count });
    });
    return {
      tags: counted
        .sort((a, b) => b.count - a.count || (a.tag.key < b.tag.key ? -1 : a.tag.key > b.tag.key ? 1 : 0))
        .slice(0, MAX_TAG_FACETS)
        .map(({ tag, count }) => ({ slug: tag.slug, name: tag.name, count })),
      // Merging each distinct list once, in the order the slots first show them, gives what merging every
      // slot's groups would.
      options: mergeOptionGroups(listsInOrder.map((list) => this.groupLists.lists[list]!)),
      priceRange: lo <= hi ? { minMinor: lo, maxMinor: hi } : null,
    };
  }

  /** The listing filters (price bounds, in stock, tags, variant options); null when the query has none. */
  filterFor(query: ListingQuery, prices: PriceColumn): ((slot: number) => boolean) | null {
    const wantedTags = new Set(query.tag.map((slug) => this.tagIdBySlug.get(slug) ?? -1));
    // Within one option group any chosen value matches; across groups all must (Renk:Mavi and Beden:M).
    const byGroup = new Map<string, string[]>();
    for (const pair of query.opt) {
      const at = pair.indexOf(':');
      const name = pair.slice(0, at);
      byGroup.set(name, [...(byGroup.get(name) ?? []), pair.slice(at + 1)]);
    }
    // Only the checks the query asks for, so that a walk over a large scope tests little per product.
    const checks: Array<(slot: number) => boolean> = [];
    if (query.min !== undefined || query.max !== undefined) {
      const min = query.min ?? Number.NEGATIVE_INFINITY;
      const max = query.max ?? Number.POSITIVE_INFINITY;
      // A product without a price passes no price bound (as null compares in SQL).
      checks.push((slot) => {
        const price = prices[slot]!;
        return price !== NO_PRICE && price >= min && price <= max;
      });
    }
    if (query.stock === '1') checks.push((slot) => this.inStock[slot] === 1);
    if (wantedTags.size) checks.push((slot) => this.hasTag(slot, wantedTags));
    if (byGroup.size)
      checks.push((slot) => {
        const list = this.variantList[slot]!;
        if (list < 0) return false;
        const options = this.variantLists.lists[list]!;
        for (const [name, values] of byGroup)
          if (!options.some((o) => values.includes(o[name] as string))) return false;
        return true;
      });
    if (checks.length <= 1) return checks[0] ?? null;
    return (slot) => {
      for (const check of checks) if (!check(slot)) return false;
      return true;
    };
  }

  /** Bytes held by the typed arrays and the packed strings (maps come on top: see the bench's RSS figures). */
  get bytes(): number {
    return [
      this.ids,
      this.active,
      this.category,
      this.created,
      this.stockType,
      this.vatRate,
      this.inStock,
      this.nameLengths,
      this.retail,
      this.wholesale,
      this.market,
      this.amounts,
      this.currencies,
      this.tagList,
      this.groupList,
      this.variantList,
      this.stemsHash,
      this.ratingCount,
      this.ratingTenths,
      this.keyLengths,
      this.picture,
    ].reduce((sum, a) => sum + a.byteLength, this.strings.bytes);
  }
}

/** Whether a price fits a 32-bit column. */
const fits = (price: number) => Number.isInteger(price) && price <= MAX_AMOUNT;

/** A 32-bit FNV-1a hash of the strings, in order. */
function hashStrings(list: string[]): number {
  let h = 0x811c9dc5;
  for (const s of list) {
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0x1f, 0x01000193);
  }
  return h | 0;
}
