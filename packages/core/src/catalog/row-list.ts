/**
 * The rows of a search entry that is not broad (row-bits.ts), ascending, in 16 bits each: rows are kept as
 * their low 16 bits, grouped by block of 65 536 rows (`row >>> 16`), with where each block's rows begin.
 * Half the bytes of a list of 32-bit rows (at a million products the entries' lists were 57 MB); a search
 * decodes the lists it reads (`rows`), a millisecond for the longest.
 */
export class RowList {
  /**
   * `lows`: each row's low 16 bits, in row order. `starts`: null when every row is in block `base`; else
   * where each block's rows begin in `lows` (block b: from `starts[b]` to `starts[b + 1]`; blocks from 0).
   */
  constructor(
    readonly lows: Uint16Array,
    private readonly starts: Uint32Array | null,
    private readonly base = 0,
  ) {}

  /** The list of ascending rows. */
  static of(rows: ArrayLike<number>): RowList {
    const lows = new Uint16Array(rows.length);
    for (let k = 0; k < rows.length; k++) lows[k] = rows[k]! & 0xffff;
    if (!rows.length) return new RowList(lows, null);
    const first = rows[0]! >>> 16;
    const last = rows[rows.length - 1]! >>> 16;
    if (first === last) return new RowList(lows, null, first);
    const starts = new Uint32Array(last + 2);
    let k = 0;
    for (let block = 0; block <= last; block++) {
      starts[block] = k;
      while (k < rows.length && rows[k]! >>> 16 === block) k++;
    }
    starts[last + 1] = rows.length;
    return new RowList(lows, starts);
  }

  /**
   * The list of rows whose low 16 bits are `lows` (ascending rows), from `edges`: each block that has rows
   * and where its rows begin in `lows`, as pairs (block, index), ascending.
   */
  static ofBlocks(lows: Uint16Array, edges: readonly number[]): RowList {
    if (edges.length <= 2) return new RowList(lows, null, edges[0] ?? 0);
    const last = edges[edges.length - 2]!;
    const starts = new Uint32Array(last + 2);
    let e = 0;
    for (let block = 0; block <= last; block++) {
      while (e < edges.length && edges[e]! < block) e += 2;
      starts[block] = e < edges.length ? edges[e + 1]! : lows.length;
    }
    starts[last + 1] = lows.length;
    return new RowList(lows, starts);
  }

  get length(): number {
    return this.lows.length;
  }

  /** Calls `fn(block, start, end)` for each block that has rows from `from` to `to` (exclusive). */
  private blocks(from: number, to: number, fn: (block: number, start: number, end: number) => void) {
    if (!this.starts) {
      if (this.lows.length && this.base >= from >>> 16 && this.base <= (to - 1) >>> 16)
        fn(this.base, 0, this.lows.length);
      return;
    }
    const last = Math.min(this.starts.length - 2, (to - 1) >>> 16);
    for (let block = from >>> 16; block <= last; block++) {
      const start = this.starts[block]!;
      const end = this.starts[block + 1]!;
      if (end > start) fn(block, start, end);
    }
  }

  /** The rows from `from` to `to` (exclusive; all by default), ascending. */
  rows(from = 0, to = 0x7fffffff): Int32Array {
    if (from <= 0 && to >= 0x7fffffff) return this.all();
    let lo = 0;
    let hi = 0;
    const parts: Array<[number, number, number]> = [];
    this.blocks(from, to, (block, start, end) => {
      const base = block << 16;
      // Within the block, the rows from `from` to `to` are a run of the ascending lows.
      const a = base >= from ? start : lowerBound(this.lows, from - base, start, end);
      const b = base + 0x10000 <= to ? end : lowerBound(this.lows, to - base, start, end);
      if (b > a) parts.push([base, a, b]);
      hi += b - a;
    });
    const out = new Int32Array(hi);
    for (const [base, a, b] of parts) for (let k = a; k < b; k++) out[lo++] = base | this.lows[k]!;
    return out;
  }

  /** Every row, ascending. */
  all(): Int32Array {
    return this.into(new Int32Array(this.lows.length), 0);
  }

  /** Writes every row, ascending, into `out` from `at`; answers `out`. */
  into(out: Int32Array, at: number): Int32Array {
    const lows = this.lows;
    this.blocks(0, 0x7fffffff, (block, start, end) => {
      const base = block << 16;
      for (let k = start; k < end; k++) out[at++] = base | lows[k]!;
    });
    return out;
  }

  has(row: number): boolean {
    let found = false;
    this.blocks(row, row + 1, (_block, start, end) => {
      const low = row & 0xffff;
      const at = lowerBound(this.lows, low, start, end);
      found = at < end && this.lows[at] === low;
    });
    return found;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.lows.byteLength + (this.starts?.byteLength ?? 0);
  }
}

/** The first place from `start` to `end` whose value is not below `value` (ascending values). */
function lowerBound(values: Uint16Array, value: number, start: number, end: number): number {
  let lo = start;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
