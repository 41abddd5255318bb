import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { openTestDatabase } from '@vitrin/testing/database';
import { seedTestShop, type TestShop } from '@vitrin/testing/shop';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/pg-cluster.mjs';
import {
  type AppNode,
  checkout,
  guestCart,
  launchNode,
  requireClusterSetup,
  root,
  startNode,
  stopNode,
  untilReady,
} from '../../test/cluster.ts';
import { tempDir } from '../../test/server.ts';
import { NOT_READY_REASON, READINESS_STATUS } from './readiness.ts';

const NODE_PORTS: [number, number] = [18545, 18552];
/** The key `packages/core/src/db/client.ts` serialises migrations with. */
const MIGRATION_LOCK_KEY = 7_310_442;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, attempt: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const result = await attempt().catch(() => undefined);
    if (result !== undefined) return result;
    await pause(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const readyz = async (node: AppNode) => {
  const res = await fetch(`${node.url}/readyz`);
  return { status: res.status, body: await res.json(), cacheControl: res.headers.get('cache-control') };
};
/** Whether anything listens on the node's port. */
const listening = (node: AppNode) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(new URL(node.url).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
const exited = (node: AppNode) =>
  new Promise<number | null>((resolve) => {
    if (node.child.exitCode !== null) return resolve(node.child.exitCode);
    node.child.once('exit', (code) => resolve(code));
  });

describe('a node starting on an empty PostgreSQL database beside another', () => {
  const dirs = [tempDir(), tempDir()];
  const name = `vitrin_start_${randomBytes(6).toString('hex')}`;
  let url: string;
  let admin: pg.Client;
  const nodes: AppNode[] = [];

  beforeAll(async () => {
    const serverUrl = requireClusterSetup();
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const at = new URL(serverUrl);
    at.pathname = `/${name}`;
    url = at.toString();
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => stopNode(node, 'SIGKILL')));
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
    for (const dir of dirs) dir.remove();
  });

  it('answers /readyz 503 "migrations" while another holds the migrations, then both start, migrated once', async () => {
    // The test holds the lock the migrations take, as a node migrating a big change would.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      // Two ports taken before either node listens on its own. The second node has one connection only:
      // the one holding the lock migrates.
      const first = await freePort(...NODE_PORTS);
      const second = await until('another free port', async () => {
        const port = await freePort(...NODE_PORTS);
        return port === first ? undefined : port;
      });
      nodes.push(await launchNode(url, dirs[0]!.dir, NODE_PORTS, {}, 'sources', first));
      nodes.push(await launchNode(url, dirs[1]!.dir, NODE_PORTS, { DB_POOL_SIZE: '1' }, 'sources', second));
      for (const node of nodes) {
        const starting = await until('a starting answer', async () => {
          const answer = await readyz(node);
          return answer.status === 503 ? answer : undefined;
        });
        expect(starting.body).toEqual({
          status: READINESS_STATUS.Starting,
          database: 'postgres',
          reason: NOT_READY_REASON.Migrations,
        });
        expect(starting.cacheControl).toBe('no-store');
        // Alive meanwhile, and a shopper is told to come back.
        expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
        const page = await fetch(`${node.url}/`);
        expect(page.status).toBe(503);
        expect(page.headers.get('retry-after')).not.toBeNull();
      }
    } finally {
      await holder.end();
    }
    // Both started at once on the empty database: one migrated it, the other found it migrated.
    for (const node of nodes) await untilReady(node);
    const journal = JSON.parse(
      readFileSync(path.join(root, 'packages/core/src/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const shopDb = new pg.Client({ connectionString: url });
    await shopDb.connect();
    try {
      const applied = await shopDb.query(
        'select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations',
      );
      expect(applied.rows).toEqual([{ n: journal.entries.length, hashes: journal.entries.length }]);
    } finally {
      await shopDb.end();
    }
  });
});

describe('a node told to stop (SIGTERM) behind a balancer', () => {
  const dir = tempDir();
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let shop: TestShop;
  let locker: pg.Client;

  beforeAll(async () => {
    requireClusterSetup();
    db = await openTestDatabase();
    shop = await seedTestShop(db.database.db);
    locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end();
    await db?.dispose();
    dir.remove();
  });

  /** Holds the product's row, so an order of it waits inside its transaction until `release`. */
  const holdProduct = async (id: number) => {
    await locker.query('begin');
    await locker.query('select id from products where id = $1 for update', [id]);
    return () => locker.query('rollback');
  };
  /** Whether an order's statement waits on the held row (the activity view shows its first kilobyte). */
  const orderWaits = async () =>
    (
      await db.database.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and query ilike '%insert into "orders"%'`,
      )
    )[0]!.n === 1
      ? true
      : undefined;
  const ordersNamed = async (orderNo: string) =>
    (await locker.query('select count(*)::int as n from orders where order_no = $1', [orderNo])).rows[0]
      .n as number;

  it('answers /readyz 503 "search-index" until its catalogue index is built, then 200', async () => {
    // The test holds the tables the index is built from (the products' rows, or the snapshot of it).
    await locker.query('begin');
    await locker.query(
      'lock table products, catalogue_snapshots, catalogue_snapshot_chunks in access exclusive mode',
    );
    let node: AppNode | undefined;
    try {
      node = await launchNode(db.url!, dir.dir, NODE_PORTS);
      const starting = await until('a starting answer', async () => {
        const answer = await readyz(node!);
        return answer.body.reason === NOT_READY_REASON.SearchIndex ? answer : undefined;
      });
      expect(starting.status).toBe(503);
      expect(starting.body).toEqual({
        status: READINESS_STATUS.Starting,
        database: 'postgres',
        reason: NOT_READY_REASON.SearchIndex,
      });
    } finally {
      await locker.query('rollback');
    }
    try {
      await untilReady(node);
      expect((await readyz(node)).body).toEqual({ status: READINESS_STATUS.Ready, database: 'postgres' });
    } finally {
      await stopNode(node, 'SIGKILL');
    }
  });

  it('turns unready at once, keeps serving through the drain, stops listening, then finishes the request in flight and exits 0', async () => {
    const node = await startNode(db.url!, dir.dir, NODE_PORTS, { SHUTDOWN_DRAIN_MS: '2000' });
    try {
      expect((await readyz(node)).body).toEqual({ status: READINESS_STATUS.Ready, database: 'postgres' });
      const cookie = await guestCart(node, shop.kupa, 1);
      const release = await holdProduct(shop.kupa);
      const inFlight = checkout(node, cookie, randomUUID());
      await until('the order to wait on the held row', orderWaits);
      const stopped = exited(node);
      node.child.kill('SIGTERM');

      const stopping = await until('a stopping answer', async () => {
        const answer = await readyz(node);
        return answer.status === 503 ? answer : undefined;
      });
      expect(stopping.body).toEqual({
        status: READINESS_STATUS.Stopping,
        database: 'postgres',
        reason: NOT_READY_REASON.Shutdown,
      });
      // Through the drain the node still answers, each answer closing its connection.
      const during = await fetch(`${node.url}/api/front/products/kupa`);
      expect(during.status).toBe(200);
      expect(during.headers.get('connection')).toBe('close');
      expect((await fetch(`${node.url}/healthz`)).status).toBe(200);

      // Then it takes no connection any more, with the order still waiting inside.
      await until('the port to close', async () => ((await listening(node)) ? undefined : true));
      expect(node.child.exitCode).toBeNull();
      await release();
      const placed = await inFlight;
      expect(placed.status).toBe(201);
      expect(await ordersNamed(((await placed.json()) as { orderNo: string }).orderNo)).toBe(1);
      expect(await stopped, node.output.join('')).toBe(0);
    } finally {
      await stopNode(node, 'SIGKILL');
    }
  });

  it('exits at once on a second signal, without waiting for the requests in flight', async () => {
    const node = await startNode(db.url!, dir.dir, NODE_PORTS, { SHUTDOWN_DRAIN_MS: '60000' });
    const cookie = await guestCart(node, shop.kupa, 1);
    const release = await holdProduct(shop.kupa);
    try {
      const inFlight = checkout(node, cookie, randomUUID()).catch(() => null);
      await until('the order to wait on the held row', orderWaits);
      const stopped = exited(node);
      node.child.kill('SIGTERM');
      await until('a stopping answer', async () => ((await readyz(node)).status === 503 ? true : undefined));
      node.child.kill('SIGTERM');
      expect(await stopped, node.output.join('')).toBe(1);
      expect(await inFlight).toBeNull();
    } finally {
      await release();
      await stopNode(node, 'SIGKILL');
    }
  });
});
