import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Database, openDatabase } from '@vitrin/core/db/client';
import { seedDemo } from '@vitrin/core/demo/seed';
import pg from 'pg';

/**
 * Names the directory where the integration suite's global setup (`images.ts`) left images of a migrated
 * and of a demo-seeded embedded database. Opening a copy of one takes a third of the time of an empty start
 * plus migrations and seed.
 */
export const TEST_IMAGES_ENV = 'VITRIN_TEST_DB_IMAGES';
export type TestImage = 'migrated' | 'demo';
export const testImageFile = (dir: string, image: TestImage) => path.join(dir, `${image}.tar`);

const images = new Map<TestImage, Blob>();
function readImage(image: TestImage): Blob | undefined {
  const dir = process.env[TEST_IMAGES_ENV];
  if (!dir) return undefined;
  let blob = images.get(image);
  if (!blob) {
    blob = new Blob([readFileSync(testImageFile(dir, image))]);
    images.set(image, blob);
  }
  return blob;
}

/**
 * For tests: an embedded database in memory, or, when TEST_DATABASE_URL names a PostgreSQL server
 * (`npm run test:pg`), a fresh database of its own on that server, dropped by `dispose`. Migrated, and with
 * `demo` seeded with the demo shop.
 */
export async function openTestDatabase({ demo = false }: { demo?: boolean } = {}): Promise<{
  database: Database;
  /** The fresh database's URL on PostgreSQL (for other processes); undefined for the embedded one. */
  url?: string;
  dispose(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const image = readImage(demo ? 'demo' : 'migrated');
    const database = await openDatabase({ memory: true, image });
    if (!image) await prepare(database, demo);
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
  await prepare(database, demo);
  return {
    database,
    url: url.toString(),
    async dispose() {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

async function prepare(database: Database, demo: boolean) {
  await database.migrate();
  if (demo) await seedDemo(database.db);
}
