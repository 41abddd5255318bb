const PLACEHOLDER_ORIGIN = 'http://vitrin.invalid';

/**
 * Where to send a shopper after logging in: a path on this site, or `null`. Only a value starting with a
 * single `/` is taken; full URLs, backslashes (browsers read `\` as `/`) and control characters (which URL
 * parsing drops, turning `/\t/evil` into `//evil`) are refused. The path given back is the normalised one, and
 * normalising can make a host out of a path (`/.//evil.example` becomes `//evil.example`), so it is checked
 * again: the login page cannot be used to bounce shoppers to another site.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here.
  if (!isSitePath(value) || /[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  const path = url.pathname + url.search + url.hash;
  return isSitePath(path) ? path : null;
}

/** A path a browser resolves on this site: one leading `/`, not `//host` or `/\host`. */
function isSitePath(path: string): boolean {
  return path[0] === '/' && path[1] !== '/' && path[1] !== '\\';
}

/** The login page that brings the shopper back to this request's page afterwards. */
export function loginPathFor(url: URL): string {
  return `/login?returnTo=${encodeURIComponent(url.pathname + url.search)}`;
}
