import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, isTokenShaped, newToken } from './tokens.ts';

describe('opaque tokens', () => {
  it('are 32 random bytes in base64url', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newToken()).not.toBe(token);
  });

  it('are stored as their SHA-256, never as themselves', () => {
    const token = newToken();
    expect(hashToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashToken(token)).not.toContain(token);
  });

  it('recognise only what newToken could have made', () => {
    expect(isTokenShaped(newToken())).toBe(true);
    expect(isTokenShaped('')).toBe(false);
    expect(isTokenShaped(`${newToken()}x`)).toBe(false);
    expect(isTokenShaped(`${'a'.repeat(42)}=`)).toBe(false);
    expect(isTokenShaped(undefined)).toBe(false);
  });
});
