import {
  COMPARE_COOKIE,
  type GuestWishlistItem,
  parseCompareCookie,
  parseWishlistCookie,
  serializeCompareCookie,
  serializeWishlistCookie,
  WISHLIST_COOKIE,
} from '@vitrin/shared/api/wishlist';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../http/errors.ts';
import { CROSS_ORIGIN_CODE, CROSS_ORIGIN_MESSAGE, isSameOrigin } from '../http/same-origin.ts';
import { requestCookies, secureCookie } from './session-cookie.ts';

/** A guest's favourites are kept 90 days after the last change, the compare list 30. */
const WISHLIST_COOKIE_MAX_AGE_S = 90 * 24 * 60 * 60;
const COMPARE_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

type CookieOptions = NonNullable<Parameters<FastifyRequest['server']['serializeCookie']>[2]>;

function baseOptions(request: FastifyRequest): CookieOptions {
  // Like the session cookie: Secure on an https shop, never readable by page scripts.
  return { path: '/', sameSite: 'lax', secure: secureCookie(request), httpOnly: true };
}

function cookie(request: FastifyRequest, name: string, value: string, maxAge: number): string {
  if (!value) {
    return request.server.serializeCookie(name, '', {
      ...baseOptions(request),
      maxAge: 0,
      expires: new Date(0),
    });
  }
  return request.server.serializeCookie(name, value, { ...baseOptions(request), maxAge });
}

/** The guest's favourites of the cookie; a cookie we could not have written reads as none. */
export const cookieWishlist = (request: FastifyRequest): GuestWishlistItem[] =>
  parseWishlistCookie(requestCookies(request)[WISHLIST_COOKIE]);

export const hasWishlistCookie = (request: FastifyRequest) =>
  requestCookies(request)[WISHLIST_COOKIE] !== undefined;

/** The guest's new favourites as the cookie (expired when the list is empty). */
export const wishlistCookie = (request: FastifyRequest, items: readonly GuestWishlistItem[]) =>
  cookie(request, WISHLIST_COOKIE, serializeWishlistCookie(items), WISHLIST_COOKIE_MAX_AGE_S);

/** Removes the guest's favourites cookie (merged into the customer's list at login). */
export const expiredWishlistCookie = (request: FastifyRequest) => cookie(request, WISHLIST_COOKIE, '', 0);

export const cookieCompare = (request: FastifyRequest): number[] =>
  parseCompareCookie(requestCookies(request)[COMPARE_COOKIE]);

export const compareCookie = (request: FastifyRequest, ids: readonly number[]) =>
  cookie(request, COMPARE_COOKIE, serializeCompareCookie(ids), COMPARE_COOKIE_MAX_AGE_S);

/**
 * The favourites and compare cookies are ambient state like the cart's: a write that carries one must come
 * from the shop's own pages (`onRequest` hook of their routes; the session cookie has the global check).
 */
export function refuseCrossOriginListWrite(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const cookies = requestCookies(request);
    if (cookies[WISHLIST_COOKIE] === undefined && cookies[COMPARE_COOKIE] === undefined) return;
    if (isSameOrigin(request, publicOrigin)) return;
    return reply
      .status(403)
      .header('cache-control', 'no-store')
      .send(errorBody(CROSS_ORIGIN_CODE, CROSS_ORIGIN_MESSAGE));
  };
}
