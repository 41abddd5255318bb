import { transliterateTurkish } from './turkish-fold.ts';

/** The Turkish alphabet in order; letters outside it sort by their folded form after it. */
const ALPHABET = 'abcçdefgğhıijklmnoöprsştuüvyz';

/**
 * A sort key that orders names the Turkish way with plain binary comparison (`COLLATE "C"`, or PGlite,
 * which has no ICU): `Çanta` after `Cüzdan`, `Işık` before `İğne`, case ignored.
 */
export function turkishSortKey(text: string): string {
  let key = '';
  for (const ch of text.toLocaleLowerCase('tr-TR')) {
    const index = ALPHABET.indexOf(ch);
    if (index >= 0) {
      key += String.fromCharCode(0x61 + index);
    } else if (/[0-9]/.test(ch)) {
      key += ch;
    } else if (/\s/.test(ch)) {
      key += ' ';
    } else {
      const folded = transliterateTurkish(ch)
        .normalize('NFKD')
        .replace(/[^a-z0-9]/g, '');
      for (const f of folded) {
        const i = ALPHABET.indexOf(f);
        key += i >= 0 ? String.fromCharCode(0x61 + i) : f;
      }
    }
  }
  return key.replace(/\s+/g, ' ').trim();
}
