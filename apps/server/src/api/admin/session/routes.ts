import type { Services } from '@vitrin/core';
import { toStaffMe } from '@vitrin/core/staff/accounts';
import {
  staffLoginRequest,
  staffPasswordRequest,
  staffSessionAnswer,
  totpConfirmRequest,
  totpSetupAnswer,
} from '@vitrin/shared/api/admin/session';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../../http/errors.ts';
import { RATE_LIMIT_CODE, rateLimitMessage } from '../../../sessions/account-limits.ts';
import { staffDevice, staffDeviceCookie } from '../../../sessions/device-cookie.ts';
import {
  expiredStaffCookie,
  type StaffOf,
  staffCookie,
  staffToken,
} from '../../../sessions/staff-session.ts';
import { apiRoutes, crossOrigin, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { signedIn } from '../replies.ts';

const TAG = 'Yönetim: oturum';
/** Staff login attempts per IP address and minute, whatever the e-mail: broad guessing from one address. */
export const STAFF_LOGINS_PER_MINUTE = 10;

/**
 * The staff login, the session (`vitrin_staff` cookie), two-step verification set-up and the staff
 * member's own password. A session that must still set up two-step verification reaches only the session
 * and the set-up routes (`settingUp`).
 */
export function registerStaffSessionRoutes(
  app: FastifyInstance,
  services: Services,
  staffOf: StaffOf,
  publicUrl: string,
) {
  const route = apiRoutes(app, undefined, staffOf);
  const { staff } = services;
  const limitLogins = app.createRateLimit({
    max: STAFF_LOGINS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => request.ip,
  });

  route({
    method: 'POST',
    url: '/api/admin/session',
    summary: 'Staff login: e-mail, password and (once set up) the authenticator code; sets the staff cookie',
    tag: TAG,
    permission: 'anyone',
    body: staffLoginRequest,
    responses: {
      200: {
        description:
          "Logged in; the `vitrin_staff` cookie and the browser's device cookie `vitrin_staff_device` are set",
        schema: staffSessionAnswer,
      },
      ...invalid,
      401: errorAnswer(
        'YONETICI_GIRISI_HATALI: wrong e-mail, password or code, or a disabled account (one answer)',
      ),
      ...crossOrigin,
      423: errorAnswer(
        'HESAP_KILITLI: ten failures in a row from browsers without a device cookie of the account lock those browsers out for 15 minutes (Retry-After)',
      ),
      429: errorAnswer(
        'COK_FAZLA_DENEME: ten failures in a row with this device cookie lock it for 15 minutes; COK_FAZLA_ISTEK: too many logins from this address (Retry-After)',
      ),
    },
    handler: async (request, reply) => {
      const limit = await limitLogins(request);
      if (!limit.isAllowed && limit.isExceeded) {
        const seconds = Math.max(1, limit.ttlInSeconds);
        reply.header('retry-after', String(seconds));
        throw new HttpError(429, RATE_LIMIT_CODE, rateLimitMessage(seconds));
      }
      const login = await staff.login(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        device: staffDevice(request),
      });
      reply.header('set-cookie', [
        staffCookie(request, login.token, publicUrl),
        staffDeviceCookie(request, login.deviceCookie, publicUrl),
      ]);
      return { staff: toStaffMe(login.account) };
    },
  });

  route({
    method: 'GET',
    url: '/api/admin/session',
    summary: 'The logged-in staff member, their role and permissions',
    tag: TAG,
    permission: 'settingUp',
    responses: {
      200: { description: 'The staff member', schema: staffSessionAnswer },
      401: staffRefusals[401],
    },
    handler: async (request) => ({ staff: toStaffMe(await signedIn(staffOf, request)) }),
  });

  route({
    method: 'DELETE',
    url: '/api/admin/session',
    summary: 'Staff logout: the session ends and the cookie is cleared',
    tag: TAG,
    permission: 'settingUp',
    responses: { 204: { description: 'Logged out' }, ...staffRefusals },
    handler: async (request, reply) => {
      await staff.logout(staffToken(request));
      return reply.header('set-cookie', expiredStaffCookie(request, publicUrl)).status(204).send();
    },
  });

  route({
    method: 'POST',
    url: '/api/admin/me/totp',
    summary: 'Starts setting up two-step verification: a new secret and its otpauth:// URI for the QR code',
    tag: TAG,
    permission: 'settingUp',
    responses: { 200: { description: 'The pending secret', schema: totpSetupAnswer }, ...staffRefusals },
    handler: async (request) => staff.beginTotp(await signedIn(staffOf, request)),
  });

  route({
    method: 'POST',
    url: '/api/admin/me/totp/confirm',
    summary: 'Confirms two-step verification with the first code of the new secret',
    tag: TAG,
    permission: 'settingUp',
    body: totpConfirmRequest,
    responses: {
      200: { description: 'Set up', schema: staffSessionAnswer },
      400: errorAnswer('GECERSIZ_ISTEK: not a 6-digit code; TOTP_KODU_HATALI: a wrong or used code'),
      ...staffRefusals,
      409: errorAnswer('TOTP_KURULUMU_BASLATILMADI: POST /api/admin/me/totp first'),
    },
    handler: async (request) => {
      const account = await signedIn(staffOf, request);
      const confirmed = await staff.confirmTotp(account, request.body);
      return { staff: toStaffMe(confirmed) };
    },
  });

  route({
    method: 'POST',
    url: '/api/admin/me/password',
    summary: "Changes the staff member's own password; their other sessions end",
    tag: TAG,
    permission: 'signedIn',
    body: staffPasswordRequest,
    responses: {
      204: { description: 'Changed' },
      ...invalid,
      401: staffRefusals[401],
      403: errorAnswer(
        'SIFRE_HATALI: the current password is wrong; TOTP_KURULUMU_GEREKLI; KAYNAK_REDDEDILDI',
      ),
    },
    handler: async (request, reply) => {
      const account = await signedIn(staffOf, request);
      await staff.changePassword(account, request.body, staffToken(request) ?? '');
      return reply.status(204).send();
    },
  });
}
