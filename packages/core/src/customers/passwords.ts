import { randomBytes, timingSafeEqual } from 'node:crypto';
import { scryptInHasher } from './hasher.ts';

/**
 * Password hashing with scrypt (node:crypto, no native add-on) in helper processes of lower priority
 * (hasher.ts), so a login never blocks the event loop, nor the shoppers, for the ~50-100 ms a hash takes. Stored as
 * `scrypt$N$r$p$salt$hash` (salt and hash in base64): the parameters travel with the hash, so they can be
 * raised later without breaking old passwords (`needsRehash` tells when to re-hash at the next login).
 */

const N = 2 ** 15;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
/** scrypt needs 128 × N × r bytes (32 MiB here), exactly Node's default limit, which it then refuses. */
const maxmemFor = (n: number, r: number) => 2 * 128 * n * r;

/** What a password is hashed as: NFKC, so the same password typed on two keyboards gives the same bytes. */
const passwordBytes = (password: string) => Buffer.from(password.normalize('NFKC'), 'utf8');

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptInHasher(passwordBytes(password), salt, KEY_BYTES, {
    N,
    r: R,
    p: P,
    maxmem: maxmemFor(N, R),
  });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface Parsed {
  n: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

// Bounds keep a tampered row from asking scrypt for gigabytes.
function parse(stored: string): Parsed | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64');
  const key = Buffer.from(parts[5]!, 'base64');
  const powerOfTwo = Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;
  if (!powerOfTwo || n > 2 ** 20 || !Number.isInteger(r) || r < 1 || r > 32) return undefined;
  if (!Number.isInteger(p) || p < 1 || p > 16 || salt.length < 16 || key.length < 32) return undefined;
  return { n, r, p, salt, key };
}

/** Stored for a deleted account: not of the `scrypt$…` form, so no password matches it. */
export const UNUSABLE_PASSWORD_HASH = '!unusable';

/** Spent on a hash that cannot match, so "no such hash" takes as long as "wrong password". */
const DECOY: Parsed = { n: N, r: R, p: P, salt: Buffer.alloc(SALT_BYTES), key: Buffer.alloc(KEY_BYTES) };

/**
 * True when `password` matches `stored`. Compared in constant time. A malformed or unusable `stored` (a
 * deleted account's) still costs one full hash and gives false.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  const { n, r, p, salt, key } = parsed ?? DECOY;
  const candidate = await scryptInHasher(passwordBytes(password), salt, key.length, {
    N: n,
    r,
    p,
    maxmem: maxmemFor(n, r),
  });
  return timingSafeEqual(candidate, key) && parsed !== undefined;
}

/**
 * Costs what checking a password costs, for a login with an unknown e-mail address: the answer's timing
 * must not tell which addresses have accounts.
 */
export async function spendPasswordTime(password: string): Promise<void> {
  await verifyPassword(password, UNUSABLE_PASSWORD_HASH);
}

/** True when `stored` was made with other parameters than today's (re-hash it after a successful login). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.n !== N || parsed.r !== R || parsed.p !== P || parsed.key.length !== KEY_BYTES;
}
