// Global setup of the integration suite: makes the database images `openTestDatabase` copies (embedded only).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@vitrin/core/db/client';
import { seedDemo } from '@vitrin/core/demo/seed';
import { TEST_IMAGES_ENV, type TestImage, testImageFile } from './database.ts';

export async function setup() {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-test-images-'));
  const database = await openDatabase({ memory: true });
  const save = async (image: TestImage) => {
    const blob = await database.snapshot!();
    writeFileSync(testImageFile(dir, image), Buffer.from(await blob.arrayBuffer()));
  };
  try {
    await database.migrate();
    await save('migrated');
    await seedDemo(database.db);
    await save('demo');
  } finally {
    await database.close();
  }
  process.env[TEST_IMAGES_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
