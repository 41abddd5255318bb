import { randomUUID } from 'node:crypto';
import { DISK_FULL_CODE } from '@vitrin/core/media/disk-full';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppNode,
  checkout,
  guestCart,
  requireBuild,
  shopDatabase,
  startNode,
  stopNode,
} from '../../../test/cluster.ts';
import { fullDisk } from '../../../test/full-disk.ts';

/**
 * The disk of the data directory fills up under the compiled server. On the embedded database, which lives
 * there, an order that needs a new page cannot be written: the shopper gets 503 DISK_DOLU in Turkish with
 * Retry-After (not a 500), nothing of the order is kept, the server stays up, and the same checkout places
 * the order once there is room. On PostgreSQL (TEST_DATABASE_URL) the database is elsewhere: orders go on.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const CARTS = 40;

describe(`checkouts while the data directory's disk is full (${postgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  const disk = fullDisk('256m');
  let node: AppNode | undefined;
  let db: Awaited<ReturnType<typeof shopDatabase>>;

  beforeAll(async () => {
    requireBuild();
    db = await shopDatabase(disk.dir);
    node = await startNode(db.url, disk.dir, [18330, 18339], {}, 'compiled');
  });

  afterAll(async () => {
    disk.free();
    if (node) await stopNode(node);
    await db?.dispose();
    disk.unmount();
  });

  it('are refused whole with 503 DISK_DOLU on the embedded database, and placed once there is room (same keys)', async () => {
    const up = node!;
    const placed = new Set<string>();
    const place = async (cookie: string, key: string) => {
      const res = await checkout(up, cookie, key);
      const body = await res.json();
      if (res.status === 201) placed.add(body.orderNo);
      return { res, body };
    };
    expect((await place(await guestCart(up, db.shop.kupa, 1), randomUUID())).res.status).toBe(201);

    // Carts made while there is room; their orders are placed one after another on the full disk until the
    // database needs a page it cannot get (the first orders may fit in pages it already has).
    const carts: { cookie: string; key: string }[] = [];
    for (let i = 0; i < CARTS; i++)
      carts.push({ cookie: await guestCart(up, db.shop.ekitap, 1), key: randomUUID() });
    const answers: { status: number; code?: string; retryAfter: string | null }[] = [];
    disk.fill();
    try {
      for (const cart of carts) {
        const { res, body } = await place(cart.cookie, cart.key);
        answers.push({
          status: res.status,
          code: body.error?.code,
          retryAfter: res.headers.get('retry-after'),
        });
        if (res.status !== 201) {
          expect(body).toEqual({
            error: {
              code: DISK_FULL_CODE,
              message: expect.stringMatching(/yer kalmadığı.*hiçbir şey değişmedi/),
            },
          });
        }
      }
      expect((await fetch(`${up.url}/healthz`)).status).toBe(200);
    } finally {
      disk.free();
    }
    const refused = answers.filter((a) => a.status !== 201);
    console.info(
      `checkouts on a full data disk: ${answers.length} sent, ${answers.length - refused.length} placed, ` +
        `${refused.length} refused ${JSON.stringify([...new Set(refused.map((a) => `${a.status} ${a.code}`))])}`,
    );
    if (postgres) expect(refused).toEqual([]);
    else {
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((a) => a.status === 503 && Number(a.retryAfter) > 0)).toBe(true);
    }
    // Once there is room, the refused checkouts (same keys) are placed, each once.
    for (const cart of carts) expect((await place(cart.cookie, cart.key)).res.status).toBe(201);
    expect(up.child.exitCode).toBeNull();

    await stopNode(up);
    node = undefined;
    const database = await db.open();
    try {
      const [row] = await database.query<{ orders: number; bare: number }>(
        `select (select count(*)::int from orders) as orders,
           (select count(*)::int from orders o
             where not exists (select 1 from order_items i where i.order_id = o.id)) as bare`,
      );
      // Every order whole and told: the first and the 40, each once.
      expect(placed.size).toBe(CARTS + 1);
      expect(row).toEqual({ orders: CARTS + 1, bare: 0 });
    } finally {
      await database.close();
    }
  });
});
