/** Words a reader gets through in a minute; the usual figure for Turkish prose read on a screen. */
const WORDS_PER_MINUTE = 200;

/** The words of an HTML body (tags and entities are not words). */
export function wordCount(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .trim();
  // Punctuation left alone between tags (`</strong>.`) is not a word.
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Minutes to read an HTML body: words / 200, rounded, at least 1. */
export function readingMinutes(html: string): number {
  return Math.max(1, Math.round(wordCount(html) / WORDS_PER_MINUTE));
}
