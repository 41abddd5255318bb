import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServices, openDatabase, type Services, seedDemo } from '@vitrin/core';
import pg from 'pg';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';

/**
 * Integration tests run on the embedded database (in memory) by default, and on a real PostgreSQL server
 * when TEST_DATABASE_URL is set (`npm run test:pg`): each test file then gets a fresh database of its own.
 */
export async function createTestServices({
  demo = true,
} = {}): Promise<Services & { dispose(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const name = `vitrin_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const database = await openDatabase({ databaseUrl, memory: !databaseUrl, poolSize: 4 });
  await database.migrate();
  if (demo) await seedDemo(database.db);
  const services = createServices(database);
  return {
    ...services,
    async dispose() {
      await database.close();
      await dropDatabase();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), maintenanceBypassKey: 'test-bypass-key-0123456789', ...overrides };
}

export async function createTestApp(options: { config?: Partial<Config>; demo?: boolean } = {}) {
  const services = await createTestServices({ demo: options.demo ?? true });
  const app = await buildApp({ services, config: testConfig(options.config) });
  return {
    app,
    services,
    async close() {
      await app.close();
      await services.dispose();
    },
  };
}

export function tempDir(prefix = 'vitrin-test-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
