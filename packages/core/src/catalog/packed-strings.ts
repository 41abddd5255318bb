/**
 * Per-slot strings (a product's slug, name, search text, sort key) kept as UTF-8 in one buffer with an
 * offset table, instead of one JavaScript string each: at 100 000 products the strings were about 35 MB of
 * V8 heap (names with Turkish letters are two-byte strings, and every string has its own header), and the
 * heap's headroom under load is a multiple of what lives in it. The buffer holds the same text in about half
 * the bytes, outside the heap. Strings are decoded only where they are needed (the cards of one page);
 * comparisons and substring tests work on the bytes (UTF-8 keeps code point order and substrings).
 *
 * A slot's strings are written as one record at the end of the buffer; a rewritten slot leaves its old
 * record as garbage, reclaimed by compacting when garbage is more than half of what is written.
 */
export class PackedStrings {
  /** Per slot, `fields + 1` offsets: where each field starts, then where the record ends. */
  private bounds = new Uint32Array(0);
  private data: Buffer = Buffer.alloc(0);
  /** Bytes written (live and garbage). */
  private used = 0;
  private garbage = 0;
  /** Records in buffer order: start offset and slot, two numbers each (rewritten slots leave stale pairs). */
  private spots = new Int32Array(0);
  private spotCount = 0;
  private readonly encoder = new TextEncoder();
  private readonly stride: number;

  constructor(private readonly fields: number) {
    this.stride = fields + 1;
  }

  /** Makes room for `slots` slots (keeps what is written). */
  resize(slots: number) {
    const bounds = new Uint32Array(slots * this.stride);
    bounds.set(this.bounds.subarray(0, Math.min(this.bounds.length, bounds.length)));
    this.bounds = bounds;
  }

  /** Writes a slot's strings (one per field). */
  write(slot: number, values: readonly string[]) {
    let need = 0;
    for (const value of values) need += value.length * 3;
    this.reserve(need);
    const at = slot * this.stride;
    const oldStart = this.bounds[at]!;
    const oldEnd = this.bounds[at + this.fields]!;
    this.garbage += oldEnd - oldStart;
    const start = this.used;
    let offset = start;
    for (let field = 0; field < this.fields; field++) {
      this.bounds[at + field] = offset;
      offset += this.encoder.encodeInto(values[field]!, this.data.subarray(offset)).written;
    }
    this.bounds[at + this.fields] = offset;
    this.used = offset;
    this.addSpot(start, slot);
    if (this.garbage > 1 << 20 && this.garbage * 2 > this.used) this.compact();
  }

  /** The field's string. */
  get(slot: number, field: number): string {
    const at = slot * this.stride + field;
    return this.data.toString('utf8', this.bounds[at]!, this.bounds[at + 1]!);
  }

  /** Where the field's bytes start in `buffer`. */
  start(slot: number, field: number): number {
    return this.bounds[slot * this.stride + field]!;
  }

  /** Where the field's bytes end in `buffer`. */
  end(slot: number, field: number): number {
    return this.bounds[slot * this.stride + field + 1]!;
  }

  /** The bytes (see `start` and `end`); replaced when the strings grow or are compacted. */
  get buffer(): Uint8Array {
    return this.data;
  }

  /** The field's length in bytes. */
  byteLength(slot: number, field: number): number {
    const at = slot * this.stride + field;
    return this.bounds[at + 1]! - this.bounds[at]!;
  }

  /** Compares a field of two slots as their strings compare (code point order). */
  compare(a: number, b: number, field: number): number {
    const data = this.data;
    let i = this.bounds[a * this.stride + field]!;
    const iEnd = this.bounds[a * this.stride + field + 1]!;
    let j = this.bounds[b * this.stride + field]!;
    const jEnd = this.bounds[b * this.stride + field + 1]!;
    for (; i < iEnd && j < jEnd; i++, j++) {
      const d = data[i]! - data[j]!;
      if (d !== 0) return d;
    }
    return iEnd - i - (jEnd - j);
  }

  /** Whether the field holds exactly these bytes. */
  equals(slot: number, field: number, bytes: Uint8Array): boolean {
    const at = slot * this.stride + field;
    const start = this.bounds[at]!;
    if (this.bounds[at + 1]! - start !== bytes.length) return false;
    for (let k = 0; k < bytes.length; k++) if (this.data[start + k] !== bytes[k]) return false;
    return true;
  }

  /**
   * Where `needle` first occurs in the field, in bytes from the field's start; -1 when it does not, or not
   * within the field's first `within` bytes.
   */
  indexOf(slot: number, field: number, needle: Uint8Array, within = Number.POSITIVE_INFINITY): number {
    const at = slot * this.stride + field;
    const start = this.bounds[at]!;
    const last = Math.min(this.bounds[at + 1]!, start + within) - needle.length;
    if (needle.length === 0) return last >= start ? 0 : -1;
    const data = this.data;
    const first = needle[0]!;
    outer: for (let i = start; i <= last; i++) {
      if (data[i] !== first) continue;
      for (let k = 1; k < needle.length; k++) if (data[i + k] !== needle[k]) continue outer;
      return i - start;
    }
    return -1;
  }

  /**
   * The slots whose field holds `needle` (one native scan of the whole buffer instead of a test per slot),
   * in ascending slot order; `wanted` filters them.
   */
  slotsContaining(field: number, needle: Uint8Array, wanted: (slot: number) => boolean): number[] {
    const out: number[] = [];
    if (needle.length === 0) return out;
    const data = this.data.subarray(0, this.used);
    for (let pos = data.indexOf(needle); pos >= 0; ) {
      // The record the match is in: the last spot starting at or before it.
      let lo = 0;
      let hi = this.spotCount - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (this.spots[mid * 2]! <= pos) lo = mid;
        else hi = mid - 1;
      }
      const slot = this.spots[lo * 2 + 1]!;
      const at = slot * this.stride + field;
      const live = this.bounds[slot * this.stride] === this.spots[lo * 2];
      if (live && pos >= this.bounds[at]! && pos + needle.length <= this.bounds[at + 1]!) {
        if (wanted(slot)) out.push(slot);
        // One hit per record is enough.
        pos = data.indexOf(needle, this.bounds[slot * this.stride + this.fields]!);
      } else pos = data.indexOf(needle, pos + 1);
    }
    return out.sort((a, b) => a - b);
  }

  /** The UTF-8 bytes of a string, for `equals`, `indexOf` and `slotsContaining`. */
  encode(text: string): Uint8Array {
    return this.encoder.encode(text);
  }

  /**
   * The records of slots `from` to `to` (exclusive) as one buffer and their offsets in it (`fields + 1` per
   * slot, from 0), for a snapshot of the index (index-snapshot.ts).
   */
  exportRange(from: number, to: number): { bounds: Uint32Array; data: Uint8Array } {
    const bounds = new Uint32Array((to - from) * this.stride);
    let size = 0;
    for (let slot = from; slot < to; slot++)
      size += this.bounds[slot * this.stride + this.fields]! - this.bounds[slot * this.stride]!;
    const data = new Uint8Array(size);
    let offset = 0;
    for (let slot = from; slot < to; slot++) {
      const at = slot * this.stride;
      const start = this.bounds[at]!;
      const end = this.bounds[at + this.fields]!;
      data.set(this.data.subarray(start, end), offset);
      for (let field = 0; field <= this.fields; field++)
        bounds[(slot - from) * this.stride + field] = this.bounds[at + field]! - start + offset;
      offset += end - start;
    }
    return { bounds, data };
  }

  /**
   * Writes the records of slots from `from` on, as `exportRange` gave them (one copy of the bytes, no
   * decoding). The slots must have room (`resize`).
   */
  importRange(from: number, bounds: Uint32Array, data: Uint8Array) {
    const slots = bounds.length / this.stride;
    this.reserve(data.length);
    this.data.set(data, this.used);
    for (let k = 0; k < slots; k++) {
      const at = (from + k) * this.stride;
      this.garbage += this.bounds[at + this.fields]! - this.bounds[at]!;
      for (let field = 0; field <= this.fields; field++)
        this.bounds[at + field] = bounds[k * this.stride + field]! + this.used;
      this.addSpot(bounds[k * this.stride]! + this.used, from + k);
    }
    this.used += data.length;
  }

  /** Makes room for `bytes` bytes of records in all (a snapshot's load knows about how many come). */
  reserveBytes(bytes: number) {
    if (bytes > this.data.length) this.growTo(bytes);
  }

  /** Gives back the slack left by growth (after a build). */
  trim(slots: number) {
    // A buffer without garbage and little slack (a snapshot loaded into a reserved buffer) is kept: copying
    // it would hold two of them at once.
    if (this.garbage > 0 || this.data.length - this.used > this.used / 8) this.compact();
    this.bounds = this.bounds.slice(0, slots * this.stride);
  }

  /** Bytes held. */
  get bytes(): number {
    return this.bounds.byteLength + this.data.byteLength + this.spots.byteLength;
  }

  private reserve(need: number) {
    if (this.used + need <= this.data.length) return;
    // Doubling: a build writes 100 000 records and copies the buffer a few times only; `trim` cuts it after.
    const next = Buffer.allocUnsafeSlow(Math.max(this.used + need, this.data.length * 2, 4096));
    this.data.copy(next, 0, 0, this.used);
    this.data = next;
  }

  /** Grows the buffer to exactly `size` bytes (`reserveBytes`). */
  private growTo(size: number) {
    const next = Buffer.allocUnsafeSlow(size);
    this.data.copy(next, 0, 0, this.used);
    this.data = next;
  }

  private addSpot(start: number, slot: number) {
    if (this.spotCount * 2 === this.spots.length) {
      const grown = new Int32Array(Math.max(128, Math.ceil(this.spots.length * 1.25)) & ~1);
      grown.set(this.spots);
      this.spots = grown;
    }
    this.spots[this.spotCount * 2] = start;
    this.spots[this.spotCount * 2 + 1] = slot;
    this.spotCount++;
  }

  /** Copies the live records, in buffer order, to a buffer of their exact size. */
  private compact() {
    const live: number[] = [];
    let size = 0;
    for (let k = 0; k < this.spotCount; k++) {
      const start = this.spots[k * 2]!;
      const slot = this.spots[k * 2 + 1]!;
      if (this.bounds[slot * this.stride] !== start) continue;
      live.push(slot);
      size += this.bounds[slot * this.stride + this.fields]! - start;
    }
    const data = Buffer.allocUnsafeSlow(size);
    const spots = new Int32Array(live.length * 2);
    let offset = 0;
    live.forEach((slot, k) => {
      const at = slot * this.stride;
      const start = this.bounds[at]!;
      const end = this.bounds[at + this.fields]!;
      this.data.copy(data, offset, start, end);
      for (let field = 0; field <= this.fields; field++)
        this.bounds[at + field] = this.bounds[at + field]! + offset - start;
      spots[k * 2] = offset;
      spots[k * 2 + 1] = slot;
      offset += end - start;
    });
    this.data = data;
    this.spots = spots;
    this.spotCount = live.length;
    this.used = size;
    this.garbage = 0;
  }
}
