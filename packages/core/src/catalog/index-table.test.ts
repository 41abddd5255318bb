import { describe, expect, it } from 'vitest';
import type { ProductRow } from './index-rows.ts';
import { IndexTable, Marks, NO_PRICE } from './index-table.ts';

const pricing = { usdRate: '40', eurRate: '45' };

function product(id: number, name: string): ProductRow {
  return {
    id,
    is_active: true,
    category_id: 1,
    slug: `urun-${id}`,
    name,
    image: null,
    name_sort: name.toLowerCase(),
    search_text: name.toLowerCase(),
    created: id,
    stock_type: 1,
    stock: null,
    vat_rate: 20,
    option_groups: null,
    stems: [],
    rating_count: 0,
    rating_sum: 0,
  };
}

const sale = (amount: number, currency = 'TRY') => ({
  product_id: 0,
  price_type: 2,
  amount_minor: amount,
  currency,
});

const query = { tag: [], opt: [], sort: 'newest' as const, page: 1, pageSize: 24 };

describe('IndexTable prices in TRY', () => {
  it('keeps them as 32-bit integers, a missing one as NO_PRICE that no price bound passes', () => {
    const table = new IndexTable(pricing);
    for (const id of [1, 2, 3]) table.append(id);
    table.write(0, product(1, 'Kupa'), [], [sale(12_50)], []);
    table.write(1, product(2, 'Vazo'), [], [], []);
    table.write(2, product(3, 'Tabak'), [], [sale(10, 'USD')], []);
    expect(table.retail).toBeInstanceOf(Int32Array);
    expect([...table.retail.subarray(0, 3)]).toEqual([12_50, NO_PRICE, 400]);
    // Without a wholesale entry a wholesale customer pays the retail price; without a market price, none.
    expect([...table.wholesale.subarray(0, 3)]).toEqual([12_50, NO_PRICE, 400]);
    expect([...table.market.subarray(0, 3)]).toEqual([NO_PRICE, NO_PRICE, NO_PRICE]);
    const filter = table.filterFor({ ...query, min: 0 }, table.retail)!;
    expect([0, 1, 2].filter(filter)).toEqual([0, 2]);
    expect(table.facetsOf([0, 1, 2], table.retail).priceRange).toEqual({ minMinor: 400, maxMinor: 12_50 });
    expect(table.facetsOf([1], table.retail).priceRange).toBeNull();
  });

  it('widens the columns to doubles when a converted price is past 32 bits, keeping every price exact', () => {
    const table = new IndexTable(pricing);
    for (const id of [1, 2]) table.append(id);
    table.write(0, product(1, 'Kupa'), [], [sale(12_50)], []);
    // 20 000 000 USD in cents (what an entry holds at most is 32-bit too) at 40 TRY: 80 000 000 000 kuruş.
    table.write(1, product(2, 'Yat'), [], [sale(2_000_000_000, 'USD')], []);
    expect(table.retail).toBeInstanceOf(Float64Array);
    expect([...table.retail.subarray(0, 2)]).toEqual([12_50, 80_000_000_000]);
    expect([...table.wholesale.subarray(0, 2)]).toEqual([12_50, 80_000_000_000]);
    expect(table.market[0]).toBe(NO_PRICE);
    // Grown later, the wide columns stay wide.
    table.append(3);
    table.write(2, product(3, 'Tabak'), [], [], []);
    expect(table.retail).toBeInstanceOf(Float64Array);
    expect(table.retail[2]).toBe(NO_PRICE);
  });
});

describe('Marks', () => {
  it('empties in one call, a slot marked long ago included (its 16-bit rounds wrap)', () => {
    const marks = new Marks(4);
    marks.clear();
    expect(marks.add(2)).toBe(true);
    expect(marks.add(2)).toBe(false);
    for (let round = 0; round < 0x10000; round++) {
      marks.clear();
      expect(marks.has(2)).toBe(false);
    }
    expect(marks.add(2)).toBe(true);
    marks.clear(8);
    expect(marks.add(7)).toBe(true);
    expect(marks.has(2)).toBe(false);
  });
});

describe('IndexTable name lengths', () => {
  it("measures a folded name once, and one too long for 16 bits at each ask; a snapshot's chunk keeps them", () => {
    const table = new IndexTable(pricing);
    for (const id of [1, 2]) table.append(id);
    const long = 'a'.repeat(70_000);
    table.write(0, product(1, 'Kırmızı Kupa'), [], [], []);
    table.write(1, product(2, long), [], [], []);
    expect(table.nameLength(0)).toBe(Buffer.byteLength('kirmizi kupa'));
    expect(table.nameLength(1)).toBe(70_000);
    expect(table.nameLength(1)).toBe(70_000);
    const chunk = table.exportChunk(0, 2);
    expect([...chunk.nameLengths]).toEqual([12, -1]);
    const loaded = new IndexTable(pricing);
    expect(loaded.importChunk(chunk)).toBe(true);
    expect(loaded.nameLength(0)).toBe(12);
    expect(loaded.nameLength(1)).toBe(70_000);
  });
});

describe('IndexTable slots', () => {
  it('finds the slot of every id, with ids missing before, between and after', () => {
    const table = new IndexTable(pricing);
    expect(table.slotOf(1)).toBe(-1);
    const ids = [3, 4, 10, 11, 12, 40, 41, 1000];
    for (const id of ids) table.append(id);
    expect(ids.map((id) => table.slotOf(id))).toEqual(ids.map((_, slot) => slot));
    for (const id of [0, 1, 2, 5, 9, 13, 39, 42, 999, 1001, 5000, -1]) expect(table.slotOf(id)).toBe(-1);
  });
});

describe('IndexTable ratings', () => {
  it('keeps the average as the card shows it and the count, sorts by them, and a chunk carries them', () => {
    const table = new IndexTable(pricing);
    const rated = (id: number, count: number, sum: number) => ({
      ...product(id, `Ürün ${id}`),
      rating_count: count,
      rating_sum: sum,
    });
    const rows = [rated(1, 0, 0), rated(2, 3, 13), rated(3, 12, 52), rated(4, 1, 5), rated(5, 0, 0)];
    rows.forEach((row, slot) => {
      table.append(row.id);
      table.write(slot, row, [], [], []);
    });
    expect(table.rating(1)).toEqual({ average: 4.3, count: 3 });
    expect(table.rating(2)).toEqual({ average: 4.3, count: 12 });
    expect(table.rating(0)).toBeNull();
    // 5,0 first; 4,3 with more reviews before 4,3 with fewer; without reviews last, newest first.
    expect([0, 1, 2, 3, 4].sort((a, b) => table.compareRatings(a, b))).toEqual([3, 2, 1, 4, 0]);

    const copy = new IndexTable(pricing);
    expect(copy.importChunk(table.exportChunk(0, 5))).toBe(true);
    expect([0, 1, 2, 3, 4].map((slot) => copy.rating(slot))).toEqual(
      [0, 1, 2, 3, 4].map((slot) => table.rating(slot)),
    );
  });
});
