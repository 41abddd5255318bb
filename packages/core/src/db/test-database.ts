import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from './client.ts';

/**
 * For tests: an embedded database in memory, or, when TEST_DATABASE_URL names a PostgreSQL server
 * (`npm run test:pg`), a fresh database of its own on that server, dropped by `dispose`.
 */
export async function openTestDatabase(): Promise<{
  database: Database;
  /** The fresh database's URL on PostgreSQL (for other processes); undefined for the embedded one. */
  url?: string;
  dispose(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ memory: true });
    await database.migrate();
    return { database, dispose: () => database.close() };
  }
  const name = `vitrin_test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async dispose() {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
