import { randomBytes } from 'node:crypto';
import type { StaffMe } from '@vitrin/shared/api/admin/session';
import { type StaffCreateRequest, type StaffRow, staffCreateRequest } from '@vitrin/shared/api/admin/staff';
import { permissionsOf, type StaffRole, totpRequiredFor } from '@vitrin/shared/staff/permissions';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { AuditActor } from '../audit/record.ts';
import { recordAudit } from '../audit/record.ts';
import { hashPassword } from '../customers/passwords.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { staff } from '../db/schema.ts';
import { parseInput } from '../errors.ts';
import type { Tx } from '../orders/stock.ts';
import { staffError, staffNotFound } from './errors.ts';
import { newTotpSecret, otpauthUri } from './totp.ts';

/** What the server knows of a logged-in staff member (no hash, no secret). */
export const staffAccountColumns = {
  id: staff.id,
  email: staff.email,
  name: staff.name,
  role: staff.role,
  totpConfirmedAt: staff.totpConfirmedAt,
  disabledAt: staff.disabledAt,
  lastLoginAt: staff.lastLoginAt,
  createdAt: staff.createdAt,
};

export interface StaffAccount {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  totpConfirmedAt: Date | null;
  disabledAt: Date | null;
  lastLoginAt: Date | null;
  createdAt: Date;
}

/** What both the panel's own view and the staff list show of a staff member. */
const basics = (account: StaffAccount) => ({
  id: account.id,
  email: account.email,
  name: account.name,
  role: account.role,
  totpEnabled: account.totpConfirmedAt !== null,
});

export const toStaffMe = (account: StaffAccount): StaffMe => ({
  ...basics(account),
  totpRequired: totpRequiredFor(account.role),
  permissions: permissionsOf(account.role),
});

export const toStaffRow = (account: StaffAccount): StaffRow => ({
  ...basics(account),
  disabled: account.disabledAt !== null,
  lastLoginAt: account.lastLoginAt?.toISOString() ?? null,
  createdAt: account.createdAt.toISOString(),
});

/** A session of this account may do only what sets up two-step verification. */
export const mustSetUpTotp = (account: StaffAccount) =>
  totpRequiredFor(account.role) && account.totpConfirmedAt === null;

/** 18 random bytes as base64url: 24 characters, 144 bits, no spaces to mistype. */
export const generatePassword = () => randomBytes(18).toString('base64url');

/** The fields of a staff member the audit log compares. */
const audited = (account: StaffAccount) => ({
  email: account.email,
  name: account.name,
  role: account.role,
  disabled: account.disabledAt !== null,
});

export interface CreatedStaff {
  staff: StaffRow;
  password: string;
  /** Set when the account was made with two-step verification ready (the CLI). */
  otpauthUri?: string;
}

export interface StaffUpdate {
  name?: string | undefined;
  role?: StaffRole | undefined;
  disabled?: boolean | undefined;
}

export function createStaffAccounts(
  db: Db,
  now: () => Date,
  revokeAll: (tx: Tx, staffId: number) => Promise<number>,
) {
  async function lockedAccount(tx: Tx, id: number): Promise<StaffAccount> {
    const [row] = await tx.select(staffAccountColumns).from(staff).where(eq(staff.id, id)).for('update');
    if (!row) throw staffNotFound();
    return row;
  }

  /** The enabled owners but `id`, locked, so two owners cannot demote each other at the same moment. */
  async function otherActiveOwners(tx: Tx, id: number): Promise<number> {
    const owners = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.role, 'owner'), isNull(staff.disabledAt), ne(staff.id, id)))
      .for('update');
    return owners.length;
  }

  return {
    async list(): Promise<StaffRow[]> {
      const rows = await db.select(staffAccountColumns).from(staff).orderBy(asc(staff.id));
      return rows.map(toStaffRow);
    },

    /**
     * A new staff member with a generated password (unless one is given). `withTotp` (the CLI) sets up
     * two-step verification at once and answers the `otpauth://` URI; from the panel the new member sets
     * it up at their first login.
     */
    async create(
      actor: AuditActor,
      input: StaffCreateRequest,
      options: { password?: string | undefined; withTotp?: boolean } = {},
    ): Promise<CreatedStaff> {
      const data = parseInput(staffCreateRequest, input);
      const password = options.password ?? generatePassword();
      const passwordHash = await hashPassword(password);
      const secret = options.withTotp ? newTotpSecret() : null;
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(staff)
            .values({
              email: data.email,
              name: data.name,
              role: data.role,
              passwordHash,
              totpSecret: secret,
              totpConfirmedAt: secret ? now() : null,
              createdAt: now(),
            })
            .returning(staffAccountColumns);
          const account = row!;
          await recordAudit(tx, {
            actor,
            action: 'staff.create',
            entity: 'staff',
            entityId: account.id,
            before: null,
            after: { ...audited(account), totpEnabled: secret !== null },
          });
          return {
            staff: toStaffRow(account),
            password,
            ...(secret ? { otpauthUri: otpauthUri(secret, account.email) } : {}),
          };
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw staffError('EPOSTA_KAYITLI', 'Bu e-posta adresiyle bir personel hesabı zaten var.', {
            email: 'Bu e-posta adresi zaten kayıtlı',
          });
        }
        throw err;
      }
    },

    /**
     * Renames, re-roles, disables or enables a staff member. The last enabled owner can be neither demoted
     * nor disabled (SON_SAHIP): the shop would have nobody left to manage staff. Disabling ends the sessions.
     */
    async update(actor: AuditActor, id: number, data: StaffUpdate): Promise<StaffRow> {
      return db.transaction(async (tx) => {
        const before = await lockedAccount(tx, id);
        const demoted = data.role !== undefined && data.role !== 'owner';
        const disabled = data.disabled === true && before.disabledAt === null;
        if (before.role === 'owner' && before.disabledAt === null && (demoted || disabled)) {
          if ((await otherActiveOwners(tx, id)) === 0) {
            throw staffError(
              'SON_SAHIP',
              'Mağazanın tek etkin sahibi bu hesap; önce başka bir sahip ekleyin.',
              demoted
                ? { role: 'Son sahibin rolü değiştirilemez' }
                : { disabled: 'Son sahip devre dışı bırakılamaz' },
            );
          }
        }
        const disabledAt =
          data.disabled === undefined
            ? before.disabledAt
            : data.disabled
              ? (before.disabledAt ?? now())
              : null;
        const [row] = await tx
          .update(staff)
          .set({ name: data.name ?? before.name, role: data.role ?? before.role, disabledAt })
          .where(eq(staff.id, id))
          .returning(staffAccountColumns);
        const after = row!;
        if (disabled) await revokeAll(tx, id);
        await recordAudit(tx, {
          actor,
          action: 'staff.update',
          entity: 'staff',
          entityId: id,
          before: audited(before),
          after: audited(after),
        });
        return toStaffRow(after);
      });
    },

    /** Ends every session of a staff member ("sign out everywhere"). */
    async revokeSessions(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockedAccount(tx, id);
        await revokeAll(tx, id);
        await recordAudit(tx, { actor, action: 'staff.sessions.revoke', entity: 'staff', entityId: id });
      });
    },
  };
}
