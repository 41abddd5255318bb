import { REMEMBERED_SESSION_MS } from '@vitrin/core';
import { SESSION_COOKIE, SIGNED_IN_COOKIE, WHOLESALE_COOKIE } from '@vitrin/shared/api/account-context';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's public address is https: every cookie it sets is Secure. */
    httpsShop: boolean;
  }
}

/** Called once with the shop's public address, before any route is registered. */
export function registerCookieSecurity(app: FastifyInstance, publicUrl: string) {
  app.decorate('httpsShop', new URL(publicUrl).protocol === 'https:');
}

/**
 * Whether a cookie set in answer to this request is Secure: always when the shop's public address is https,
 * and for a request that came over HTTPS (`request.protocol` follows X-Forwarded-Proto only with TRUST_PROXY).
 */
export const secureCookie = (request: FastifyRequest) =>
  request.server.httpsShop === true || request.protocol === 'https';

/** The request's cookies, parsed once (the cookie plugin runs with `hook: false`: only where needed). */
const parsed = new WeakMap<FastifyRequest, Record<string, string | undefined>>();

export function requestCookies(request: FastifyRequest): Record<string, string | undefined> {
  let cookies = parsed.get(request);
  if (!cookies) {
    cookies = request.server.parseCookie(request.headers.cookie ?? '');
    parsed.set(request, cookies);
  }
  return cookies;
}

/** The session token of the cookie, if any. */
export function cookieToken(request: FastifyRequest): string | undefined {
  return requestCookies(request)[SESSION_COOKIE] || undefined;
}

/** The token of `Authorization: Bearer <token>` (API clients), if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}

/** Where the request's session token came from: the cookie wins (a page never sends a Bearer header). */
export function sessionToken(request: FastifyRequest): string | undefined {
  return cookieToken(request) ?? bearerToken(request);
}

export const hasSessionCookie = (request: FastifyRequest) => cookieToken(request) !== undefined;
export const hasWholesaleCookie = (request: FastifyRequest) =>
  requestCookies(request)[WHOLESALE_COOKIE] === '1';

export interface SessionCookieInput {
  token: string;
  /** "Beni hatırla": a 30-day cookie; otherwise one that ends with the browser session. */
  remember: boolean;
  wholesale: boolean;
}

type CookieOptions = Parameters<FastifyRequest['server']['serializeCookie']>[2];

function baseOptions(request: FastifyRequest): NonNullable<CookieOptions> {
  return { path: '/', sameSite: 'lax', secure: secureCookie(request) };
}

/**
 * Set-Cookie values for a session: the httpOnly token, the script-readable "signed in" marker with the same
 * lifetime, and the wholesale marker (or its removal, so a customer who lost wholesale pricing gets the
 * cached pages again).
 */
export function sessionCookies(request: FastifyRequest, session: SessionCookieInput): string[] {
  const serialize = request.server.serializeCookie;
  const lifetime = session.remember ? { maxAge: Math.floor(REMEMBERED_SESSION_MS / 1000) } : {};
  const base = { ...baseOptions(request), ...lifetime };
  return [
    serialize(SESSION_COOKIE, session.token, { ...base, httpOnly: true }),
    serialize(SIGNED_IN_COOKIE, '1', base),
    session.wholesale
      ? serialize(WHOLESALE_COOKIE, '1', base)
      : serialize(WHOLESALE_COOKIE, '', { ...baseOptions(request), maxAge: 0, expires: new Date(0) }),
  ];
}

/** Expired versions of all three cookies: logout, deletion, a session that is no longer valid. */
export function expiredSessionCookies(request: FastifyRequest): string[] {
  const serialize = request.server.serializeCookie;
  const expired = { ...baseOptions(request), maxAge: 0, expires: new Date(0) };
  return [
    serialize(SESSION_COOKIE, '', { ...expired, httpOnly: true }),
    serialize(SIGNED_IN_COOKIE, '', expired),
    serialize(WHOLESALE_COOKIE, '', expired),
  ];
}
