import { DEVICE_COOKIE_MAX_AGE_MS } from '@vitrin/core/login-guard/device-cookie';
import type { FastifyRequest } from 'fastify';
import { requestCookies, secureCookie } from './session-cookie.ts';

/**
 * The device cookies of the login guard (`packages/core/src/login-guard/`): after a login the browser keeps
 * a signed, revocable cookie naming the account, so a stranger's wrong passwords for that e-mail never lock
 * it out. HttpOnly, SameSite=Lax, 180 days; a shopper's at `/` (the API login and the login page's form
 * post), a staff member's only where the panel logs in.
 */
export const CUSTOMER_DEVICE_COOKIE = 'vitrin_device';
export const STAFF_DEVICE_COOKIE = 'vitrin_staff_device';
const STAFF_LOGIN_PATH = '/api/admin/session';

const maxAge = Math.floor(DEVICE_COOKIE_MAX_AGE_MS / 1000);

export const customerDevice = (request: FastifyRequest): string | undefined =>
  requestCookies(request)[CUSTOMER_DEVICE_COOKIE] || undefined;

export const staffDevice = (request: FastifyRequest): string | undefined =>
  requestCookies(request)[STAFF_DEVICE_COOKIE] || undefined;

export const customerDeviceCookie = (request: FastifyRequest, value: string) =>
  request.server.serializeCookie(CUSTOMER_DEVICE_COOKIE, value, {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: secureCookie(request),
    maxAge,
  });

/** Secure when the shop's address is https, like the staff session's cookie. */
export const staffDeviceCookie = (request: FastifyRequest, value: string, publicUrl: string) =>
  request.server.serializeCookie(STAFF_DEVICE_COOKIE, value, {
    path: STAFF_LOGIN_PATH,
    sameSite: 'lax',
    httpOnly: true,
    secure: new URL(publicUrl).protocol === 'https:',
    maxAge,
  });
