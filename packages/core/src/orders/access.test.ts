import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_LENGTH, signAccess, verifyAccessToken } from './access.ts';

const secret = randomBytes(32);

describe('guest order access token', () => {
  it('is a short base64url HMAC that verifies for its order only', () => {
    const token = signAccess(secret, 'VT12AB34');
    expect(token).toMatch(new RegExp(`^[A-Za-z0-9_-]{${ACCESS_TOKEN_LENGTH}}$`));
    expect(signAccess(secret, 'VT12AB34')).toBe(token);
    expect(verifyAccessToken(secret, 'VT12AB34', token)).toBe(true);
    expect(verifyAccessToken(secret, 'VT12AB35', token)).toBe(false);
  });

  it('does not verify under another secret, altered, truncated or not a string', () => {
    const token = signAccess(secret, 'VT12AB34');
    expect(verifyAccessToken(randomBytes(32), 'VT12AB34', token)).toBe(false);
    const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    expect(verifyAccessToken(secret, 'VT12AB34', flipped)).toBe(false);
    expect(verifyAccessToken(secret, 'VT12AB34', token.slice(1))).toBe(false);
    expect(verifyAccessToken(secret, 'VT12AB34', undefined)).toBe(false);
    expect(verifyAccessToken(secret, 'VT12AB34', ['x'])).toBe(false);
    expect(verifyAccessToken(secret, 'VT12AB34', 'ğ'.repeat(ACCESS_TOKEN_LENGTH))).toBe(false);
  });
});
