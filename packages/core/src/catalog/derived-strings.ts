import { slugify } from '@vitrin/shared/slug';
import { turkishSortKey } from '@vitrin/shared/turkish-sort';

/**
 * A product's slug and its name's sort key as the index table keeps them (index-table.ts): most of both
 * follow from the name, so what follows is kept and the rest made again when read. At a million products
 * the full slugs were 47 MB and the sort keys 40 MB of the packed strings.
 *
 * - Slug: most slugs are `slugify(name)` and a suffix (`…-havlusu-1000000`); such a slug is kept as a NUL
 *   byte and the suffix. Any other slug is kept whole (after a 0x01 byte if it begins with a byte below 2).
 * - Sort key: `turkishSortKey(name)` made one character of the name at a time, while two names are
 *   compared (no string is made). A key that does not follow from the name so (the database's column is
 *   what counts) is kept after a NUL byte; a key that follows is kept as nothing.
 */

/** The slug as kept, for its name. */
export function packSlug(slug: string, name: string): string {
  const derived = slugify(name);
  if (slug.startsWith(derived)) return `\0${slug.slice(derived.length)}`;
  const first = slug.charCodeAt(0);
  return first === 0 || first === 1 ? `\x01${slug}` : slug;
}

/** The slug from what `packSlug` kept and the name. */
export function unpackSlug(kept: string, name: string): string {
  const first = kept.charCodeAt(0);
  if (first === 0) return slugify(name) + kept.slice(1);
  return first === 1 ? kept.slice(1) : kept;
}

/** The key's characters of each character of a name (' ' for white space), made once per character. */
const keyOfChar = new Map<number, string>();
function keyOf(cp: number): string {
  let key = keyOfChar.get(cp);
  if (key === undefined) {
    const ch = String.fromCodePoint(cp);
    key = /^\s$/u.test(ch.toLocaleLowerCase('tr-TR')) ? ' ' : turkishSortKey(ch);
    // A character whose key holds white space would not collapse as the whole name's does: such a name
    // keeps its key (the check in `packSortKey` finds it).
    if (key !== ' ' && /\s/.test(key)) key = '\uffff';
    keyOfChar.set(cp, key);
  }
  return key;
}

/**
 * Reads a sort key code unit by code unit: either a kept key's bytes, or the key made from a name's UTF-8
 * bytes (white space runs made one space, none at the ends, as `turkishSortKey` does).
 */
export class SortKeyCursor {
  private data: Uint8Array = new Uint8Array(0);
  private pos = 0;
  private end = 0;
  private derived = false;
  private out = '';
  private outAt = 0;
  private space = false;
  private started = false;

  /** Reads the key kept in `data[start, end)` (`derived`: the name there, whose key is made). */
  reset(data: Uint8Array, start: number, end: number, derived: boolean): this {
    this.data = data;
    this.pos = start;
    this.end = end;
    this.derived = derived;
    this.out = '';
    this.outAt = 0;
    this.space = false;
    this.started = false;
    return this;
  }

  /** The key's next code unit; -1 at its end. */
  next(): number {
    if (!this.derived) return this.pos < this.end ? this.data[this.pos++]! : -1;
    for (;;) {
      if (this.outAt < this.out.length) return this.out.charCodeAt(this.outAt++);
      if (this.pos >= this.end) return -1;
      const key = keyOf(this.codePoint());
      if (key === ' ') {
        if (this.started) this.space = true;
        continue;
      }
      if (key === '') continue;
      this.started = true;
      this.out = key;
      this.outAt = 0;
      if (this.space) {
        this.space = false;
        return 0x20;
      }
    }
  }

  /** Decodes the UTF-8 code point at `pos` and moves past it. */
  private codePoint(): number {
    const d = this.data;
    const b = d[this.pos]!;
    if (b < 0x80) {
      this.pos += 1;
      return b;
    }
    if (b < 0xe0) {
      const cp = ((b & 0x1f) << 6) | (d[this.pos + 1]! & 0x3f);
      this.pos += 2;
      return cp;
    }
    if (b < 0xf0) {
      const cp = ((b & 0x0f) << 12) | ((d[this.pos + 1]! & 0x3f) << 6) | (d[this.pos + 2]! & 0x3f);
      this.pos += 3;
      return cp;
    }
    const cp =
      ((b & 0x07) << 18) |
      ((d[this.pos + 1]! & 0x3f) << 12) |
      ((d[this.pos + 2]! & 0x3f) << 6) |
      (d[this.pos + 3]! & 0x3f);
    this.pos += 4;
    return cp;
  }

  /** The rest of the key as a string. */
  rest(): string {
    if (!this.derived) {
      const s = utf8.decode(this.data.subarray(this.pos, this.end));
      this.pos = this.end;
      return s;
    }
    let s = '';
    for (let c = this.next(); c >= 0; c = this.next()) s += String.fromCharCode(c);
    return s;
  }
}

/** Compares two keys as their UTF-8 bytes compare (keys made from names are ASCII). */
export function compareKeys(a: SortKeyCursor, b: SortKeyCursor): number {
  for (;;) {
    const x = a.next();
    const y = b.next();
    if (x !== y) return x - y;
    if (x < 0) return 0;
  }
}

/** Whether the key holds exactly these bytes. */
export function keyEquals(a: SortKeyCursor, bytes: Uint8Array): boolean {
  for (let k = 0; k < bytes.length; k++) if (a.next() !== bytes[k]) return false;
  return a.next() < 0;
}

const cursor = new SortKeyCursor();
const utf8 = new TextDecoder();

/** The sort key as kept, for the name: '' when it follows from the name, else a NUL byte and the key. */
export function packSortKey(key: string, name: string): string {
  const bytes = Buffer.from(name, 'utf8');
  return cursor.reset(bytes, 0, bytes.length, true).rest() === key ? '' : `\0${key}`;
}
