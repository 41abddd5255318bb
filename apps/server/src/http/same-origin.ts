import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasSessionCookie } from '../sessions/session-cookie.ts';
import { hasStaffCookie } from '../sessions/staff-session.ts';
import { errorBody } from './errors.ts';
import { pathOf } from './request-path.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SAME_ORIGIN_FETCH = new Set(['same-origin', 'none']);

export const CROSS_ORIGIN_CODE = 'KAYNAK_REDDEDILDI';
export const CROSS_ORIGIN_MESSAGE = 'Bu istek başka bir siteden geldiği için reddedildi.';

/**
 * Whether a request that carries the session cookie was made by the shop's own pages. Browsers say so with
 * `Sec-Fetch-Site` (`none`: typed by the user); older ones only send `Origin`, which must then be the
 * configured public origin (PUBLIC_URL). The Host header is no proof: the client chooses it, so an attacker's
 * page on a domain that points at the shop would pass. A request with neither is refused: every browser that
 * keeps cookies sends at least `Origin` on a POST.
 */
export function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && SAME_ORIGIN_FETCH.has(site)) return true;
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return false;
  try {
    return new URL(origin).origin === publicOrigin;
  } catch {
    return false;
  }
}

/**
 * Where a session is made: login and registration, through the API and through the pages' form posts (with
 * and without JavaScript). A session made by another site's form would sign the visitor into the attacker's
 * account (login CSRF), so these are checked even without a session cookie.
 */
const SIGN_IN_PATHS = new Set([
  '/api/admin/session',
  '/api/front/auth/login',
  '/api/front/auth/register',
  '/login',
  '/login.data',
  '/register',
  '/register.data',
]);

const PROVIDER_CALLBACK = /^\/api\/payments\/[a-z]+\/callback$/;

/** A browser that says where the request comes from; a client that sends neither header is no browser. */
function isBrowserRequest(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-site'] !== undefined || request.headers.origin !== undefined;
}

/**
 * The Auth rule of docs/architecture/rules.md: a state-changing request with a session cookie (the customer's, or the
 * staff panel's `vitrin_staff`) must come from the shop's own pages (the SameSite=Lax cookie already stays home on cross-site POSTs in current browsers; this
 * also covers same-site subdomains and older browsers). API calls with only `Authorization: Bearer` carry
 * no ambient credential and pass. Applies to /api/* and to page form posts (React Router actions) alike.
 * Sign-in requests are checked without a cookie too, when a browser sends them.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    // A card provider's bank page posts the shopper back from the bank's site by design; the post is
    // proven by the provider's signature, and the route reads no cookie.
    if (PROVIDER_CALLBACK.test(pathOf(request.url))) return;
    const checked =
      hasSessionCookie(request) ||
      hasStaffCookie(request) ||
      (SIGN_IN_PATHS.has(pathOf(request.url)) && isBrowserRequest(request));
    if (!checked || isSameOrigin(request, publicOrigin)) return;
    return reply
      .status(403)
      .header('cache-control', 'no-store')
      .send(errorBody(CROSS_ORIGIN_CODE, CROSS_ORIGIN_MESSAGE));
  });
}
