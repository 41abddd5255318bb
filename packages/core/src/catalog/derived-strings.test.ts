import { slugify } from '@vitrin/shared/slug';
import { turkishSortKey } from '@vitrin/shared/turkish-sort';
import { describe, expect, it } from 'vitest';
import {
  compareKeys,
  keyEquals,
  packSlug,
  packSortKey,
  SortKeyCursor,
  unpackSlug,
} from './derived-strings.ts';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** A cursor over the key as the index table reads it: made from the name, or the kept key. */
function cursorFor(name: string, key: string): SortKeyCursor {
  const packed = packSortKey(key, name);
  const data = bytes(packed === '' ? name : packed);
  return new SortKeyCursor().reset(data, packed === '' ? 0 : 1, data.length, packed === '');
}

const names = [
  'Ürgüp Esintili Organik Pamuk Bebek Havlusu',
  'Yaz Koleksiyonu Kişiye Özel Deri Kapaklı Defter – Fildişi',
  'Ege Esintili Kişiye Özel İsimli Deri Anahtarlık – Adaçayı',
  'ŞEHİR TEMALI KULPLU ÇAY KUPASI',
  'Işık',
  'İğne',
  'Çanta',
  'Cüzdan',
  '  Boşluklu\t\t  Ad  ',
  'Café Crème ½ Litre',
  '— – —',
  '',
  'Emoji 🎁 Hediye',
  'Qwerty Xbox',
  'ﬁle Çorap',
  'Straße Ⅻ',
];

describe('slugs kept as what follows the name', () => {
  it('gives back every slug, Turkish letters, odd and foreign slugs included', () => {
    const cases: Array<[string, string]> = [
      ['urgup-esintili-organik-pamuk-bebek-havlusu-1000000', 'Ürgüp Esintili Organik Pamuk Bebek Havlusu'],
      ['sehir-temali-kulplu-cay-kupasi', 'ŞEHİR TEMALI KULPLU ÇAY KUPASI'],
      ['baska-bir-ad-12', 'Işık'],
      ['', 'Işık'],
      ['isik', ''],
      ['\u0000tuhaf', 'Tuhaf'],
      ['\u0001tuhaf', 'Tuhaf'],
      ['Büyük-Harfli_Slug', 'Büyük Harfli Slug'],
      ['cig-kofte-salgam-suyu-2', 'Çiğ Köfte & Şalgam Suyu'],
      [`${'a'.repeat(120)}-9`, 'a'.repeat(130)],
    ];
    for (const [slug, name] of cases) expect(unpackSlug(packSlug(slug, name), name)).toBe(slug);
  });

  it('keeps only the suffix of a slug made from its name', () => {
    const name = 'Ürgüp Esintili Organik Pamuk Bebek Havlusu';
    expect(packSlug(`${slugify(name)}-1000000`, name)).toBe('\u0000-1000000');
  });
});

describe('name sort keys made from the name', () => {
  it('are the Turkish sort key of the name, and follow from most names', () => {
    for (const name of names) {
      const key = turkishSortKey(name);
      expect(cursorFor(name, key).rest(), name).toBe(key);
    }
    expect(packSortKey(turkishSortKey(names[0]!), names[0]!)).toBe('');
  });

  it('keep a key that does not follow from the name (the database column counts)', () => {
    expect(packSortKey('başka', 'Kupa')).toBe('\u0000başka');
    expect(cursorFor('Kupa', 'başka').rest()).toBe('başka');
    expect(cursorFor('Kupa', '').rest()).toBe('');
  });

  it('compare and match as the keys’ bytes do', () => {
    const keys = names.map((name) => turkishSortKey(name));
    for (let a = 0; a < names.length; a++)
      for (let b = 0; b < names.length; b++) {
        const expected = Buffer.compare(Buffer.from(keys[a]!), Buffer.from(keys[b]!));
        const got = Math.sign(compareKeys(cursorFor(names[a]!, keys[a]!), cursorFor(names[b]!, keys[b]!)));
        expect(got, `${names[a]} ? ${names[b]}`).toBe(expected);
      }
    // A kept key against a made one.
    expect(Math.sign(compareKeys(cursorFor('Kupa', 'zzz'), cursorFor('Işık', turkishSortKey('Işık'))))).toBe(
      1,
    );
    expect(keyEquals(cursorFor('Çanta', turkishSortKey('Çanta')), bytes(turkishSortKey('çanta')))).toBe(true);
    expect(keyEquals(cursorFor('Çanta', turkishSortKey('Çanta')), bytes(turkishSortKey('çant')))).toBe(false);
    expect(keyEquals(cursorFor('Çanta', turkishSortKey('Çanta')), bytes(turkishSortKey('çantas')))).toBe(
      false,
    );
  });
});
