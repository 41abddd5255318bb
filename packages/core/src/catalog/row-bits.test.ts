import { describe, expect, it } from 'vitest';
import { isBroad, packed, RowBits, rowsOf } from './row-bits.ts';
import { RowList } from './row-list.ts';

describe('a broad search entry kept as bits', () => {
  it('holds the rows a list would, in order, across word edges', () => {
    const rows = [0, 1, 31, 32, 33, 63, 64, 1000, 4095];
    const bits = RowBits.of(rows, 100);
    expect(bits.length).toBe(rows.length);
    expect([...bits.all()]).toEqual(rows);
    expect([...bits.rows(32, 64)]).toEqual([32, 33, 63]);
    expect([...bits.rows(1000, 1001)]).toEqual([1000]);
    expect(bits.has(31)).toBe(true);
    expect(bits.has(30)).toBe(false);
    expect(bits.has(1_000_000)).toBe(false);
  });

  it('grows for rows past its end, and counts what is added and taken out once', () => {
    const bits = RowBits.of([3], 8);
    expect(bits.add(3)).toBe(false);
    expect(bits.add(70_000)).toBe(true);
    expect(bits.delete(5)).toBe(false);
    expect(bits.delete(3)).toBe(true);
    expect(bits.length).toBe(1);
    expect([...bits.all()]).toEqual([70_000]);
  });

  it('is chosen for an entry of more than a sixteenth of the rows only', () => {
    expect(isBroad(62, 1000)).toBe(false);
    expect(isBroad(63, 1000)).toBe(true);
    const list = Int32Array.from({ length: 100 }, (_, k) => k * 7);
    const narrow = packed(list, 100_000);
    expect(narrow).toBeInstanceOf(RowList);
    expect([...rowsOf(narrow)]).toEqual([...list]);
    const broad = packed(list, 1000);
    expect(broad).toBeInstanceOf(RowBits);
    expect([...rowsOf(broad)]).toEqual([...list]);
  });
});
