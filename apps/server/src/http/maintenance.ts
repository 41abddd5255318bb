import { timingSafeEqual } from 'node:crypto';
import { ADMIN_KEY_COOKIE } from '@vitrin/shared/constants';
import type { FastifyRequest } from 'fastify';

/**
 * The spec's admin bypass: the visitor's localStorage `admin_key` is mirrored to a cookie by the page and
 * compared here, in constant time, with the server's secret. The secret itself never reaches the browser.
 */
export function hasMaintenanceBypass(request: FastifyRequest, secret: string | undefined): boolean {
  if (!secret) return false;
  const offered = request.server.parseCookie(request.headers.cookie ?? '')[ADMIN_KEY_COOKIE];
  if (!offered) return false;
  const a = Buffer.from(offered);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const MAINTENANCE_MESSAGE =
  'Mağazamız şu anda bakımda. Atölyemiz arka planda çalışıyor; kısa süre sonra yeniden buradayız.';
