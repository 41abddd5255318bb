import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time codes (RFC 6238: SHA-1, 6 digits, 30 s), as every authenticator app reads them. A code
 * is accepted in the previous, current and next 30-second step (clocks drift); the step it matched is kept
 * so the same code is never accepted twice.
 */
const PERIOD_S = 30;

const totpOf = (secret: string, email = '') =>
  new TOTP({
    issuer: 'Vitrin',
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** `otpauth://totp/Vitrin:<email>?secret=…&issuer=Vitrin…`, for the QR code. */
export const otpauthUri = (secret: string, email: string) => totpOf(secret, email).toString();

/** The 30-second step `code` belongs to (within one step of `at`), or null when it matches none. */
export function totpStep(secret: string, code: string, at: Date): number | null {
  const timestamp = at.getTime();
  const delta = totpOf(secret).validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : Math.floor(timestamp / 1000 / PERIOD_S) + delta;
}

/** The code of `secret` at `at` (tests, and the CLI's check of its own output). */
export const totpCodeAt = (secret: string, at: Date) => totpOf(secret).generate({ timestamp: at.getTime() });
