import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema.ts';

/**
 * What the outside-service jobs keep between rounds (a service's health, a channel's cursor or back-off), as
 * rows of the `settings` table under keys the settings registry does not know (as the nightly backup's last
 * result is): every node reads and writes the same rows.
 */
export async function writeState(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

export async function readState(db: Db, key: string): Promise<string | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row?.value ?? null;
}
