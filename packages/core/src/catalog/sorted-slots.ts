/**
 * Slots (product rows of the catalogue index) kept in one sort order, in a typed array: sorted once when
 * first needed, then kept sorted as products change, by moving one slot (a binary search and a memmove of
 * at most every slot: well under a millisecond at 100 000 products, where sorting again takes 30-60 ms).
 */
export class SortedSlots {
  private slots: Int32Array;
  private count = 0;

  /**
   * `compare(a, b)` is negative when slot `a` comes first; it must never answer 0 for two slots. `sortWith`:
   * the same order, quicker for the first sort (it may read scratch made for it). An Int32Array of its own
   * is taken as it is (sorted in place, not copied: at a million slots each copy is 4 MB).
   */
  constructor(
    private readonly compare: (a: number, b: number) => number,
    slots: Iterable<number>,
    sortWith: (a: number, b: number) => number = compare,
  ) {
    const sorted = (slots instanceof Int32Array ? slots : Int32Array.from(slots)).sort(sortWith);
    const whole = sorted.byteOffset === 0 && sorted.byteLength === sorted.buffer.byteLength;
    if (whole && sorted.length >= 16) this.slots = sorted;
    else {
      this.slots = new Int32Array(Math.max(16, sorted.length));
      this.slots.set(sorted);
    }
    this.count = sorted.length;
  }

  /**
   * Slots said to be in order already (a snapshot's, index-snapshot.ts): checked with one comparison per
   * neighbour instead of sorted; null when they are not in order. Taken as it is, as by the constructor.
   */
  static ofSorted(compare: (a: number, b: number) => number, sorted: Int32Array): SortedSlots | null {
    for (let k = 1; k < sorted.length; k++) if (compare(sorted[k - 1]!, sorted[k]!) >= 0) return null;
    const out = new SortedSlots(compare, []);
    const whole = sorted.byteOffset === 0 && sorted.byteLength === sorted.buffer.byteLength;
    if (whole && sorted.length >= 16) out.slots = sorted;
    else {
      out.slots = new Int32Array(Math.max(16, sorted.length));
      out.slots.set(sorted);
    }
    out.count = sorted.length;
    return out;
  }

  get length(): number {
    return this.count;
  }

  /** The slots in order (a view: valid until the next change). */
  view(): Int32Array {
    return this.slots.subarray(0, this.count);
  }

  /** Takes `slot` out, if it is in; true when it was. */
  remove(slot: number): boolean {
    const at = this.view().indexOf(slot);
    if (at < 0) return false;
    this.slots.copyWithin(at, at + 1, this.count);
    this.count--;
    return true;
  }

  /** Puts `slot` in at its place (it must not be in already). */
  insert(slot: number): void {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.compare(this.slots[mid]!, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    if (this.count === this.slots.length) {
      const grown = new Int32Array(this.slots.length * 2);
      grown.set(this.slots);
      this.slots = grown;
    }
    this.slots.copyWithin(lo + 1, lo, this.count);
    this.slots[lo] = slot;
    this.count++;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.slots.byteLength;
  }
}
