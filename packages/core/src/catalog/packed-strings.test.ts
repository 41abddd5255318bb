import { describe, expect, it } from 'vitest';
import { PackedStrings } from './packed-strings.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('packed strings', () => {
  it('gives back what was written, Turkish letters and all, and a rewrite replaces it', () => {
    const strings = new PackedStrings(2);
    strings.resize(3);
    strings.write(0, ['çiçek-sepeti', 'Çiçek Sepeti – İğne Oyası']);
    strings.write(2, ['', 'Işık']);
    strings.write(1, ['kupa', 'Kupa']);
    expect([0, 1, 2].map((slot) => [strings.get(slot, 0), strings.get(slot, 1)])).toEqual([
      ['çiçek-sepeti', 'Çiçek Sepeti – İğne Oyası'],
      ['kupa', 'Kupa'],
      ['', 'Işık'],
    ]);
    strings.write(0, ['yeni', 'Yeni Ad']);
    expect(strings.get(0, 1)).toBe('Yeni Ad');
    expect(strings.get(1, 1)).toBe('Kupa');
    expect(strings.byteLength(2, 1)).toBe(6);
  });

  it('compares, matches exactly and finds substrings on the bytes as the strings would', () => {
    const strings = new PackedStrings(1);
    const texts = ['abc', 'abd', 'ab', 'zümrüt fincan', 'fincan', ''];
    strings.resize(texts.length);
    texts.forEach((text, slot) => {
      strings.write(slot, [text]);
    });
    for (let a = 0; a < texts.length; a++)
      for (let b = 0; b < texts.length; b++) {
        const [x, y] = [texts[a]!, texts[b]!];
        expect(Math.sign(strings.compare(a, b, 0)), `${x} ? ${y}`).toBe(x < y ? -1 : x > y ? 1 : 0);
      }
    expect(strings.equals(4, 0, bytes('fincan'))).toBe(true);
    expect(strings.equals(3, 0, bytes('fincan'))).toBe(false);
    // Byte offsets: `ü` is two bytes.
    expect(strings.indexOf(3, 0, bytes('fincan'))).toBe(Buffer.byteLength('zümrüt '));
    expect(strings.indexOf(3, 0, bytes('rüt'))).toBe(Buffer.byteLength('züm'));
    expect(strings.indexOf(1, 0, bytes('abc'))).toBe(-1);
    expect(strings.indexOf(2, 0, bytes('abc'))).toBe(-1);
    // Only a match that ends within the first bytes asked for.
    expect(strings.indexOf(3, 0, bytes('züm'), 4)).toBe(0);
    expect(strings.indexOf(3, 0, bytes('züm'), 3)).toBe(-1);
    expect(strings.indexOf(3, 0, bytes('fincan'), 13)).toBe(-1);
    expect(strings.indexOf(3, 0, bytes('fincan'), 15)).toBe(Buffer.byteLength('zümrüt '));
  });

  it('finds every slot holding a substring in one scan, only within the asked field and live records', () => {
    const strings = new PackedStrings(2);
    strings.resize(5);
    strings.write(0, ['x-123', 'kupa 123']);
    strings.write(1, ['y', 'tabak 4123']);
    strings.write(2, ['123', 'vazo']);
    strings.write(3, ['z', 'kase 123 123']);
    strings.write(4, ['w', 'fincan 12']);
    expect(strings.slotsContaining(1, bytes('123'), () => true)).toEqual([0, 1, 3]);
    expect(strings.slotsContaining(1, bytes('123'), (slot) => slot !== 1)).toEqual([0, 3]);
    // A match across two fields or two records is none.
    expect(strings.slotsContaining(1, bytes('123y'), () => true)).toEqual([]);
    strings.write(0, ['x-123', 'kupa']);
    strings.write(4, ['w', 'fincan 123']);
    expect(strings.slotsContaining(1, bytes('123'), () => true)).toEqual([1, 3, 4]);
  });

  it('reclaims rewritten records and trims its slack, keeping every string', () => {
    const strings = new PackedStrings(2);
    const slots = 2_000;
    strings.resize(slots + 100);
    const expected: string[] = [];
    for (let round = 0; round < 40; round++)
      for (let slot = 0; slot < slots; slot++) {
        expected[slot] = `Ürün ${slot} – sürüm ${round} ${'ş'.repeat(slot % 40)}`;
        strings.write(slot, [`urun-${slot}`, expected[slot]!]);
      }
    const live = expected.reduce((sum, text, slot) => sum + Buffer.byteLength(`urun-${slot}${text}`), 0);
    // 40 rounds wrote about 6 MB; garbage is reclaimed once it outgrows the live records and 1 MB.
    expect(live * 40).toBeGreaterThan(5_000_000);
    expect(strings.bytes).toBeLessThan(3_000_000);
    strings.trim(slots);
    expect(strings.bytes).toBeLessThanOrEqual(live + slots * 12 + slots * 8);
    for (let slot = 0; slot < slots; slot++) expect(strings.get(slot, 1)).toBe(expected[slot]);
    expect(
      strings.slotsContaining(1, bytes('sürüm 39 şşşşşşşşşşşşşşşşşşşşşşşşşşşşşşşşşşşşşşş'), () => true),
    ).toEqual(expected.flatMap((_, slot) => (slot % 40 === 39 ? [slot] : [])));
  });
});
