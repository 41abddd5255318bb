import { describe, expect, it } from 'vitest';
import { foldTurkish, transliterateTurkish } from './turkish-fold.ts';

describe('foldTurkish', () => {
  it('lowercases with Turkish rules and maps Turkish letters to ASCII', () => {
    expect(foldTurkish('ŞAPKA')).toBe('sapka');
    expect(foldTurkish('İSTANBUL')).toBe('istanbul');
    expect(foldTurkish('çğıöşü ÇĞIİÖŞÜ')).toBe('cgiosu cgiiosu');
  });

  it('folds a dotless capital I to i (I → ı → i)', () => {
    expect(foldTurkish('ISPARTA')).toBe('isparta');
    expect(foldTurkish('ılık')).toBe('ilik');
  });

  it('gives the same key for differently cased spellings', () => {
    expect(foldTurkish('Işık')).toBe(foldTurkish('IŞIK'));
    expect(foldTurkish('Çiçek')).toBe(foldTurkish('ÇİÇEK'));
  });

  it('strips other diacritics', () => {
    expect(foldTurkish('Crème Brûlée')).toBe('creme brulee');
    expect(foldTurkish('Ångström naïve')).toBe('angstrom naive');
  });

  it('applies compatibility decomposition (ligatures, full-width letters)', () => {
    expect(foldTurkish('ﬁyat')).toBe('fiyat');
    expect(foldTurkish('ＡＢＣ')).toBe('abc');
  });

  it('collapses whitespace runs and trims', () => {
    expect(foldTurkish('  kırmızı \t\n  elbise  ')).toBe('kirmizi elbise');
  });

  it('keeps punctuation and digits', () => {
    expect(foldTurkish('Çanta (No: 42)!')).toBe('canta (no: 42)!');
  });

  it('returns an empty string for null, undefined and blank text', () => {
    expect(foldTurkish(null)).toBe('');
    expect(foldTurkish(undefined)).toBe('');
    expect(foldTurkish('   ')).toBe('');
  });
});

describe('transliterateTurkish', () => {
  it('folds letters but leaves whitespace untouched', () => {
    expect(transliterateTurkish(' ŞİŞE  IŞIK ')).toBe(' sise  isik ');
  });
});
