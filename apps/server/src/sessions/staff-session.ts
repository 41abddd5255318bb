import type { Services } from '@vitrin/core';
import type { StaffAccount } from '@vitrin/core/staff/accounts';
import type { FastifyRequest } from 'fastify';
import { requestCookies } from './session-cookie.ts';

/**
 * The staff panel's cookie, apart from the customer's `vitrin_session`: a shopper's session never opens the
 * panel and a staff session never shops. SameSite=Strict: the panel is never entered from a link that
 * should carry the login along.
 */
export const STAFF_COOKIE = 'vitrin_staff';

export const staffToken = (request: FastifyRequest): string | undefined =>
  requestCookies(request)[STAFF_COOKIE] || undefined;

export const hasStaffCookie = (request: FastifyRequest) => staffToken(request) !== undefined;

type CookieOptions = NonNullable<Parameters<FastifyRequest['server']['serializeCookie']>[2]>;

const baseOptions = (publicUrl: string): CookieOptions => ({
  path: '/',
  sameSite: 'strict',
  httpOnly: true,
  secure: new URL(publicUrl).protocol === 'https:',
});

/** The session cookie: it ends with the browser; the server ends the session after 30 idle minutes anyway. */
export const staffCookie = (request: FastifyRequest, token: string, publicUrl: string) =>
  request.server.serializeCookie(STAFF_COOKIE, token, baseOptions(publicUrl));

export const expiredStaffCookie = (request: FastifyRequest, publicUrl: string) =>
  request.server.serializeCookie(STAFF_COOKIE, '', {
    ...baseOptions(publicUrl),
    maxAge: 0,
    expires: new Date(0),
  });

/** The staff member of a request's cookie (looked up once per request), or null. */
export type StaffOf = (request: FastifyRequest) => Promise<StaffAccount | null>;

export function createStaffOf(services: Services): StaffOf {
  const found = new WeakMap<FastifyRequest, Promise<StaffAccount | null>>();
  return (request) => {
    let account = found.get(request);
    if (!account) {
      const token = staffToken(request);
      account = token ? services.staff.session(token) : Promise.resolve(null);
      found.set(request, account);
    }
    return account;
  };
}
