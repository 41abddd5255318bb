import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { products } from '@vitrin/core/db/schema';
import { createStaffService } from '@vitrin/core/staff/service';
import { totpCodeAt } from '@vitrin/core/staff/totp';
import { openTestDatabase } from '@vitrin/testing/database';
import { type LocalS3, startS3 } from '@vitrin/testing/s3';
import { guestCheckoutForm, seedTestShop, type TestShop } from '@vitrin/testing/shop';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/pg-cluster.mjs';
import { registration } from '../../test/accounts.ts';
import {
  type Balancer,
  balancerPort,
  HAPROXY_CONFIG,
  requireHaproxy,
  startHaproxy,
} from '../../test/balancer.ts';
import {
  type AppNode,
  launchNode,
  requireClusterSetup,
  root,
  stopNode,
  untilReady,
} from '../../test/cluster.ts';
import { tempDir } from '../../test/server.ts';

// Apart from the other cluster tests' ports: a node's port is free while it restarts, and must stay its own.
const NODE_PORTS: [number, number] = [18553, 18559];
const BALANCER_PORTS: [number, number] = [18560, 18564];
const S3_PORTS: [number, number] = [18565, 18569];
const GUESTS = 3;
const CUSTOMERS = 3;
const STOCK = 1_000_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request a shopper sent through the balancer: when, what, and how it ended (status 0: no answer). */
interface Sent {
  what: string;
  startedAt: number;
  endedAt: number;
  status: number;
  ok: boolean;
  /** Why no answer came (status 0). */
  error?: string;
}

async function until<T>(what: string, attempt: () => Promise<T | undefined>, tries = 900): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const result = await attempt().catch(() => undefined);
    if (result !== undefined) return result;
    await pause(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const exited = (node: AppNode) =>
  new Promise<number | null>((resolve) => {
    if (node.child.exitCode !== null || node.child.signalCode !== null) return resolve(node.child.exitCode);
    node.child.once('exit', (code) => resolve(code));
  });

/**
 * Two compiled nodes on one PostgreSQL and one bucket behind Debian's HAProxy with the deployment guide's
 * configuration (round robin, no sticky sessions, /readyz checked). Shoppers, guests and customers who
 * logged in, browse, add to their cart and check out through it without pause while one node is killed
 * (SIGKILL) and started again, and then while both are restarted one after the other (SIGTERM).
 */
describe('two nodes behind HAProxy', () => {
  const dirs = [tempDir(), tempDir()];
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let shop: TestShop;
  let s3: LocalS3;
  let balancer: Balancer;
  const nodes: AppNode[] = [];
  const ports: number[] = [];
  let publicUrl: string;

  /** Node `i` (0 or 1) on its own port, as the balancer knows it; resolved once it is ready. */
  const startAt = async (i: number) => {
    const node = await launchNode(
      db.url!,
      dirs[i]!.dir,
      NODE_PORTS,
      {
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: '1',
        // The default drain of a node on PostgreSQL, which the guide's health check timing is made for.
        SHUTDOWN_DRAIN_MS: '',
        ...s3.env,
      },
      'compiled',
      ports[i],
    );
    nodes[i] = node;
    return untilReady(node);
  };
  const nodeUp = (i: number) =>
    until(`HAProxy to see node${i + 1} up`, async () =>
      (await balancer.servers())[`node${i + 1}`]?.status === 'UP' ? true : undefined,
    );

  beforeAll(async () => {
    requireClusterSetup();
    requireHaproxy();
    db = await openTestDatabase();
    shop = await seedTestShop(db.database.db);
    await db.database.db.update(products).set({ stock: STOCK }).where(eq(products.id, shop.kupa));
    s3 = await startS3({ ports: S3_PORTS, publicPrefixes: ['uploads/'] });
    const port = await balancerPort(BALANCER_PORTS);
    publicUrl = `http://127.0.0.1:${port}`;
    ports.push(await freePort(...NODE_PORTS));
    ports.push(
      await until('a second port', async () => {
        const other = await freePort(...NODE_PORTS);
        return other === ports[0] ? undefined : other;
      }),
    );
    await Promise.all([startAt(0), startAt(1)]);
    balancer = await startHaproxy(
      port,
      ports.map((p) => `127.0.0.1:${p}`),
    );
    await Promise.all([nodeUp(0), nodeUp(1)]);
  });
  afterAll(async () => {
    await balancer?.stop();
    await Promise.all(nodes.map((node) => stopNode(node, 'SIGKILL')));
    await s3?.stop();
    await db?.dispose();
    for (const dir of dirs) dir.remove();
  });

  it('keeps selling through a node killed under load, takes it back, and loses no request in a rolling restart', async () => {
    const sent: Sent[] = [];
    /** Orders the shop acknowledged (201 with an order number). */
    const told = new Set<string>();
    let shopping = true;

    const request = async (what: string, path: string, init: RequestInit, expected: number) => {
      const startedAt = performance.now();
      const res = await fetch(`${publicUrl}${path}`, {
        ...init,
        headers: {
          origin: publicUrl,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
      }).catch((err: Error) => err);
      const answered = res instanceof Response ? res : undefined;
      const body = answered ? await answered.text().catch(() => '') : '';
      const status = answered?.status ?? 0;
      sent.push({
        what,
        startedAt,
        endedAt: performance.now(),
        status,
        ok: status === expected,
        ...(answered ? {} : { error: String((res as Error).cause ?? res) }),
      });
      return { status, body, res: answered };
    };
    const post = (what: string, path: string, body: unknown, cookie: string | undefined, extra = {}) =>
      request(
        what,
        path,
        { method: 'POST', body: JSON.stringify(body), headers: { ...(cookie ? { cookie } : {}), ...extra } },
        201,
      );

    /** Browses, adds the mug and checks out; a checkout without an answer is sent again with its key. */
    const shopper = async (customer?: string) => {
      const form = guestCheckoutForm();
      while (shopping) {
        await request(
          'product',
          '/api/front/products/kupa',
          { headers: customer ? { cookie: customer } : {} },
          200,
        );
        await request('listing', '/api/front/categories/kupalar/products', {}, 200);
        if (!customer) await request('page', '/product/kupa', {}, 200);
        const added = await post(
          'cart',
          '/api/front/cart/items',
          { productId: shop.kupa, quantity: 1 },
          customer,
        );
        const cookie = customer ?? added.res?.headers.get('set-cookie')?.split(';')[0];
        if (added.status !== 201 || !cookie) continue;
        const key = randomUUID();
        for (let attempt = 0; attempt < 50; attempt++) {
          const placed = await post('checkout', '/api/front/checkout', form, cookie, {
            'idempotency-key': key,
          });
          if (placed.status === 201) {
            told.add((JSON.parse(placed.body) as { orderNo: string }).orderNo);
            break;
          }
          await pause(200);
        }
      }
    };

    // Customers register and log in through the balancer: their session works on either node.
    const customers: string[] = [];
    for (let n = 1; n <= CUSTOMERS; n++) {
      const account = registration(n);
      expect((await post('register', '/api/front/auth/register', account, undefined)).status).toBe(201);
      const login = await request(
        'login',
        '/api/front/auth/login',
        { method: 'POST', body: JSON.stringify({ email: account.email, password: account.password }) },
        200,
      );
      expect(login.status, login.body).toBe(200);
      customers.push(
        login
          .res!.headers.getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      );
    }
    const running = [
      ...Array.from({ length: GUESTS }, () => shopper()),
      ...customers.map((cookie) => shopper(cookie)),
    ];
    const ordersSince = (at: number) =>
      sent.filter((s) => s.what === 'checkout' && s.ok && s.startedAt >= at).length;
    const ordersAfter = (what: string, at: number, n: number) =>
      until(what, async () => (ordersSince(at) >= n ? true : undefined));

    let killSentAt = 0;
    let killedAt = 0;
    let rollingFrom = 0;
    try {
      await ordersAfter('orders under load', 0, 10);

      // node1 loses its power: the requests in flight to it die with it.
      const gone = exited(nodes[0]!);
      killSentAt = performance.now();
      nodes[0]!.child.kill('SIGKILL');
      await gone;
      killedAt = performance.now();
      await ordersAfter('orders on the other node', killedAt, 15);

      // Started again (a supervisor's restart), it joins once ready.
      await startAt(0);
      await nodeUp(0);
      const before = (await balancer.servers()).node1!.sessions;
      await until('node1 to be sent shoppers again', async () =>
        (await balancer.servers()).node1!.sessions > before + 5 ? true : undefined,
      );

      // A rolling restart: each node told to stop, gone, started again and back in the balancer in turn.
      rollingFrom = performance.now();
      for (const i of [0, 1]) {
        const stopped = exited(nodes[i]!);
        nodes[i]!.child.kill('SIGTERM');
        expect(await stopped, nodes[i]!.output.join('')).toBe(0);
        await startAt(i);
        await nodeUp(i);
        await ordersAfter(`orders after node${i + 1} came back`, performance.now(), 5);
      }
    } finally {
      shopping = false;
      await Promise.all(running);
    }

    const failed = sent.filter((s) => !s.ok);
    const inFlightAtKill = (s: Sent) => s.startedAt < killedAt && s.endedAt >= killSentAt;
    const rolling = sent.filter((s) => s.startedAt >= rollingFrom);
    console.info(
      `Two nodes behind HAProxy, ${GUESTS + CUSTOMERS} shoppers: ${sent.length} requests, ${told.size} orders; ` +
        `in flight at the kill ${sent.filter(inFlightAtKill).length}, of them failed ` +
        `${failed.filter(inFlightAtKill).length} (${failed.map((s) => `${s.what} ${s.status}${s.error ? ` ${s.error}` : ''}`).join(', ') || 'none'}); ` +
        `rolling restart ${rolling.length} requests, ${rolling.filter((s) => !s.ok).length} failed`,
    );
    // The only failures are requests the killed node had when it died; none in the rolling restart.
    expect(failed.filter((s) => !inFlightAtKill(s))).toEqual([]);
    expect(rolling.filter((s) => !s.ok)).toEqual([]);

    // Every acknowledged order is there, each once, whole, its stock taken.
    const one = async (text: string) => (await db.database.query<{ n: number }>(text))[0]!.n;
    const numbers = await db.database.query<{ order_no: string }>('select order_no from orders');
    expect(new Set(numbers.map((o) => o.order_no))).toEqual(told);
    expect(
      await one(
        'select count(*)::int as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)',
      ),
    ).toBe(0);
    const sold = await one(
      `select coalesce(sum(quantity), 0)::int as n from order_items where product_id = ${shop.kupa} and stock_taken`,
    );
    expect(await one(`select stock as n from products where id = ${shop.kupa}`)).toBe(STOCK - sold);
  }, 240_000);

  it('is run with the configuration the deployment guide shows', () => {
    const guide = readFileSync(path.join(root, 'docs/deployment.md'), 'utf8');
    expect(guide).toContain(readFileSync(HAPROXY_CONFIG, 'utf8'));
  });

  it('serves an image uploaded through one node from the other (the bucket)', async () => {
    const staff = createStaffService(db.database.db);
    const email = 'yonetici@magaza.test';
    const password = 'yonetici-şifre-1';
    const made = await staff.create(
      { kind: 'cli' },
      { email, name: 'Yönetici', role: 'owner' },
      { password, withTotp: true },
    );
    const secret = new URL(made.otpauthUri!).searchParams.get('secret')!;
    const [a, b] = nodes as [AppNode, AppNode];
    const login = await fetch(`${a.url}/api/admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: publicUrl },
      body: JSON.stringify({ email, password, code: totpCodeAt(secret, new Date()) }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c83' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'kupa.png');
    const uploaded = await fetch(`${a.url}/api/admin/images?purpose=product`, {
      method: 'POST',
      headers: { origin: publicUrl, cookie },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { images } = (await uploaded.json()) as { images: { path: string }[] };

    // Node B never saw the upload: it reads the bucket.
    const fromA = await fetch(`${a.url}/uploads/${images[0]!.path}`);
    const fromB = await fetch(`${b.url}/uploads/${images[0]!.path}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe(fromA.headers.get('content-type'));
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
    // A resized copy made on B is found by A.
    const resized = await fetch(`${b.url}/uploads/${images[0]!.path}?w=320&f=webp`);
    expect(resized.status).toBe(200);
    expect((await fetch(`${a.url}/uploads/${images[0]!.path}?w=320&f=webp`)).status).toBe(200);
  });
});
