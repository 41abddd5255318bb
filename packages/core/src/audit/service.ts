import { type AuditQuery, auditQuery } from '@vitrin/shared/api/admin/audit';
import type { Db } from '../db/client.ts';
import { parseStaffInput } from '../staff/errors.ts';
import { auditEntities, auditPage } from './query.ts';
import { type AuditEntry, recordAudit } from './record.ts';

/** The audit log: reading it (owners, `audit.read`) and writing an entry outside another change's transaction. */
export function createAuditLog(db: Db) {
  return {
    page: (query: AuditQuery) => auditPage(db, parseStaffInput(auditQuery, query)),
    entities: () => auditEntities(db),
    /**
     * One entry in a transaction of its own: for a change made by a service that keeps its transaction to
     * itself (the CLI's settings and order commands); a change of our own writes with `recordAudit(tx, …)`.
     */
    record: (entry: AuditEntry) => db.transaction((tx) => recordAudit(tx, entry)),
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
