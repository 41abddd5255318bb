import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, guestCart, type OwnCluster, startOwnCluster } from '../../test/cluster.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks until `attempt` gives something (generous: the machine may be busy), or fails naming `what`. */
async function until<T>(what: string, attempt: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const result = await attempt().catch(() => undefined);
    if (result !== undefined) return result;
    await pause(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

// Its own PostgreSQL cluster, stopped and started again: the shared one of `npm run test:pg` serves others.
describe('an app node while PostgreSQL restarts', () => {
  let own: OwnCluster;
  beforeAll(async () => {
    own = await startOwnCluster({ cluster: [18570, 18579], node: [18580, 18589] });
  });
  afterAll(() => own?.close());

  const placeOrder = async () => {
    const cookie = await guestCart(own.node, own.shop.ekitap, 1);
    return (await checkout(own.node, cookie, randomUUID())).status;
  };

  it('answers 503 with Retry-After while it is away, stays up, and takes orders again once it is back', async () => {
    expect(await placeOrder()).toBe(201);
    // Shoppers keep ordering throughout; a failed attempt counts as 0.
    const statuses: number[] = [];
    let shopping = true;
    const shopper = (async () => {
      while (shopping) {
        statuses.push(await placeOrder().catch(() => 0));
        await pause(50);
      }
    })();
    try {
      await until('orders under load', async () =>
        statuses.filter((s) => s === 201).length >= 3 ? true : undefined,
      );
      own.cluster.stop('fast');

      const api = await until('a 503 from the API', async () => {
        const res = await fetch(`${own.node.url}/api/front/cart`);
        return res.status === 503 ? res : undefined;
      });
      expect(Number(api.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await api.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('VERITABANI_ULASILAMIYOR');
      expect(body.error.message).toContain('Lütfen biraz sonra yeniden deneyin');
      const page = await fetch(`${own.node.url}/cart`);
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).not.toBeNull();
      expect(await page.text()).toContain('Kısa bir ara verdik');
      // Liveness stays: the process is fine, only the database is away.
      expect((await fetch(`${own.node.url}/healthz`)).status).toBe(200);

      await own.restart();
      const afterRestart = statuses.length;
      await until('an order placed after the restart', async () =>
        statuses.slice(afterRestart).includes(201) ? true : undefined,
      );
    } finally {
      shopping = false;
      await shopper;
    }
    expect(own.node.child.exitCode).toBeNull();
    expect((await fetch(`${own.node.url}/readyz`)).status).toBe(200);
    expect(await placeOrder()).toBe(201);
  });

  it('drops its caches when its connection comes back: what was announced meanwhile never arrived', async () => {
    await fetch(`${own.node.url}/product/kupa`);
    const cached = await fetch(`${own.node.url}/product/kupa`);
    expect(cached.headers.get('x-cache')).toBe('hit');
    expect(await cached.text()).toContain('Sırlı Kupa');

    // A change that no notification announces, then the node's LISTEN connection is cut.
    const admin = new pg.Client({ connectionString: own.cluster.url });
    await admin.connect();
    try {
      await admin.query(`update products set name = 'Yeni Sırlı Kupa' where id = $1`, [own.shop.kupa]);
      const cut = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where pid <> pg_backend_pid() and query ilike 'listen %'`,
      );
      expect(cut.rowCount).toBe(1);
    } finally {
      await admin.end();
    }

    const fresh = await until('the changed name on the product page', async () => {
      const html = await (await fetch(`${own.node.url}/product/kupa`)).text();
      return html.includes('Yeni Sırlı Kupa') ? html : undefined;
    });
    expect(fresh).toContain('Yeni Sırlı Kupa');
    expect(own.node.child.exitCode).toBeNull();
  });
});
