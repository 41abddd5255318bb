import { and, desc, eq, gt, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { hashToken } from '../customers/tokens.ts';
import type { Db } from '../db/client.ts';
import { loginDevices, loginFailures } from '../db/schema.ts';
import { createSecret } from '../orders/secrets.ts';
import type { Tx } from '../orders/stock.ts';
import {
  DEVICE_COOKIE_MAX_AGE_MS,
  type LoginAccountKind,
  readDeviceCookie,
  signDeviceCookie,
} from './device-cookie.ts';

/** Device cookies kept per account (the newest); an older browser is unknown again at its next login. */
export const MAX_DEVICES_PER_ACCOUNT = 20;
/** A bucket untouched this long is deleted (made-up e-mails cannot grow the table). */
const PRUNE_AFTER_MS = 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60_000;

export interface LoginGuardOptions {
  kind: LoginAccountKind;
  /** Wrong passwords in a row that lock a bucket, and for how long. */
  lockAfter: number;
  lockMs: number;
  now: () => Date;
  /**
   * In the transaction that locks the unknown browsers of an existing account, or one of its device cookies
   * (`device`: the cookie's stored id), for the staff's audit log.
   */
  onLock?: (tx: Tx, accountId: number, until: Date, device: number | undefined) => Promise<unknown>;
  /** In the transaction of the first attempt after the unknown browsers' lock ended. */
  onUnlock?: (tx: Tx, accountId: number, was: Date) => Promise<unknown>;
}

export interface LoginAttempt {
  /** The browser showed a valid device cookie of this account: its failures count against that cookie only. */
  trusted: boolean;
  /** Set when this browser must wait: refuse before the password is looked at. */
  waitUntil: Date | null;
  /** The password (or code) was wrong: the end of the lock this failure caused, or null. */
  failed(): Promise<Date | null>;
  /** The login passed: the count starts again from zero. */
  succeeded(): Promise<void>;
  /** The device cookie value to set for the account: this browser's (kept) or a new one. */
  trust(accountId: number): Promise<string>;
}

/**
 * The login lockout of customers and staff, after OWASP's device cookies. A browser that logged in to an
 * account gets a signed cookie naming it (`device-cookie.ts`; only the nonce's hash is stored, so it can be
 * revoked). Wrong passwords from a browser showing a valid cookie of that account count against that cookie
 * alone; from any other browser (no cookie, another account's, a forged or revoked one) they count against
 * the e-mail's bucket of unknown browsers, which locks those only. So a stranger who knows the e-mail locks
 * out strangers, never the owner's own browser. E-mails without an account count the same way, so the
 * answers never tell which addresses have one.
 *
 * An attempt counts before its password is checked (in the database, under the bucket's row lock), so
 * parallel guesses get no more checks than serial ones, on one app node or many.
 */
export function createLoginGuard(db: Db, options: LoginGuardOptions) {
  const { kind, lockAfter, lockMs, now } = options;
  const secret = createSecret(db, 'login_device');
  let prunedAt = 0;

  async function prune(at: Date) {
    if (at.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = at.getTime();
    const stale = new Date(at.getTime() - PRUNE_AFTER_MS);
    await db
      .delete(loginFailures)
      .where(
        and(
          lt(loginFailures.updatedAt, stale),
          or(isNull(loginFailures.lockedUntil), lt(loginFailures.lockedUntil, stale)),
        ),
      );
  }

  /** The bucket's row, made if missing, locked for this transaction. */
  async function lockedRow(tx: Tx, key: string, at: Date) {
    await tx.insert(loginFailures).values({ key, failures: 0, updatedAt: at }).onConflictDoNothing();
    const [row] = await tx.select().from(loginFailures).where(eq(loginFailures.key, key)).for('update');
    return row!;
  }

  /** Whose bucket is counted: the account (if any) and the device cookie's stored id when the bucket is one. */
  interface Owner {
    accountId: number | undefined;
    device: number | undefined;
  }

  /** Counts one attempt: the end of a lock that holds it back, or null; and the lock it found ended. */
  function take(key: string, { accountId, device }: Owner, at: Date) {
    return db.transaction(async (tx) => {
      const row = await lockedRow(tx, key, at);
      if (row.lockedUntil && row.lockedUntil > at) return row.lockedUntil;
      let failures = row.failures;
      if (row.lockedUntil) {
        failures = 0;
        // A device cookie's lock ends unremarked: only its start is an event worth the log.
        if (accountId !== undefined && device === undefined) {
          await options.onUnlock?.(tx, accountId, row.lockedUntil);
        }
      } else if (at.getTime() - row.updatedAt.getTime() >= lockMs) failures = 0;
      // More parallel attempts than the allowance: the surplus waits like a locked browser.
      const lockedUntil = failures >= lockAfter ? new Date(at.getTime() + lockMs) : null;
      await tx
        .update(loginFailures)
        .set({ failures: lockedUntil ? 0 : failures + 1, lockedUntil, updatedAt: at })
        .where(eq(loginFailures.key, key));
      if (lockedUntil && accountId !== undefined) await options.onLock?.(tx, accountId, lockedUntil, device);
      return lockedUntil;
    });
  }

  /** After a wrong password: locks the bucket when this was the last allowed failure. */
  function fail(key: string, { accountId, device }: Owner, at: Date) {
    return db.transaction(async (tx) => {
      const row = await lockedRow(tx, key, at);
      if (row.lockedUntil && row.lockedUntil > at) return row.lockedUntil;
      if (row.failures < lockAfter) return null;
      const lockedUntil = new Date(at.getTime() + lockMs);
      await tx
        .update(loginFailures)
        .set({ failures: 0, lockedUntil, updatedAt: at })
        .where(eq(loginFailures.key, key));
      if (accountId !== undefined) await options.onLock?.(tx, accountId, lockedUntil, device);
      return lockedUntil;
    });
  }

  /** The stored device of a cookie, if the cookie is signed for this account and not revoked or expired. */
  async function knownDevice(accountId: number | undefined, cookie: string | undefined, at: Date) {
    if (accountId === undefined || !cookie) return null;
    const read = readDeviceCookie(await secret.ready(), kind, cookie);
    if (!read || read.accountId !== accountId) return null;
    const [device] = await db
      .select({ id: loginDevices.id })
      .from(loginDevices)
      .where(
        and(
          eq(loginDevices.nonceHash, hashToken(read.nonce)),
          eq(loginDevices.accountKind, kind),
          eq(loginDevices.accountId, accountId),
          gt(loginDevices.lastUsedAt, new Date(at.getTime() - DEVICE_COOKIE_MAX_AGE_MS)),
        ),
      );
    return device ?? null;
  }

  /** A new device for the account; its oldest beyond the allowance and the expired ones go. */
  async function newDevice(accountId: number, at: Date): Promise<string> {
    const cookie = signDeviceCookie(await secret.ready(), kind, accountId);
    const ofAccount = and(eq(loginDevices.accountKind, kind), eq(loginDevices.accountId, accountId));
    await db.transaction(async (tx) => {
      await tx.insert(loginDevices).values({
        accountKind: kind,
        accountId,
        nonceHash: hashToken(cookie.nonce),
        createdAt: at,
        lastUsedAt: at,
      });
      const newestFirst = await tx
        .select({ id: loginDevices.id })
        .from(loginDevices)
        .where(ofAccount)
        .orderBy(desc(loginDevices.lastUsedAt), desc(loginDevices.id));
      const surplus = newestFirst.slice(MAX_DEVICES_PER_ACCOUNT).map((row) => row.id);
      if (surplus.length) await tx.delete(loginDevices).where(inArray(loginDevices.id, surplus));
      const expired = new Date(at.getTime() - DEVICE_COOKIE_MAX_AGE_MS);
      await tx.delete(loginDevices).where(and(ofAccount, lte(loginDevices.lastUsedAt, expired)));
    });
    return cookie.value;
  }

  return {
    /**
     * Counts a login attempt for `email` (folded as stored) before its password is checked. `accountId` is
     * the account of that e-mail, if any; `deviceCookie` what the browser sent.
     */
    async begin(
      email: string,
      accountId: number | undefined,
      deviceCookie: string | undefined,
    ): Promise<LoginAttempt> {
      const at = now();
      await prune(at);
      const device = await knownDevice(accountId, deviceCookie, at);
      const key = device ? `device:${device.id}` : `untrusted:${kind}:${email}`;
      const owner = { accountId, device: device?.id };
      const waitUntil = await take(key, owner, at);
      return {
        trusted: device !== null,
        waitUntil,
        failed: () => fail(key, owner, now()),
        async succeeded() {
          await db.update(loginFailures).set({ failures: 0 }).where(eq(loginFailures.key, key));
        },
        async trust(id) {
          if (!device || id !== accountId) return newDevice(id, now());
          // The same cookie again, with its 180 days counted from this login.
          await db.update(loginDevices).set({ lastUsedAt: now() }).where(eq(loginDevices.id, device.id));
          return deviceCookie!;
        },
      };
    },

    /** A new device cookie for an account just made: the registering browser is its first known one. */
    firstDevice: (accountId: number) => newDevice(accountId, now()),

    /** Every device cookie of the account stops vouching (a password change, every session ended). */
    revoke: (tx: Tx | Db, accountId: number) => revokeDevices(tx, kind, accountId),

    /** A new password set through the e-mailed link proves ownership: the e-mail's unknown browsers may try again. */
    clearUntrusted: (email: string) => clearUntrusted(db, kind, email),
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;

export async function revokeDevices(tx: Tx | Db, kind: LoginAccountKind, accountId: number): Promise<void> {
  await tx
    .delete(loginDevices)
    .where(and(eq(loginDevices.accountKind, kind), eq(loginDevices.accountId, accountId)));
}

/** Forgets the count of the e-mail's unknown browsers (its key holds the address). */
export async function clearUntrusted(tx: Tx | Db, kind: LoginAccountKind, email: string): Promise<void> {
  await tx.delete(loginFailures).where(eq(loginFailures.key, `untrusted:${kind}:${email}`));
}
