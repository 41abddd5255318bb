import { openTestDatabase } from '@vitrin/testing/database';
import { eventually } from '@vitrin/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { connectCacheBus, createServices } from '../services.ts';

describe('social accounts changed on one app node', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase({ demo: false }));
  });
  afterAll(() => dispose());

  it('reach the footer data another node has cached: added, renamed, reordered, removed', async () => {
    const nodeA = createServices(database);
    const nodeB = createServices(database);
    await connectCacheBus(nodeA);
    await connectCacheBus(nodeB);
    const admin = nodeA.navigation.socialAccountAdmin;
    const cli = { kind: 'cli' } as const;
    const footer = async () => (await nodeB.home.data()).social_accounts.map((a) => a.label).join(',');
    const was = await footer(); // cached on node B now
    const x = await admin.create(cli, { platform: 'x', label: 'X', url: 'https://x.com/atolye' });
    expect(await eventually(async () => (await footer()) === [was, 'X'].filter(Boolean).join(','))).toBe(
      true,
    );
    await admin.update(cli, x.id, { platform: 'x', label: 'X (Twitter)', url: 'https://x.com/atolye' });
    expect(await eventually(async () => (await footer()).endsWith('X (Twitter)'))).toBe(true);
    const ids = (await admin.list()).map((a) => a.id);
    await admin.reorder(cli, { ids: [x.id, ...ids.filter((id) => id !== x.id)] });
    expect(await eventually(async () => (await footer()).startsWith('X (Twitter)'))).toBe(true);
    await admin.remove(cli, x.id);
    expect(await eventually(async () => (await footer()) === was)).toBe(true);
  });
});
