import { type StaffLoginRequest, staffLoginRequest } from '@vitrin/shared/api/admin/session';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { recordAudit } from '../audit/record.ts';
import { spendPasswordTime, verifyPassword } from '../customers/passwords.ts';
import type { Db } from '../db/client.ts';
import { staff } from '../db/schema.ts';
import { parseInput } from '../errors.ts';
import { createLoginGuard, type LoginGuard } from '../login-guard/guard.ts';
import type { Tx } from '../orders/stock.ts';
import { type StaffAccount, staffAccountColumns } from './accounts.ts';
import { accountLocked, throttled, wrongLogin } from './errors.ts';
import type { NewStaffSession, StaffClient, StaffSessions } from './sessions.ts';
import { totpStep } from './totp.ts';

/** Wrong passwords or codes in a row that lock the account's unknown browsers (or one known one), and for how long. */
export const STAFF_LOCK_AFTER = 10;
export const STAFF_LOCK_MS = 15 * 60_000;

/**
 * Accepts a TOTP code once: the step it matched must be later than the last accepted one, written in the
 * same statement, so two requests with the same code cannot both pass.
 */
export async function takeTotpStep(tx: Tx | Db, staffId: number, step: number): Promise<boolean> {
  const taken = await tx
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, staffId), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
    .returning({ id: staff.id });
  return taken.length === 1;
}

/** What the login answers: the session, the account and the browser's device cookie (`login-guard/`). */
export type StaffLogin = NewStaffSession & { account: StaffAccount; deviceCookie: string };

/**
 * The staff login, under the login guard (`login-guard/`): ten wrong passwords or codes in a row from
 * browsers without a device cookie of the account lock those browsers out for 15 minutes (423, audited with
 * its end; an e-mail without an account locks alike); a browser that logged in to the account before counts
 * on its own (429 after its tenth), so the owner's browser still logs in while a stranger guesses. A wrong
 * e-mail, password or code and a disabled account answer alike, after the same hashing work.
 */
export function createStaffLogin(db: Db, now: () => Date, sessions: StaffSessions, guard: LoginGuard) {
  return async function login(
    input: StaffLoginRequest,
    client: StaffClient & { device?: string | undefined },
  ): Promise<StaffLogin> {
    const data = parseInput(staffLoginRequest, input);
    const [row] = await db
      .select({ ...staffAccountColumns, passwordHash: staff.passwordHash, totpSecret: staff.totpSecret })
      .from(staff)
      .where(eq(staff.email, data.email));
    const attempt = await guard.begin(data.email, row?.id, client.device);
    const locked = (until: Date) => (attempt.trusted ? throttled(until) : accountLocked(until, now()));
    if (attempt.waitUntil) {
      await spendPasswordTime(data.password);
      throw locked(attempt.waitUntil);
    }
    const failed = async () => {
      const until = await attempt.failed();
      return until ? locked(until) : wrongLogin();
    };
    if (!row) {
      await spendPasswordTime(data.password);
      throw await failed();
    }
    const passwordRight = await verifyPassword(data.password, row.passwordHash);
    const step =
      row.totpSecret && data.code !== undefined ? totpStep(row.totpSecret, data.code, now()) : null;
    const codeRight = row.totpSecret === null || (step !== null && (await takeTotpStep(db, row.id, step)));
    if (!passwordRight || !codeRight) throw await failed();
    // A disabled account is told nothing more than a wrong password, and counts nothing against itself.
    if (row.disabledAt !== null) {
      await attempt.succeeded();
      throw wrongLogin();
    }
    await attempt.succeeded();
    const deviceCookie = await attempt.trust(row.id);
    const { passwordHash: _hash, totpSecret: _secret, ...account } = row;
    return db.transaction(async (tx) => {
      const at = now();
      await tx.update(staff).set({ lastLoginAt: at }).where(eq(staff.id, row.id));
      const session = await sessions.start(tx, row.id, client);
      return { ...session, account: { ...account, lastLoginAt: at }, deviceCookie };
    });
  };
}

/**
 * The staff's guard: the locks of unknown browsers are in the audit log, with their end; so is the lock of
 * one device cookie (`staff.device.lock`, the cookie's stored id), which ends by itself.
 */
export function createStaffLoginGuard(db: Db, now: () => Date): LoginGuard {
  const audit = (tx: Tx, id: number, before: Date | null, after: Date | null, device?: number) =>
    recordAudit(tx, {
      actor: { kind: 'staff', staffId: id },
      action: device !== undefined ? 'staff.device.lock' : after ? 'staff.lock' : 'staff.unlock',
      entity: 'staff',
      entityId: id,
      before: { lockedUntil: before },
      after: device !== undefined ? { lockedUntil: after, device } : { lockedUntil: after },
    });
  return createLoginGuard(db, {
    kind: 'staff',
    lockAfter: STAFF_LOCK_AFTER,
    lockMs: STAFF_LOCK_MS,
    now,
    onLock: (tx, id, until, device) => audit(tx, id, null, until, device),
    onUnlock: (tx, id, was) => audit(tx, id, was, null),
  });
}
