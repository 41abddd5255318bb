import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@vitrin/core';
import { seedTestShop, type TestShop } from '@vitrin/core/testing/shop';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, pgBin, startCluster } from '../../../../scripts/pg-cluster.mjs';
import { type AppNode, checkout, guestCart, requireBuild, startNode, stopNode } from '../testing/cluster.ts';
import { tempDir } from '../testing/server.ts';

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
  const bin = pgBin();
  const clusterDir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-pg-restart-'));
  const dataDir = tempDir();
  let cluster: Cluster;
  let shop: TestShop;
  let node: AppNode;

  beforeAll(async () => {
    requireBuild();
    if (!bin) throw new Error('This suite needs PostgreSQL: apt-get install postgresql');
    cluster = await startCluster({ bin, dir: clusterDir, portMin: 18570, portMax: 18579, stdio: 'ignore' });
    const database = await openDatabase({ databaseUrl: cluster.url, poolSize: 2 });
    try {
      await database.migrate();
      shop = await seedTestShop(database.db);
    } finally {
      await database.close();
    }
    node = await startNode(cluster.url, dataDir.dir, [18580, 18589]);
  });

  afterAll(async () => {
    if (node) await stopNode(node);
    cluster?.stop('immediate');
    rmSync(clusterDir, { recursive: true, force: true });
    dataDir.remove();
  });

  const placeOrder = async () => {
    const cookie = await guestCart(node, shop.ekitap, 1);
    return (await checkout(node, cookie, randomUUID())).status;
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
      cluster.stop('fast');

      const api = await until('a 503 from the API', async () => {
        const res = await fetch(`${node.url}/api/front/cart`);
        return res.status === 503 ? res : undefined;
      });
      expect(Number(api.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await api.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('VERITABANI_ULASILAMIYOR');
      expect(body.error.message).toContain('Lütfen biraz sonra yeniden deneyin');
      const page = await fetch(`${node.url}/cart`);
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).not.toBeNull();
      expect(await page.text()).toContain('Kısa bir ara verdik');
      // Liveness stays: the process is fine, only the database is away.
      expect((await fetch(`${node.url}/healthz`)).status).toBe(200);

      cluster = await startCluster({ bin: bin!, dir: clusterDir, port: cluster.port, stdio: 'ignore' });
      const afterRestart = statuses.length;
      await until('an order placed after the restart', async () =>
        statuses.slice(afterRestart).includes(201) ? true : undefined,
      );
    } finally {
      shopping = false;
      await shopper;
    }
    expect(node.child.exitCode).toBeNull();
    expect((await fetch(`${node.url}/readyz`)).status).toBe(200);
    expect(await placeOrder()).toBe(201);
  });

  it('drops its caches when its connection comes back: what was announced meanwhile never arrived', async () => {
    await fetch(`${node.url}/product/kupa`);
    const cached = await fetch(`${node.url}/product/kupa`);
    expect(cached.headers.get('x-cache')).toBe('hit');
    expect(await cached.text()).toContain('Sırlı Kupa');

    // A change that no notification announces, then the node's LISTEN connection is cut.
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    try {
      await admin.query(`update products set name = 'Yeni Sırlı Kupa' where id = $1`, [shop.kupa]);
      const cut = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where pid <> pg_backend_pid() and query ilike 'listen %'`,
      );
      expect(cut.rowCount).toBe(1);
    } finally {
      await admin.end();
    }

    const fresh = await until('the changed name on the product page', async () => {
      const html = await (await fetch(`${node.url}/product/kupa`)).text();
      return html.includes('Yeni Sırlı Kupa') ? html : undefined;
    });
    expect(fresh).toContain('Yeni Sırlı Kupa');
    expect(node.child.exitCode).toBeNull();
  });
});
