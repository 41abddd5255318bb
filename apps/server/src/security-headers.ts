/**
 * The security headers of every answer, fixed at start-up (the CSP, which carries a per-response nonce, is
 * set next to them). Setting one prepared object costs less per request than running helmet's middleware
 * chain, and the API's hot path is mostly such per-request overhead (bench/RESULTS.md).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/** CSP around its nonce: scripts only from us or with the response's nonce; nothing may frame the shop. */
export function contentSecurityPolicy(apiOrigin: string | undefined) {
  const extra = apiOrigin ? ` ${apiOrigin}` : '';
  const before = "default-src 'self';script-src 'self' 'nonce-";
  const after =
    `';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:${extra};connect-src 'self'${extra};` +
    "font-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none';" +
    "script-src-attr 'none'";
  return (nonce: string) => before + nonce + after;
}

/** API answers are JSON: nothing in them may run or be framed. */
export const API_CSP = "default-src 'none';frame-ancestors 'none'";
