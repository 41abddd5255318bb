import {
  AUDIT_PER_PAGE,
  type AuditFilter,
  type AuditItem,
  type AuditPage,
} from '@vitrin/shared/api/admin/audit';
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog, staff } from '../db/schema.ts';

export const DAY_MS = 24 * 60 * 60_000;
/** The start of a shop day (`2026-11-26`): Turkey keeps UTC+3 all year. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00+03:00`);

function conditions(filter: AuditFilter): SQL | undefined {
  return and(
    filter.staffId !== undefined ? eq(auditLog.staffId, filter.staffId) : undefined,
    filter.entity !== undefined ? eq(auditLog.entity, filter.entity) : undefined,
    filter.from !== undefined ? gte(auditLog.at, dayStart(filter.from)) : undefined,
    // `to` is a whole day: everything before the next day's start.
    filter.to !== undefined ? lt(auditLog.at, new Date(dayStart(filter.to).getTime() + DAY_MS)) : undefined,
  );
}

/** The audit log, newest first, filtered by staff member, entity and days; a page of `AUDIT_PER_PAGE`. */
export async function auditPage(db: Db, filter: AuditFilter): Promise<AuditPage> {
  const where = conditions(filter);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditLog).where(where);
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_PER_PAGE));
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorKind: auditLog.actorKind,
      staffId: auditLog.staffId,
      email: staff.email,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PER_PAGE)
    .offset((filter.page - 1) * AUDIT_PER_PAGE);
  const items = rows.map(
    (row): AuditItem => ({
      id: row.id,
      at: row.at.toISOString(),
      actor:
        row.actorKind === 'staff' && row.staffId !== null
          ? { kind: 'staff', staffId: row.staffId, ...(row.email ? { email: row.email } : {}) }
          : { kind: 'cli' },
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      before: row.before ?? null,
      after: row.after ?? null,
    }),
  );
  return { items, page: filter.page, pageCount, total };
}

/** The entity names the log holds, for the filter's choices. */
export async function auditEntities(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ entity: auditLog.entity })
    .from(auditLog)
    .orderBy(asc(auditLog.entity));
  return rows.map((row) => row.entity);
}
