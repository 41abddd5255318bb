import { timingSafeEqual } from 'node:crypto';
import type { Services } from '@vitrin/core';
import { mustSetUpTotp } from '@vitrin/core/staff/accounts';
import { ADMIN_KEY_COOKIE } from '@vitrin/shared/constants';
import type { FastifyRequest } from 'fastify';
import { staffToken } from '../sessions/staff-session.ts';

/**
 * The spec's admin bypass: the visitor's localStorage `admin_key` is mirrored to a cookie by the page and
 * compared here, in constant time, with the server's secret. The secret itself never reaches the browser.
 */
function hasMaintenanceBypass(request: FastifyRequest, secret: string | undefined): boolean {
  if (!secret) return false;
  const offered = request.server.parseCookie(request.headers.cookie ?? '')[ADMIN_KEY_COOKIE];
  if (!offered) return false;
  const a = Buffer.from(offered);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const MAINTENANCE_MESSAGE =
  'Mağazamız şu anda bakımda. Atölyemiz arka planda çalışıyor; kısa süre sonra yeniden buradayız.';

/**
 * Whether a request may see the shop while it is in maintenance: it holds the bypass key, or the staff cookie
 * of a signed-in member (two-step verification set up where the role needs it). Asked only while closed.
 */
export function maintenanceViewer(services: Services, bypassKey: string | undefined) {
  return async (request: FastifyRequest): Promise<boolean> => {
    if (hasMaintenanceBypass(request, bypassKey)) return true;
    const token = staffToken(request);
    if (!token) return false;
    const member = await services.staff.session(token);
    return member !== null && !mustSetUpTotp(member);
  };
}

const PREVIEW = Symbol('maintenance preview');
type Marked = FastifyRequest & { [PREVIEW]?: true };

/** A page of the closed shop shown to staff or a bypass visitor: the page cache never keeps it. */
export const markPreview = (request: FastifyRequest) => {
  (request as Marked)[PREVIEW] = true;
};
export const isPreview = (request: FastifyRequest) => (request as Marked)[PREVIEW] === true;
