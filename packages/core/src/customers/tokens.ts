import { createHash, randomBytes } from 'node:crypto';

/**
 * Opaque tokens for sessions and password resets: 32 random bytes in base64url (43 characters), handed out
 * once. Only their SHA-256 is stored: the token has 256 bits of entropy, so a fast hash is enough (no salt,
 * no stretching) and lets the database find a row by its hash.
 */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** True for something {@link newToken} could have made; anything else is refused without a query. */
export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
