/**
 * Turkish URL slugs (specification §9).
 *
 * A slug is 1–120 characters of `a-z`, `0-9` and single inner hyphens
 * (`^[a-z0-9]+(?:-[a-z0-9]+)*$`). {@link isSlug} is what route parameter validation uses.
 */
import { transliterateTurkish } from './turkish-fold.ts';

/** Longest slug allowed, in characters. */
export const SLUG_MAX_LENGTH = 120;

/** Shape of a valid slug (length is checked separately, see {@link isSlug}). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Builds a slug from arbitrary text:
 * - Turkish letters are transliterated (`ç ğ ı İ ö ş ü` and their capitals → `c g i i o s u`),
 *   the text is lowercased with `tr-TR` rules and other diacritics are stripped (NFKD);
 * - every run of characters outside `[a-z0-9]` becomes one hyphen, leading/trailing hyphens are removed;
 * - the result is cut to {@link SLUG_MAX_LENGTH} characters, and a hyphen left at the end by the cut
 *   is removed too (so the slug never ends with `-`).
 * Text without any letter or digit gives `''` (which is not a valid slug: callers must handle it).
 *
 * @example slugify('Çiğ Köfte & Şalgam Suyu') // 'cig-kofte-salgam-suyu'
 */
export function slugify(text: string | null | undefined): string {
  if (typeof text !== 'string') return '';
  const slug = transliterateTurkish(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= SLUG_MAX_LENGTH) return slug;
  return slug.slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '');
}

/** True when `value` is a string of 1–120 characters matching {@link SLUG_PATTERN}. */
export function isSlug(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= 1 &&
    value.length <= SLUG_MAX_LENGTH &&
    SLUG_PATTERN.test(value)
  );
}
