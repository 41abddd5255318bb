import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/** Runs a raw query through Drizzle on either driver; both answer with `{ rows }`. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();
/** Statement names by query text; bounded, as the texts of a hot query are few (one per shape). */
const names = new Map<string, string>();

/**
 * Runs a hot raw query as a named prepared statement: on PostgreSQL each connection parses and plans it
 * once and then only binds and executes (planning the add-to-cart statement cost PostgreSQL 1.1 of its
 * 1.5 ms). The name is `label` plus a hash of the text, so one name never stands for two texts (a query
 * whose text depends on its arguments gets one statement per shape). PGlite ignores the name. Behind a
 * connection pooler in transaction mode, the pooler must support protocol-level prepared statements
 * (PgBouncer 1.21 and later).
 */
export async function preparedRows<T>(db: Db, label: string, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  let name = names.get(built.sql);
  if (!name) {
    name = `${label}_${createHash('sha1').update(built.sql).digest('base64url').slice(0, 12)}`;
    if (names.size >= 500) names.clear();
    names.set(built.sql, name);
  }
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}
