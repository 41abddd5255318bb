import { forgotInput, registerInput, resetInput } from '@vitrin/shared/api/account';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';
import type { AccountOf } from '../../sessions/account.ts';
import { apiRoutes, crossOrigin, errorAnswer, invalid, maintenance, noSession, tooMany } from '../route.ts';
import { bodyOf, sendResult } from './replies.ts';
import { bearerLoginAnswer, customerAnswer, loginBody } from './schemas.ts';

/** The answer to "forgot password", the same whether or not the address has an account. */
export const FORGOT_MESSAGE =
  'Bu e-posta adresiyle kayıtlı bir hesap varsa şifre sıfırlama bağlantısı gönderildi. Gelen kutunuzu (ve istenmeyen e-postalar klasörünü) kontrol edin.';

/**
 * Registration, login, logout and password reset. Browsers get the session as an httpOnly cookie; API
 * clients log in with `bearer: true` and get the token in the body, to send as `Authorization: Bearer`.
 */
export function registerAuthRoutes(app: FastifyInstance, accountOf: AccountOf) {
  const route = apiRoutes(app, accountOf);
  const tag = 'Mağaza: üyelik ve giriş';

  route({
    method: 'POST',
    url: '/api/front/auth/register',
    checkedByDomain: true,
    summary: 'Creates an account and logs it in (session cookie); a welcome e-mail follows',
    tag,
    body: registerInput,
    responses: {
      201: { description: 'Registered and logged in', schema: customerAnswer },
      ...invalid,
      ...crossOrigin,
      409: errorAnswer('EPOSTA_KAYITLI'),
      ...tooMany,
      ...maintenance,
    },
    handler: async (request, reply) =>
      sendResult(reply, await accountOf(request, reply).register(bodyOf(request.body)), (customer) => ({
        status: 201,
        body: { customer },
      })),
  });

  route({
    method: 'POST',
    url: '/api/front/auth/login',
    checkedByDomain: true,
    summary: 'Logs in: a session cookie (30 days with rememberMe), or a Bearer token with `bearer: true`',
    tag,
    body: loginBody,
    responses: {
      200: {
        description: '`{ customer }` with cookies, or `{ customer, token, expiresAt }` with `bearer: true`',
        schema: z.union([customerAnswer, bearerLoginAnswer]),
      },
      ...invalid,
      401: errorAnswer('GIRIS_HATALI: wrong e-mail or password (one answer for both)'),
      ...crossOrigin,
      429: errorAnswer(
        "COK_FAZLA_ISTEK: too many attempts from this address (Retry-After); COK_FAZLA_DENEME: five wrong passwords in a row with this browser's device cookie (`vitrin_device`, set at a login), or for this e-mail from browsers without one, lock those for 15 minutes (the message says until when; an e-mail without an account answers the same)",
      ),
      ...maintenance,
    },
    handler: async (request, reply) => {
      const { bearer, ...fields } = bodyOf(request.body);
      const account = accountOf(request, reply);
      if (bearer === true) {
        return sendResult(reply, await account.loginWithBearer(fields), (login) => ({
          status: 200,
          body: login,
        }));
      }
      return sendResult(reply, await account.login(fields), (customer) => ({
        status: 200,
        body: { customer },
      }));
    },
  });

  route({
    method: 'POST',
    url: '/api/front/auth/logout',
    summary: 'Ends the session of the cookie or Bearer token and expires the cookies',
    tag,
    responses: { 204: { description: 'Logged out' }, ...crossOrigin, ...maintenance },
    handler: async (request, reply) =>
      sendResult(reply, await accountOf(request, reply).logout(), () => ({ status: 204 })),
  });

  route({
    method: 'POST',
    url: '/api/front/auth/forgot',
    checkedByDomain: true,
    summary: 'Sends a password reset link; the same answer whether or not the address has an account',
    tag,
    body: forgotInput,
    responses: {
      202: { description: 'Accepted', schema: z.object({ message: z.string() }) },
      ...invalid,
      ...crossOrigin,
      ...tooMany,
      ...maintenance,
    },
    handler: async (request, reply) =>
      sendResult(reply, await accountOf(request, reply).forgot(bodyOf(request.body)), () => ({
        status: 202,
        body: { message: FORGOT_MESSAGE },
      })),
  });

  route({
    method: 'POST',
    url: '/api/front/auth/reset',
    checkedByDomain: true,
    summary: 'Sets a new password with a reset link token; ends every session of the customer',
    tag,
    body: resetInput,
    responses: {
      204: { description: 'Password changed' },
      ...invalid,
      ...crossOrigin,
      ...tooMany,
      ...maintenance,
    },
    handler: async (request, reply) =>
      sendResult(reply, await accountOf(request, reply).resetPassword(bodyOf(request.body)), () => ({
        status: 204,
      })),
  });

  route({
    method: 'GET',
    url: '/api/front/auth/me',
    summary: 'The logged-in customer (the header asks when the browser has no stored profile)',
    tag,
    auth: true,
    responses: { 200: { description: 'Profile', schema: customerAnswer }, ...noSession },
    handler: async (request, reply) =>
      sendResult(reply, await accountOf(request, reply).profile(), (customer) => ({
        status: 200,
        body: { customer },
      })),
  });
}
