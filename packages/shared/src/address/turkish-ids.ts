/**
 * Checksums of Turkish identity and tax numbers, for invoice details at checkout. A number that
 * passes may still not exist: only NVİ / GİB can tell, and we do not query them.
 */

const digitsOf = (value: string): number[] => [...value].map(Number);

/**
 * T.C. kimlik no (personal ID, 11 digits, never starting with 0). With d1…d11:
 * d10 = (7 × (d1 + d3 + d5 + d7 + d9) − (d2 + d4 + d6 + d8)) mod 10 and d11 = (d1 + … + d10) mod 10.
 * No trimming or separators: callers normalise input first.
 */
export function isTcKimlikNo(value: string): boolean {
  if (!/^[1-9]\d{10}$/.test(value)) return false;
  const d = digitsOf(value);
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  // The difference can be negative (e.g. 7 × 1 − 36): JavaScript's % keeps the sign, so wrap it.
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  const eleventh = (odd + even + tenth) % 10;
  return d[9] === tenth && d[10] === eleventh;
}

/**
 * Vergi kimlik no (VKN, 10-digit tax number of companies), with GİB's check digit: each of the
 * first nine digits is shifted by its distance from the check digit, weighted by a power of two
 * modulo 9 (a non-zero result of 0 counts as 9), and the check digit tops the sum up to a multiple
 * of 10. Unlike a T.C. kimlik no it may start with 0.
 */
export function isVergiNo(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const d = digitsOf(value);
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const t = (d[i]! + 9 - i) % 10;
    const v = (t * 2 ** (9 - i)) % 9;
    sum += t !== 0 && v === 0 ? 9 : v;
  }
  return d[9] === (10 - (sum % 10)) % 10;
}
