import { describe, expect, it } from 'vitest';
import { RowList } from './row-list.ts';

describe('a search entry kept as 16-bit rows per block of 65 536', () => {
  const rows = [0, 5, 65_535, 65_536, 65_540, 200_000, 1_000_000, 1_000_001];

  it('gives back the rows it was made of, in order, across blocks (empty ones between too)', () => {
    const list = RowList.of(rows);
    expect(list.length).toBe(rows.length);
    expect([...list.all()]).toEqual(rows);
    expect(list.bytes).toBeLessThan(rows.length * 4 + 16 * 4 + 1);
    const out = new Int32Array(rows.length + 2);
    list.into(out, 2);
    expect([...out.subarray(2)]).toEqual(rows);
  });

  it('gives the rows of a range, and whether it holds a row', () => {
    const list = RowList.of(rows);
    expect([...list.rows(5, 65_540)]).toEqual([5, 65_535, 65_536]);
    expect([...list.rows(65_536, 65_537)]).toEqual([65_536]);
    expect([...list.rows(100_000, 199_999)]).toEqual([]);
    expect([...list.rows(199_999, 2_000_000)]).toEqual([200_000, 1_000_000, 1_000_001]);
    expect([...list.rows(3_000_000, 3_000_100)]).toEqual([]);
    for (const row of rows) expect(list.has(row)).toBe(true);
    for (const row of [1, 65_537, 131_072, 999_999, 5_000_000]) expect(list.has(row)).toBe(false);
  });

  it('keeps a list within one block without a table of blocks', () => {
    const list = RowList.of([70_000, 70_001, 131_071]);
    expect([...list.all()]).toEqual([70_000, 70_001, 131_071]);
    expect([...list.rows(0, 70_001)]).toEqual([70_000]);
    expect(list.has(4_464)).toBe(false);
    expect(list.has(70_001)).toBe(true);
    expect(RowList.of([]).all().length).toBe(0);
    expect(RowList.of([]).has(0)).toBe(false);
  });

  it('is made the same from lows and where its blocks begin', () => {
    const made = RowList.of(rows);
    const lows = Uint16Array.from(rows, (row) => row & 0xffff);
    const edges = [0, 0, 1, 3, 3, 5, 15, 6];
    const fromBlocks = RowList.ofBlocks(lows, edges);
    expect([...fromBlocks.all()]).toEqual([...made.all()]);
    expect([...fromBlocks.rows(65_536, 1_000_001)]).toEqual([65_536, 65_540, 200_000, 1_000_000]);
    expect([...RowList.ofBlocks(Uint16Array.from([1, 2]), [7, 0]).all()]).toEqual([
      7 * 65_536 + 1,
      7 * 65_536 + 2,
    ]);
  });
});
