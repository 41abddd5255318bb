import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Whose logins a device cookie vouches for: a shopper's or a staff member's (two cookies, two secrets' uses). */
export type LoginAccountKind = 'customer' | 'staff';

/** How long a browser stays known after a login (the cookie's Max-Age and the stored nonce's life). */
export const DEVICE_COOKIE_MAX_AGE_MS = 180 * 24 * 60 * 60_000;

export interface DeviceCookie {
  accountId: number;
  nonce: string;
}

const mac = (secret: Buffer, kind: LoginAccountKind, accountId: number, nonce: string) =>
  createHmac('sha256', secret).update(`login-device:${kind}:${accountId}:${nonce}`).digest('base64url');

/** A new cookie value for the account: `<account id>.<nonce>.<HMAC>`; no password, nothing secret of the account. */
export function signDeviceCookie(
  secret: Buffer,
  kind: LoginAccountKind,
  accountId: number,
): DeviceCookie & { value: string } {
  const nonce = randomBytes(24).toString('base64url');
  return { accountId, nonce, value: `${accountId}.${nonce}.${mac(secret, kind, accountId, nonce)}` };
}

/**
 * The account and nonce of a cookie value whose HMAC is right for `kind`, or null for anything else
 * (missing, malformed, altered, signed for the other kind). Compared in constant time.
 */
export function readDeviceCookie(
  secret: Buffer,
  kind: LoginAccountKind,
  value: string | undefined,
): DeviceCookie | null {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{32})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
  if (!match) return null;
  const accountId = Number(match[1]);
  const nonce = match[2]!;
  const expected = Buffer.from(mac(secret, kind, accountId, nonce));
  const given = Buffer.from(match[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { accountId, nonce } : null;
}
