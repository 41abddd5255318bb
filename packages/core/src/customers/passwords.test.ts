import { availableParallelism, getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { HASH_NICE, hashingProcesses } from './hasher.ts';
import { hashPassword, needsRehash, UNUSABLE_PASSWORD_HASH, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('stores scrypt with N=2^15, r=8, p=1, a 16-byte salt and a 64-byte key', async () => {
    const stored = await hashPassword('gizli-şifre-1');
    const [scheme, n, r, p, salt, key] = stored.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(64);
    expect(stored).not.toContain('gizli');
  });

  it('salts every hash, so one password gives different hashes', async () => {
    expect(await hashPassword('aynı-şifre')).not.toBe(await hashPassword('aynı-şifre'));
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('gizli-şifre-1');
    expect(await verifyPassword('gizli-şifre-1', stored)).toBe(true);
    expect(await verifyPassword('gizli-şifre-2', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('treats the composed and decomposed spelling of a Turkish letter as the same password', async () => {
    const composed = 'şifre-ğüçö';
    const stored = await hashPassword(composed);
    expect(await verifyPassword(composed.normalize('NFD'), stored)).toBe(true);
  });

  it('refuses every password for an unusable or tampered hash without throwing', async () => {
    expect(await verifyPassword('', UNUSABLE_PASSWORD_HASH)).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$32768$8$1$$')).toBe(false);
  });

  it('does not block the event loop while hashing', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await Promise.all([hashPassword('a-password'), hashPassword('b-password')]);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });

  it('hashes in all cores but one helper processes that the kernel schedules behind the server (nice 10)', () => {
    const hashers = hashingProcesses();
    expect(hashers).toHaveLength(Math.max(1, availableParallelism() - 1));
    for (const hasher of hashers) {
      expect(hasher.pid).not.toBe(process.pid);
      if (process.platform === 'linux') expect(hasher.priority).toBe(HASH_NICE);
    }
    expect(getPriority(process.pid)).toBe(0);
  });

  it('asks for a re-hash only when the parameters are not today’s', async () => {
    expect(needsRehash(await hashPassword('gizli-şifre-1'))).toBe(false);
    expect(needsRehash(`scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$${'A'.repeat(88)}`)).toBe(true);
  });
});
