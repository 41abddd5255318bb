import { and, eq, gt, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import { hashToken, isTokenShaped, newToken } from '../customers/tokens.ts';
import type { Db } from '../db/client.ts';
import { staff, staffSessions } from '../db/schema.ts';
import type { Tx } from '../orders/stock.ts';
import { type StaffAccount, staffAccountColumns } from './accounts.ts';

/** A staff session ends after 30 minutes without use, and 12 hours after the login whatever happens. */
export const STAFF_IDLE_MS = 30 * 60_000;
export const STAFF_SESSION_MAX_MS = 12 * 60 * 60_000;
/** Use is written at most once a minute: one write a minute, not one per request. */
const SEEN_EVERY_MS = 60_000;

export interface StaffClient {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export interface NewStaffSession {
  /** Shown this once; the database keeps its SHA-256. */
  token: string;
  expiresAt: Date;
}

export function createStaffSessions(db: Db, now: () => Date) {
  return {
    async start(tx: Tx, staffId: number, client: StaffClient): Promise<NewStaffSession> {
      const at = now();
      const token = newToken();
      const expiresAt = new Date(at.getTime() + STAFF_SESSION_MAX_MS);
      await tx.insert(staffSessions).values({
        staffId,
        tokenHash: hashToken(token),
        createdAt: at,
        lastSeenAt: at,
        expiresAt,
        ip: client.ip?.slice(0, 100) ?? null,
        userAgent: client.userAgent?.slice(0, 300) ?? null,
      });
      // Ended sessions go when their owner logs in again, so the table does not keep them forever.
      await tx
        .delete(staffSessions)
        .where(
          and(
            eq(staffSessions.staffId, staffId),
            or(
              isNotNull(staffSessions.revokedAt),
              lte(staffSessions.expiresAt, at),
              lte(staffSessions.lastSeenAt, new Date(at.getTime() - STAFF_IDLE_MS)),
            ),
          ),
        );
      return { token, expiresAt };
    },

    /** The active, enabled staff member behind a token, its use recorded; null for anything else. */
    async find(token: unknown): Promise<StaffAccount | null> {
      if (!isTokenShaped(token)) return null;
      const at = now();
      const [row] = await db
        .select({ ...staffAccountColumns, sessionId: staffSessions.id, lastSeenAt: staffSessions.lastSeenAt })
        .from(staffSessions)
        .innerJoin(staff, eq(staff.id, staffSessions.staffId))
        .where(
          and(
            eq(staffSessions.tokenHash, hashToken(token)),
            isNull(staffSessions.revokedAt),
            gt(staffSessions.expiresAt, at),
            gt(staffSessions.lastSeenAt, new Date(at.getTime() - STAFF_IDLE_MS)),
            isNull(staff.disabledAt),
          ),
        );
      if (!row) return null;
      if (at.getTime() - row.lastSeenAt.getTime() >= SEEN_EVERY_MS) {
        await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, row.sessionId));
      }
      const { sessionId: _id, lastSeenAt: _seen, ...account } = row;
      return account;
    },

    async revoke(token: unknown): Promise<void> {
      if (!isTokenShaped(token)) return;
      await db
        .update(staffSessions)
        .set({ revokedAt: now() })
        .where(and(eq(staffSessions.tokenHash, hashToken(token)), isNull(staffSessions.revokedAt)));
    },

    /** Ends every session of a staff member, but the one of `keepToken` if given; returns how many. */
    async revokeAll(tx: Tx, staffId: number, keepToken?: string): Promise<number> {
      const ended = await tx
        .update(staffSessions)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(staffSessions.staffId, staffId),
            isNull(staffSessions.revokedAt),
            keepToken ? ne(staffSessions.tokenHash, hashToken(keepToken)) : undefined,
          ),
        )
        .returning({ id: staffSessions.id });
      return ended.length;
    },
  };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;
