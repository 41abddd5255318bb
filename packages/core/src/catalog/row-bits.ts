import { RowList } from './row-list.ts';

/**
 * The rows of a broad search entry as bits (row r: bit r), for the search index (search-index.ts). A list of
 * rows costs 4 bytes a row, bits cost an eighth of a byte a row of the whole table: an entry that holds more
 * than a sixteenth of the rows takes half the bytes or less as bits. At a million products 214 stems and
 * words (`hediye`, `el`, …) held 64 MB of the 112 MB of entries as lists.
 */
export class RowBits {
  /** Number of rows set. */
  length = 0;
  constructor(public bits: Uint32Array) {}

  /** Bits for the ascending rows, with room for `size` rows. */
  static of(rows: ArrayLike<number>, size: number): RowBits {
    const last = rows.length ? rows[rows.length - 1]! + 1 : 0;
    const set = new RowBits(new Uint32Array((Math.max(size, last) + 31) >>> 5));
    for (let k = 0; k < rows.length; k++) set.add(rows[k]!);
    return set;
  }

  has(row: number): boolean {
    const word = row >>> 5;
    return word < this.bits.length && (this.bits[word]! & (1 << (row & 31))) !== 0;
  }

  /** Sets the row (the bits grow to hold it); false when it was set. */
  add(row: number): boolean {
    const word = row >>> 5;
    if (word >= this.bits.length) {
      const grown = new Uint32Array(Math.max(word + 1, this.bits.length + (this.bits.length >>> 3)));
      grown.set(this.bits);
      this.bits = grown;
    }
    const bit = 1 << (row & 31);
    if (this.bits[word]! & bit) return false;
    this.bits[word]! |= bit;
    this.length++;
    return true;
  }

  /** Clears the row; false when it was not set. */
  delete(row: number): boolean {
    if (!this.has(row)) return false;
    this.bits[row >>> 5]! &= ~(1 << (row & 31));
    this.length--;
    return true;
  }

  /** The rows from `from` to `to` (exclusive), ascending. */
  rows(from = 0, to = this.bits.length * 32): Int32Array {
    const out: number[] = [];
    this.each(from, to, (row) => out.push(row));
    return Int32Array.from(out);
  }

  /** Every row, ascending, in an array of their exact number. */
  all(): Int32Array {
    return bitsToRows(this.bits, new Int32Array(this.length));
  }

  /** Calls `fn` with each row from `from` to `to` (exclusive), ascending. */
  each(from: number, to: number, fn: (row: number) => void) {
    const bits = this.bits;
    const last = Math.min(bits.length, (to + 31) >>> 5);
    for (let w = from >>> 5; w < last; w++) {
      let x = bits[w]!;
      while (x !== 0) {
        const low = x & -x;
        const row = (w << 5) + 31 - Math.clz32(low);
        x ^= low;
        if (row >= from && row < to) fn(row);
      }
    }
  }
}

/** A search entry's rows: ascending in a list (16 bits a row, row-list.ts), or as bits once broad. */
export type Postings = RowList | RowBits;

/** Whether an entry of `length` rows in a table of `rows` rows is kept as bits. */
export const isBroad = (length: number, rows: number) => length * 16 > rows;

/** The entry's rows as an ascending list, made when a search reads it. */
export const rowsOf = (postings: Postings): Int32Array => postings.all();

/** The entry of these ascending rows as it is best kept in a table of `rows` rows. */
export function packed(list: Int32Array, rows: number): Postings {
  return isBroad(list.length, rows) ? RowBits.of(list, rows) : RowList.of(list);
}

/** The rows set in `bits`, ascending, written to `out` (room for them all): the part of `out` written. */
export function bitsToRows(bits: Uint32Array, out: Int32Array): Int32Array {
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w]!;
    while (x !== 0) {
      const low = x & -x;
      out[n++] = (w << 5) + 31 - Math.clz32(low);
      x ^= low;
    }
  }
  return out.subarray(0, n);
}
