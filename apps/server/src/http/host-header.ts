import type { FastifyRequest } from 'fastify';

// A name (letters, digits, dots, hyphens; underscores as in container names) or a bracketed IPv6 address,
// then an optional port.
const HOST = /^(?:[a-z0-9._-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

// Load balancers' health checks may speak HTTP/1.0, which has no Host header.
const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

export const BAD_HOST_CODE = 'GECERSIZ_HOST';
export const BAD_HOST_MESSAGE = 'İsteğin Host başlığı eksik ya da geçersiz.';

/**
 * Whether the request names a host the way HTTP requires (RFC 9112 §3.2: a request without one, or with a
 * malformed one, is answered 400). Links are built from PUBLIC_URL, never from this header; the check only
 * keeps malformed requests away from the pages.
 */
export function hasValidHost(request: FastifyRequest, path: string): boolean {
  const host = request.headers.host;
  return (typeof host === 'string' && HOST.test(host)) || HEALTH_PATHS.has(path);
}
