import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Runs a raw query through Drizzle on either driver; both answer with `{ rows }`. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
