import { type StaffLoginRequest, staffLoginRequest } from '@vitrin/shared/api/admin/session';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record.ts';
import { createLoginThrottle } from '../customers/login-throttle.ts';
import { spendPasswordTime, verifyPassword } from '../customers/passwords.ts';
import type { Db } from '../db/client.ts';
import { staff } from '../db/schema.ts';
import type { Tx } from '../orders/stock.ts';
import { type StaffAccount, staffAccountColumns } from './accounts.ts';
import { accountLocked, parseStaffInput, throttled, wrongLogin } from './errors.ts';
import type { NewStaffSession, StaffClient, StaffSessions } from './sessions.ts';
import { totpStep } from './totp.ts';

/** Wrong passwords or codes in a row that lock the account, and for how long. */
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

/**
 * The staff login. Counted twice: per e-mail and client (the customers' throttle: 429 after five wrong
 * tries from one client), and per account (ten wrong passwords or codes in a row from anywhere lock it for
 * 15 minutes, 423, audited with its end). A wrong e-mail, password or code and a disabled account answer
 * alike, after the same hashing work.
 */
export function createStaffLogin(db: Db, now: () => Date, sessions: StaffSessions) {
  const throttle = createLoginThrottle(now);

  /** One more failure of the account; the lock when it is the tenth in a row. */
  async function countFailure(id: number): Promise<Date | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(staff)
        .set({ failedLogins: sql`${staff.failedLogins} + 1` })
        .where(eq(staff.id, id))
        .returning({ failedLogins: staff.failedLogins });
      if (!row || row.failedLogins < STAFF_LOCK_AFTER) return null;
      const until = new Date(now().getTime() + STAFF_LOCK_MS);
      await tx.update(staff).set({ failedLogins: 0, lockedUntil: until }).where(eq(staff.id, id));
      await recordAudit(tx, {
        actor: { kind: 'staff', staffId: id },
        action: 'staff.lock',
        entity: 'staff',
        entityId: id,
        before: { lockedUntil: null },
        after: { lockedUntil: until },
      });
      return until;
    });
  }

  /** A lock whose time is over is lifted (and audited) at the next attempt; true while it still holds. */
  async function stillLocked(id: number, lockedUntil: Date | null): Promise<boolean> {
    if (lockedUntil === null) return false;
    if (lockedUntil > now()) return true;
    await db.transaction(async (tx) => {
      await tx.update(staff).set({ lockedUntil: null }).where(eq(staff.id, id));
      await recordAudit(tx, {
        actor: { kind: 'staff', staffId: id },
        action: 'staff.unlock',
        entity: 'staff',
        entityId: id,
        before: { lockedUntil },
        after: { lockedUntil: null },
      });
    });
    return false;
  }

  return async function login(
    input: StaffLoginRequest,
    client: StaffClient,
  ): Promise<NewStaffSession & { account: StaffAccount }> {
    const data = parseStaffInput(staffLoginRequest, input);
    const clientKey = client.ip ?? '';
    const waitUntil = throttle.begin(data.email, clientKey);
    if (waitUntil) throw throttled(waitUntil);
    const [row] = await db
      .select({
        ...staffAccountColumns,
        passwordHash: staff.passwordHash,
        totpSecret: staff.totpSecret,
        lockedUntil: staff.lockedUntil,
      })
      .from(staff)
      .where(eq(staff.email, data.email));
    const failed = async (id?: number) => {
      const until = throttle.failed(data.email, clientKey);
      const lockedUntil = id === undefined ? null : await countFailure(id);
      if (lockedUntil) throw accountLocked(lockedUntil);
      if (until) throw throttled(until);
      return wrongLogin();
    };
    if (!row) {
      await spendPasswordTime(data.password);
      throw await failed();
    }
    if (await stillLocked(row.id, row.lockedUntil)) {
      await spendPasswordTime(data.password);
      throw accountLocked(row.lockedUntil!);
    }
    const passwordRight = await verifyPassword(data.password, row.passwordHash);
    const step =
      row.totpSecret && data.code !== undefined ? totpStep(row.totpSecret, data.code, now()) : null;
    const codeRight = row.totpSecret === null || (step !== null && (await takeTotpStep(db, row.id, step)));
    if (!passwordRight || !codeRight) throw await failed(row.id);
    // A disabled account is told nothing more than a wrong password, and counts nothing against itself.
    if (row.disabledAt !== null) throw wrongLogin();
    throttle.succeeded(data.email, clientKey);
    const { passwordHash: _hash, totpSecret: _secret, lockedUntil: _lock, ...account } = row;
    return db.transaction(async (tx) => {
      const at = now();
      await tx.update(staff).set({ failedLogins: 0, lastLoginAt: at }).where(eq(staff.id, row.id));
      const session = await sessions.start(tx, row.id, client);
      return { ...session, account: { ...account, lastLoginAt: at } };
    });
  };
}
