import type { StaffPasswordData, TotpConfirmData, TotpSetupAnswer } from '@vitrin/shared/api/admin/session';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record.ts';
import { hashPassword, verifyPassword } from '../customers/passwords.ts';
import type { Db } from '../db/client.ts';
import { staff } from '../db/schema.ts';
import type { Tx } from '../orders/stock.ts';
import { createStaffAccounts, type StaffAccount, staffAccountColumns } from './accounts.ts';
import { staffError, staffNotFound, wrongTotpCode } from './errors.ts';
import { createStaffLogin, createStaffLoginGuard, takeTotpStep } from './login.ts';
import { createStaffSessions } from './sessions.ts';
import { newTotpSecret, otpauthUri, totpStep } from './totp.ts';

export interface StaffServiceOptions {
  /** The clock; injected by tests of locks and expiries. */
  now?: () => Date;
}

/**
 * Staff of the owner's panel: accounts and roles, the login with its throttle and lock, sessions, two-step
 * verification, the staff member's own password. Refusals are domain errors with their HTTP status.
 */
export function createStaffService(db: Db, options: StaffServiceOptions = {}) {
  const now = options.now ?? (() => new Date());
  const sessions = createStaffSessions(db, now);
  const guard = createStaffLoginGuard(db, now);
  /** Ends the member's sessions (but `keepToken`'s) and forgets every browser they logged in from. */
  const revokeAll = async (tx: Tx, staffId: number, keepToken?: string) => {
    await guard.revoke(tx, staffId);
    return sessions.revokeAll(tx, staffId, keepToken);
  };
  const accounts = createStaffAccounts(db, now, revokeAll);
  const login = createStaffLogin(db, now, sessions, guard);

  async function secretsOf(id: number) {
    const [row] = await db
      .select({ ...staffAccountColumns, passwordHash: staff.passwordHash, pending: staff.totpPendingSecret })
      .from(staff)
      .where(eq(staff.id, id));
    if (!row) throw staffNotFound();
    return row;
  }

  return {
    ...accounts,
    login,
    /** The staff member behind a session token, or null (unknown, idle, too old, revoked, disabled). */
    session: sessions.find,
    logout: sessions.revoke,

    /** A new pending secret for the caller; the one in use (if any) stays until the new one is confirmed. */
    async beginTotp(account: StaffAccount): Promise<TotpSetupAnswer> {
      const secret = newTotpSecret();
      await db.update(staff).set({ totpPendingSecret: secret }).where(eq(staff.id, account.id));
      return { secret, otpauthUri: otpauthUri(secret, account.email) };
    },

    /** The first right code of the pending secret makes it the account's. */
    async confirmTotp(account: StaffAccount, { code }: TotpConfirmData): Promise<StaffAccount> {
      const { pending } = await secretsOf(account.id);
      if (!pending) {
        throw staffError(
          'TOTP_KURULUMU_BASLATILMADI',
          'Önce iki adımlı doğrulama kurulumunu başlatın; karekodu yeniden isteyin.',
        );
      }
      const at = now();
      const step = totpStep(pending, code, at);
      return db.transaction(async (tx) => {
        if (step === null || !(await takeTotpStep(tx, account.id, step))) throw wrongTotpCode();
        const [row] = await tx
          .update(staff)
          .set({ totpSecret: pending, totpPendingSecret: null, totpConfirmedAt: at })
          .where(eq(staff.id, account.id))
          .returning(staffAccountColumns);
        await recordAudit(tx, {
          actor: { kind: 'staff', staffId: account.id },
          action: 'staff.totp.enable',
          entity: 'staff',
          entityId: account.id,
          before: { totpEnabled: account.totpConfirmedAt !== null },
          after: { totpEnabled: true },
        });
        return row!;
      });
    },

    /** The caller's new password; their other sessions end (the one in use stays) and their device cookies stop vouching. */
    async changePassword(account: StaffAccount, data: StaffPasswordData, token: string): Promise<void> {
      const { passwordHash } = await secretsOf(account.id);
      if (!(await verifyPassword(data.currentPassword, passwordHash))) {
        throw staffError('SIFRE_HATALI', 'Girdiğiniz şifre hatalı.', {
          currentPassword: 'Mevcut şifreniz hatalı',
        });
      }
      const newHash = await hashPassword(data.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(staff).set({ passwordHash: newHash }).where(eq(staff.id, account.id));
        await revokeAll(tx, account.id, token);
        await recordAudit(tx, {
          actor: { kind: 'staff', staffId: account.id },
          action: 'staff.password.change',
          entity: 'staff',
          entityId: account.id,
        });
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
