import { GUEST_CART_DAYS } from '@vitrin/core';
import { isTokenShaped } from '@vitrin/core/customers/tokens';
import { CART_COOKIE, CART_TOKEN_HEADER } from '@vitrin/shared/api/cart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../http/errors.ts';
import { CROSS_ORIGIN_CODE, CROSS_ORIGIN_MESSAGE, isSameOrigin } from '../http/same-origin.ts';
import { requestCookies, secureCookie } from './session-cookie.ts';

/**
 * A guest cart lives `GUEST_CART_DAYS` after it was made or last added to: the cookie is sent again then, and
 * the hourly purge deletes the carts past it (core cart/abandoned.ts).
 */
export const CART_COOKIE_MAX_AGE_S = GUEST_CART_DAYS * 24 * 60 * 60;

/** The guest cart token of the cookie, if it is one we could have made. */
export function cookieCartToken(request: FastifyRequest): string | undefined {
  const token = requestCookies(request)[CART_COOKIE];
  return isTokenShaped(token) ? token : undefined;
}

/** The guest cart token: the cookie (browsers), else `X-Cart-Token` (API clients without cookies). */
export function cartToken(request: FastifyRequest): string | undefined {
  const header = request.headers[CART_TOKEN_HEADER];
  return cookieCartToken(request) ?? (isTokenShaped(header) ? header : undefined);
}

export const hasCartCookie = (request: FastifyRequest) => requestCookies(request)[CART_COOKIE] !== undefined;

type CookieOptions = NonNullable<Parameters<FastifyRequest['server']['serializeCookie']>[2]>;

function baseOptions(request: FastifyRequest): CookieOptions {
  // Like the session cookie: Secure on an https shop, never readable by page scripts.
  return { path: '/', sameSite: 'lax', secure: secureCookie(request), httpOnly: true };
}

export function cartCookie(request: FastifyRequest, token: string): string {
  return request.server.serializeCookie(CART_COOKIE, token, {
    ...baseOptions(request),
    maxAge: CART_COOKIE_MAX_AGE_S,
  });
}

/** Removes the guest cart cookie (its cart was merged into the customer's at login). */
export function expiredCartCookie(request: FastifyRequest): string {
  return request.server.serializeCookie(CART_COOKIE, '', {
    ...baseOptions(request),
    maxAge: 0,
    expires: new Date(0),
  });
}

/**
 * The guest cart cookie is an ambient credential like the session cookie: a write that carries it must come
 * from the shop's own pages (the global check in `same-origin.ts` covers the session cookie). The one rule of
 * the cart and checkout routes (below) and of the pages' form posts (`storefront/cart.ts`, `checkout.ts`).
 */
export const isCrossOriginCartWrite = (request: FastifyRequest, publicOrigin: string) =>
  hasCartCookie(request) && !isSameOrigin(request, publicOrigin);

/** `isCrossOriginCartWrite` as the `onRequest` hook of the cart and checkout routes: 403 KAYNAK_REDDEDILDI. */
export function refuseCrossOriginCartWrite(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (!isCrossOriginCartWrite(request, publicOrigin)) return;
    return reply
      .status(403)
      .header('cache-control', 'no-store')
      .send(errorBody(CROSS_ORIGIN_CODE, CROSS_ORIGIN_MESSAGE));
  };
}
