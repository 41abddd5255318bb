import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Work that one app node at a time does for the whole shop (the hourly purges of files, the making of one
 * image variant), behind a lock named for it: a node that does not get the lock skips it (`{ ran: false }`),
 * it never waits, so no node's timer or request queues behind another's.
 *
 * - PostgreSQL: a transaction holds `pg_try_advisory_xact_lock` of a 64-bit hash of the name while `fn` runs
 *   (`fn` uses the shared handle as usual, on the pool's other connections). A node that dies mid-work loses
 *   its connection and with it the lock: nothing to clean up, no lease to time out.
 * - The embedded database: only one process can open it (`lock.ts`), so the lock is this process's own, per
 *   database. No transaction is opened, as `fn`'s queries on the shared handle would wait for ever behind one
 *   on PGlite's single connection.
 *
 * The one-`bigint` advisory keys are apart from the two-`int` ones the checkout takes, so a hash never meets a
 * coupon's lock.
 */
export type ClusterLockResult<T> = { ran: true; value: T } | { ran: false };

const heldInProcess = new WeakMap<Database, Set<string>>();

/** The advisory key of `name`: 63 bits of its hash (a positive `bigint`), as text for the driver. */
export function clusterLockKey(name: string): string {
  const digest = createHash('sha256').update(`vitrin:${name}`).digest();
  return (digest.readBigUInt64BE(0) >> 1n).toString();
}

export async function withClusterLock<T>(
  database: Database,
  name: string,
  fn: () => Promise<T>,
): Promise<ClusterLockResult<T>> {
  let held = heldInProcess.get(database);
  if (!held) {
    held = new Set();
    heldInProcess.set(database, held);
  }
  // In the process first, on both databases: two callers here share one pool, and asking PostgreSQL for
  // both would hold two connections for one answer.
  if (held.has(name)) return { ran: false };
  held.add(name);
  try {
    if (database.kind === 'pglite') return { ran: true, value: await fn() };
    let result: ClusterLockResult<T> = { ran: false };
    try {
      await database.db.transaction(async (tx) => {
        const answer = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(${clusterLockKey(name)}::bigint) as locked`,
        )) as unknown as { rows: Array<{ locked: boolean }> };
        if (!answer.rows[0]?.locked) return;
        result = { ran: true, value: await fn() };
      });
    } catch (err) {
      // The work was done and only the end of the lock's transaction failed (the server went away): the
      // lock went with the connection, and the work's result stands.
      if (!result.ran) throw err;
    }
    return result;
  } finally {
    held.delete(name);
  }
}
