import { describe, expect, it } from 'vitest';
import { isSlug, SLUG_MAX_LENGTH, SLUG_PATTERN, slugify } from './slug.ts';

describe('slugify', () => {
  it('transliterates lowercase Turkish letters', () => {
    expect(slugify('çğıöşü')).toBe('cgiosu');
    expect(slugify('Çiğ Köfte & Şalgam Suyu')).toBe('cig-kofte-salgam-suyu');
  });

  it('transliterates uppercase Turkish letters, including I and İ', () => {
    expect(slugify('ÇĞIİÖŞÜ')).toBe('cgiiosu');
    expect(slugify('İSTANBUL')).toBe('istanbul');
    expect(slugify('ISPARTA')).toBe('isparta');
  });

  it('strips other diacritics', () => {
    expect(slugify('Crème brûlée à la française')).toBe('creme-brulee-a-la-francaise');
  });

  it('turns every run of other characters into a single hyphen', () => {
    expect(slugify('Erkek  Gömlek -- %50 İndirim!!!')).toBe('erkek-gomlek-50-indirim');
    expect(slugify('a_b.c/d\\e')).toBe('a-b-c-d-e');
  });

  it('trims leading and trailing hyphens', () => {
    expect(slugify('  --Yeni Sezon--  ')).toBe('yeni-sezon');
  });

  it('keeps digits', () => {
    expect(slugify('iPhone 15 Pro 256GB')).toBe('iphone-15-pro-256gb');
  });

  it('returns an empty string when nothing usable remains', () => {
    expect(slugify('')).toBe('');
    expect(slugify('!!! ---')).toBe('');
    expect(slugify('日本語')).toBe('');
    expect(slugify(null)).toBe('');
  });

  it('limits the slug to 120 characters', () => {
    const slug = slugify('abc '.repeat(100));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug.startsWith('abc-abc-')).toBe(true);
    expect(isSlug(slug)).toBe(true);
  });

  it('does not leave a trailing hyphen when the cut falls on a hyphen', () => {
    // 119 letters, then a separator: the 120th character would be a hyphen.
    const slug = slugify(`${'a'.repeat(119)} bcd`);
    expect(slug).toBe('a'.repeat(119));
    expect(isSlug(slug)).toBe(true);
  });

  it('keeps exactly 120 characters when the cut falls inside a word', () => {
    const slug = slugify(`${'a'.repeat(118)} bcd`);
    expect(slug).toBe(`${'a'.repeat(118)}-b`);
    expect(slug).toHaveLength(120);
  });

  it('always produces a valid slug for text with letters or digits', () => {
    for (const text of ['Ürün', '  Ğ  ', 'x'.repeat(500), 'Ş-Ş-Ş', '1']) {
      expect(isSlug(slugify(text))).toBe(true);
    }
  });
});

describe('isSlug', () => {
  it('accepts lowercase letters, digits and single inner hyphens', () => {
    expect(isSlug('a')).toBe(true);
    expect(isSlug('erkek-gomlek-42')).toBe(true);
    expect(isSlug('2024')).toBe(true);
  });

  it('rejects empty, uppercase, non-ASCII, spaces and misplaced hyphens', () => {
    for (const value of ['', 'Abc', 'gömlek', 'a b', '-a', 'a-', 'a--b', 'a_b', 'a.b', 'a/b']) {
      expect(isSlug(value)).toBe(false);
    }
  });

  it('accepts 120 characters and rejects 121', () => {
    expect(isSlug('a'.repeat(120))).toBe(true);
    expect(isSlug('a'.repeat(121))).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isSlug(undefined)).toBe(false);
    expect(isSlug(null)).toBe(false);
    expect(isSlug(42)).toBe(false);
  });

  it('exposes the pattern used for route validation', () => {
    expect(SLUG_PATTERN.source).toBe('^[a-z0-9]+(?:-[a-z0-9]+)*$');
  });
});
