import { openTestDatabase } from '@vitrin/testing/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { connectCacheBus, createServices } from './services.ts';

async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe('cache bus between app nodes', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase({ demo: true }));
  });
  afterAll(() => dispose());

  it('drops the other node’s cached home data when one node changes a setting', async () => {
    const nodeA = createServices(database);
    const nodeB = createServices(database);
    await connectCacheBus(nodeA);
    await connectCacheBus(nodeB);
    const before = (await nodeB.home.data()).global_setting.brand_name;
    await nodeA.settings.set('brand_name', `${before} Yeni`);
    const seen = await eventually(
      async () => (await nodeB.home.data()).global_setting.brand_name === `${before} Yeni`,
    );
    expect(seen).toBe(true);
  });
});
