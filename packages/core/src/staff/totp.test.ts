import { describe, expect, it } from 'vitest';
import { newTotpSecret, otpauthUri, totpCodeAt, totpStep } from './totp.ts';

describe('TOTP', () => {
  const secret = newTotpSecret();
  const at = new Date('2026-11-26T12:00:10Z');
  const step = Math.floor(at.getTime() / 30_000);
  const codeOfStep = (s: number) => totpCodeAt(secret, new Date(s * 30_000 + 5_000));

  it('accepts the code of the previous, current and next 30-second step, naming the step', () => {
    expect(totpStep(secret, codeOfStep(step - 1), at)).toBe(step - 1);
    expect(totpStep(secret, codeOfStep(step), at)).toBe(step);
    expect(totpStep(secret, codeOfStep(step + 1), at)).toBe(step + 1);
  });

  it('refuses a code two steps away, and another secret’s code', () => {
    expect(totpStep(secret, codeOfStep(step - 2), at)).toBeNull();
    expect(totpStep(secret, codeOfStep(step + 2), at)).toBeNull();
    expect(totpStep(newTotpSecret(), codeOfStep(step), at)).toBeNull();
  });

  it('makes a 160-bit base32 secret and an otpauth URI an authenticator app reads', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri(secret, 'sahip@magaza.test'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Vitrin:sahip@magaza.test');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret,
      issuer: 'Vitrin',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
