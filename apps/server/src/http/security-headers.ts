/**
 * The security headers of every answer, fixed at start-up (the CSP, which carries a per-response nonce, is
 * set next to them). Setting one prepared object costs less per request than running helmet's middleware
 * chain, and the API's hot path is mostly such per-request overhead (bench/RESULTS.md).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/**
 * Process isolation for answers that are one visitor's (the account panel, cart, checkout, login): no window
 * of another site keeps a handle on them, and the browser may give the shop an agent cluster of its own.
 * Answers anyone may share (`Cache-Control: public`: catalogue pages, assets) go without: they hold nothing
 * to protect, and on Chrome for Android these headers put the site in a process of its own, a cold start on
 * every arrival (the navigation's commit took 100-130 ms instead of 30-40 ms in Lighthouse's mobile runs
 * here, bench/RESULTS.md).
 */
export const ISOLATION_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
});

/**
 * CSP around its nonce: scripts only from us or with the response's nonce; nothing may frame the shop. Images
 * may also come from where the pages name them (`PUBLIC_UPLOADS_BASE`'s origin).
 */
export function contentSecurityPolicy(apiOrigin: string | undefined, imagesOrigin?: string) {
  const extra = apiOrigin ? ` ${apiOrigin}` : '';
  const images = imagesOrigin && imagesOrigin !== apiOrigin ? `${extra} ${imagesOrigin}` : extra;
  const before = "default-src 'self';script-src 'self' 'nonce-";
  const after =
    `';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:${images};connect-src 'self'${extra};` +
    "font-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none';" +
    "script-src-attr 'none'";
  return (nonce: string) => before + nonce + after;
}

/** API answers are JSON: nothing in them may run or be framed. */
export const API_CSP = "default-src 'none';frame-ancestors 'none'";
