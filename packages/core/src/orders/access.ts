import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Guest access to one order: `/order-success?order=<no>&token=<t>` and `/secure-pay?...` carry a token that
 * proves the holder was given the link (in the checkout answer or the confirmation e-mail). The token is an
 * HMAC-SHA256 of the order number with a server secret (see `secrets.ts`), base64url, cut to 22 characters
 * (132 bits: far beyond guessing, short enough for a link). Nothing is stored per order; a token cannot be
 * revoked other than by rotating the secret, which invalidates every guest link at once.
 */
export const ACCESS_TOKEN_LENGTH = 22;

export function signAccess(secret: Buffer, orderNo: string): string {
  return createHmac('sha256', secret)
    .update(`order-access:${orderNo}`)
    .digest('base64url')
    .slice(0, ACCESS_TOKEN_LENGTH);
}

/** Constant-time comparison; any malformed token is simply false. */
export function verifyAccessToken(secret: Buffer, orderNo: string, token: unknown): boolean {
  if (typeof token !== 'string' || token.length !== ACCESS_TOKEN_LENGTH) return false;
  const expected = Buffer.from(signAccess(secret, orderNo));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
