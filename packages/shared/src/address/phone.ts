/**
 * Turkish mobile numbers: 10 national digits starting with 5 (`5xx xxx xx xx`), after the country
 * code 90 or the trunk prefix 0. Stored in E.164 (`+905321234567`), shown the way Turks write them
 * (`0532 123 45 67`).
 */

// Separators people type or paste: spaces (also no-break), dashes, dots, slashes, parentheses.
const SEPARATORS = /[\s\-./()]/g;

/**
 * `+905321234567` for any common spelling of a Turkish mobile number (`0532 123 45 67`,
 * `5321234567`, `+90 532 123 45 67`, `0090 532…`, `(532) 123-45-67`, `90 532…`, `+90 (0532)…`),
 * `null` for anything else: landlines (`0212…`), foreign numbers, letters, wrong length.
 */
export function normalizeTurkishMobile(input: string): string | null {
  const compact = input.replace(SEPARATORS, '');
  // `+90` and `0090` are the same international prefix; after it some people keep the trunk 0.
  const match = /^(?:(?:\+|00)90|90)?0?(5\d{9})$/.exec(compact);
  if (match) return `+90${match[1]}`;
  return null;
}

/** `0532 123 45 67` for a number {@link normalizeTurkishMobile} accepts, otherwise `null`. */
export function formatTurkishMobile(input: string): string | null {
  const e164 = normalizeTurkishMobile(input);
  if (e164 === null) return null;
  const n = e164.slice(3);
  return `0${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6, 8)} ${n.slice(8)}`;
}
