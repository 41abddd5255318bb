const PLACEHOLDER_ORIGIN = 'http://vitrin.invalid';

/**
 * Where to send a shopper after logging in: a path on this site, or `null`. Only a value starting with a
 * single `/` is taken; `//evil.example`, `/\evil.example` (browsers read `\` as `/`), full URLs and values
 * with control characters (which URL parsing drops, turning `/\t/evil` into `//evil`) are refused, so the
 * login page cannot be used to bounce shoppers to another site.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (value[0] !== '/' || value[1] === '/' || value.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here.
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  return url.pathname + url.search + url.hash;
}

/** The login page that brings the shopper back to this request's page afterwards. */
export function loginPathFor(url: URL): string {
  return `/login?returnTo=${encodeURIComponent(url.pathname + url.search)}`;
}
