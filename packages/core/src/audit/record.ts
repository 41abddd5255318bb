import { auditLog } from '../db/schema.ts';
import type { Tx } from '../orders/stock.ts';

/** Who made a change: a staff member in the panel, or the operator at the command line. */
export type AuditActor = { kind: 'staff'; staffId: number } | { kind: 'cli' };

export type AuditFields = Record<string, unknown>;

export interface AuditEntry {
  actor: AuditActor;
  /** What was done, `<entity>.<verb>`: `staff.update`, `settings.set`, `order.status`. */
  action: string;
  /** The kind of record, the log's filter: `staff`, `settings`, `order`. */
  entity: string;
  entityId?: string | number | null;
  /** The record before the change (null: it did not exist). Only the fields that differ are kept. */
  before?: AuditFields | null;
  after?: AuditFields | null;
}

/** A value as JSON keeps it: a Date becomes its ISO string, so before and after compare as stored. */
const jsonValue = (value: unknown): unknown =>
  value instanceof Date ? value.toISOString() : value === undefined ? null : value;

/** The fields of `before` and `after` whose values differ; a side that is null stays null. */
export function changedFields(
  before: AuditFields | null | undefined,
  after: AuditFields | null | undefined,
): { before: AuditFields | null; after: AuditFields | null } {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const was: AuditFields = {};
  const is: AuditFields = {};
  for (const key of keys) {
    const from = jsonValue(before?.[key]);
    const to = jsonValue(after?.[key]);
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    if (before) was[key] = from;
    if (after) is[key] = to;
  }
  return { before: before ? was : null, after: after ? is : null };
}

/**
 * Writes one entry of the audit log in the transaction of the change it records, so the log has the change
 * exactly when the shop does. Only changed fields are kept; a change that changed nothing writes nothing
 * (false). An event without fields (a lock, sessions ended) gives neither `before` nor `after`.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<boolean> {
  const event = entry.before === undefined && entry.after === undefined;
  const { before, after } = changedFields(entry.before, entry.after);
  if (!event && Object.keys(before ?? {}).length === 0 && Object.keys(after ?? {}).length === 0) return false;
  await tx.insert(auditLog).values({
    actorKind: entry.actor.kind,
    staffId: entry.actor.kind === 'staff' ? entry.actor.staffId : null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: event ? null : before,
    after: event ? null : after,
  });
  return true;
}
