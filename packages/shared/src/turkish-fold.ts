/**
 * Turkish case folding for search (specification §9).
 *
 * `foldTurkish` turns text into a comparable search key:
 * 1. compatibility decomposition (NFKD): `ş` → `s` + cedilla, `ﬁ` → `fi`, full-width `Ａ` → `A`;
 * 2. lowercase with Turkish rules (`I` → `ı`, `İ` → `i`);
 * 3. the Turkish letters `ç ğ ı ö ş ü` become `c g i o s u` (so `I` → `ı` → `i` as well);
 * 4. every other combining mark (accents, cedillas…) is removed: `é` → `e`;
 * 5. whitespace runs collapse to a single space and the ends are trimmed.
 *
 * Examples: `'ŞAPKA'` → `'sapka'`, `'İSTANBUL'` → `'istanbul'`, `'ISPARTA'` → `'isparta'`.
 */

const TURKISH_LETTERS: Readonly<Record<string, string>> = {
  ç: 'c',
  ğ: 'g',
  ı: 'i',
  ö: 'o',
  ş: 's',
  ü: 'u',
};

const COMBINING_MARKS = /\p{M}+/gu;

/**
 * Lowercases (tr-TR), transliterates Turkish letters to ASCII and strips other diacritics,
 * without touching anything else (punctuation and whitespace are kept as they are).
 */
export function transliterateTurkish(text: string): string {
  return text
    .normalize('NFKD')
    .toLocaleLowerCase('tr-TR')
    .replace(/[çğıöşü]/g, (letter) => TURKISH_LETTERS[letter] ?? letter)
    .replace(COMBINING_MARKS, '');
}

/**
 * Search key for Turkish text: see the module comment. `null` / `undefined` fold to `''`.
 *
 * @example foldTurkish('  Çiçek   SEPETİ ') // 'cicek sepeti'
 */
export function foldTurkish(text: string | null | undefined): string {
  if (typeof text !== 'string') return '';
  return transliterateTurkish(text).replace(/\s+/g, ' ').trim();
}
