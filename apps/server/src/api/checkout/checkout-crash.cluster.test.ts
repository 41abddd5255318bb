import { randomUUID } from 'node:crypto';
import { cartItems, orderItems, orders, products } from '@vitrin/core/db/schema';
import { openTestDatabase } from '@vitrin/testing/database';
import { seedTestShop, type TestShop } from '@vitrin/testing/shop';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, guestCart, requireClusterSetup, startNode, stopNode } from '../../../test/cluster.ts';
import { tempDir } from '../../../test/server.ts';

async function until(condition: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 300; i++) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('an app node killed in the middle of placing an order', () => {
  const dir = tempDir();
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let shop: TestShop;
  let locker: pg.Client;
  /** A second connection to watch the others: inside the locker's transaction the activity view would not change. */
  let watcher: pg.Client;

  beforeAll(async () => {
    requireClusterSetup();
    db = await openTestDatabase();
    shop = await seedTestShop(db.database.db);
    locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
    watcher = new pg.Client({ connectionString: db.url });
    await watcher.connect();
  });

  afterAll(async () => {
    await locker?.end();
    await watcher?.end();
    await db?.dispose();
    dir.remove();
  });

  const stockOf = async (id: number) =>
    (await db.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]
      ?.stock;
  const orderCount = async () => (await db.database.db.select({ n: count() }).from(orders))[0]!.n;
  /** Backends of the app node (not the test's own connections) still inside a transaction or a query. */
  const busyBackends = async () =>
    (
      await watcher.query(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()
           and state in ('active', 'idle in transaction', 'idle in transaction (aborted)')`,
      )
    ).rows[0].n as number;

  /**
   * Whether the app node's order statement waits on a row lock. The activity view shows a statement's first
   * kilobyte: the order insert that opens it.
   */
  const orderStatementWaits = async () =>
    (
      await watcher.query(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and query ilike '%insert into "orders"%'`,
      )
    ).rows[0].n === 1;

  it('leaves no half order: no order row, no lines, stock and cart as they were; the retry places it once', async () => {
    const stockBefore = await stockOf(shop.kupa);
    let node = await startNode(db.url!, dir.dir);
    const cookie = await guestCart(node, shop.kupa, 2);
    const key = randomUUID();

    // The test holds the product row, so the order transaction stops at its stock update: inside the
    // statement that also writes the order row and its lines, before the commit. Then the node dies.
    await locker.query('begin');
    await locker.query('select id from products where id = $1 for update', [shop.kupa]);
    const pending = checkout(node, cookie, key).catch(() => null);
    await until(orderStatementWaits, 'the checkout to wait on the stock update');
    await stopNode(node, 'SIGKILL');
    expect(await pending).toBeNull(); // the shopper's request died with the node
    await locker.query('rollback');
    await until(async () => (await busyBackends()) === 0, 'PostgreSQL to end the dead node’s transaction');

    expect(await orderCount()).toBe(0);
    expect((await db.database.db.select({ n: count() }).from(orderItems))[0]!.n).toBe(0);
    expect(await stockOf(shop.kupa)).toBe(stockBefore);
    const lines = await db.database.db
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.productId, shop.kupa));
    expect(lines).toEqual([{ quantity: 2 }]);

    // The shopper's browser retries with the same key on a node that is up again: one order, stock taken once.
    node = await startNode(db.url!, dir.dir);
    try {
      const placed = await checkout(node, cookie, key);
      expect(placed.status).toBe(201);
      const again = await checkout(node, cookie, key);
      expect(again.status).toBe(201);
      expect((await again.json()).orderNo).toBe((await placed.json()).orderNo);
      expect(await orderCount()).toBe(1);
      expect(await stockOf(shop.kupa)).toBe(stockBefore! - 2);
    } finally {
      await stopNode(node);
    }
  });
  it('runs an order ended by a deadlock again, and places it once', async () => {
    const node = await startNode(db.url!, dir.dir);
    try {
      const cookie = await guestCart(node, shop.pestemal, 1, shop.variants.mavi);
      const more = await fetch(`${node.url}/api/front/cart/items`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: node.url, cookie },
        body: JSON.stringify({ productId: shop.kupa, quantity: 1 }),
      });
      expect(more.ok).toBe(true);
      const kupaBefore = await stockOf(shop.kupa);
      const ordersBefore = await orderCount();

      // The order takes the variant's stock, then waits for the product row the test holds; the test then
      // asks for the variant's row: each waits on the other. The test's own session checks for deadlocks
      // only after 10 s, so PostgreSQL ends the order's transaction, and the server runs it again.
      await locker.query('begin');
      await locker.query(`set local deadlock_timeout = '10s'`);
      await locker.query('select id from products where id = $1 for update', [shop.kupa]);
      const placing = checkout(node, cookie, randomUUID());
      await until(orderStatementWaits, 'the order to wait on the product row');
      // Granted once PostgreSQL has ended the order's transaction (the test's session is never the one ended).
      await locker.query('select id from product_variants where id = $1 for update', [shop.variants.mavi]);
      await locker.query('rollback');

      const placed = await placing;
      expect(placed.status).toBe(201);
      expect(await orderCount()).toBe(ordersBefore + 1);
      expect(await stockOf(shop.kupa)).toBe(kupaBefore! - 1);
    } finally {
      await stopNode(node);
    }
  });
});
