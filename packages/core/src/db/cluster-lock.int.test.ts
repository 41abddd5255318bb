import { openTestDatabase } from '@vitrin/testing/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { withClusterLock } from './cluster-lock.ts';

/** Work one node at a time does for the shop: the others skip their round. */
let t: Awaited<ReturnType<typeof openTestDatabase>>;
/** A second node's handle: its own pool on PostgreSQL; the same database on the embedded one (one process). */
let other: Database;
beforeAll(async () => {
  t = await openTestDatabase();
  other = t.url ? await openDatabase({ databaseUrl: t.url, poolSize: 2 }) : t.database;
});
afterAll(async () => {
  if (other !== t.database) await other.close();
  await t.dispose();
});

describe('withClusterLock', () => {
  it('lets one holder run at a time: the other skips while it runs, and runs once it is done', async () => {
    let release!: () => void;
    const holding = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const first = withClusterLock(t.database, 'purge:test', async () => {
      entered();
      await holding;
      return 'first';
    });
    await inside;
    expect(await withClusterLock(other, 'purge:test', async () => 'second')).toEqual({ ran: false });
    // Another name is another lock.
    expect(await withClusterLock(other, 'purge:else', async () => 'else')).toEqual({
      ran: true,
      value: 'else',
    });
    release();
    expect(await first).toEqual({ ran: true, value: 'first' });
    expect(await withClusterLock(other, 'purge:test', async () => 'second')).toEqual({
      ran: true,
      value: 'second',
    });
  });

  it('lets the work use the shared handle while it holds the lock, and frees the lock when the work fails', async () => {
    const answer = await withClusterLock(t.database, 'purge:query', async () =>
      t.database.query<{ one: number }>('select 1 as one'),
    );
    expect(answer).toEqual({ ran: true, value: [{ one: 1 }] });
    await expect(
      withClusterLock(t.database, 'purge:fails', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await withClusterLock(other, 'purge:fails', async () => 'again')).toEqual({
      ran: true,
      value: 'again',
    });
  });
});
