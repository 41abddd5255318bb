import { type AuditQuery, auditQuery } from '@vitrin/shared/api/admin/audit';
import type { Db } from '../db/client.ts';
import { parseInput } from '../errors.ts';
import type { Tx } from '../orders/stock.ts';
import { auditEntities, auditPage } from './query.ts';
import { type AuditEntry, recordAudit } from './record.ts';

/** The audit log: reading it (owners, `audit.read`) and writing an entry outside another change's transaction. */
export function createAuditLog(db: Db) {
  return {
    page: (query: AuditQuery) => auditPage(db, parseInput(auditQuery, query)),
    entities: () => auditEntities(db),
    /**
     * One entry in a transaction of its own: for an event that changes nothing (a KVKK export handed out);
     * a change writes its entry with `recordAudit(tx, …)` in its own transaction.
     */
    record: (entry: AuditEntry) => db.transaction((tx) => recordAudit(tx, entry)),
    /**
     * Runs `work` and writes the entry `entryOf` makes of its result in the same transaction (none when it
     * answers null): for a change that is a function of a transaction rather than a service (the CLI's `seed`).
     */
    within: <T>(work: (tx: Tx) => Promise<T>, entryOf: (result: T) => AuditEntry | null) =>
      db.transaction(async (tx) => {
        const result = await work(tx);
        const entry = entryOf(result);
        if (entry) await recordAudit(tx, entry);
        return result;
      }),
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
