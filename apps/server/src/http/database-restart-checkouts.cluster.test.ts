import { randomUUID } from 'node:crypto';
import { products } from '@vitrin/core/db/schema';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, type OwnCluster, startOwnCluster } from '../../test/cluster.ts';
import { DATABASE_UNAVAILABLE_CODE } from './database-outage.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SHOPPERS = 8;
const STOCK = 500;

/** `stopping`: sent before PostgreSQL stopped, answered after (in flight at the stop). */
type Phase = 'before' | 'stopping' | 'away' | 'back';
interface Answer {
  phase: Phase;
  status: number;
  code?: string;
}

/**
 * Eight shoppers check out without pause while PostgreSQL is stopped (its backends ended mid-transaction)
 * and started again. A checkout cut off is retried with its key, as the storefront does.
 */
describe('checkouts in flight while PostgreSQL restarts', () => {
  let own: OwnCluster;
  beforeAll(async () => {
    own = await startOwnCluster({ cluster: [18340, 18344], node: [18345, 18349] }, async (db, shop) => {
      await db.update(products).set({ stock: STOCK }).where(eq(products.id, shop.kupa));
    });
  });
  afterAll(() => own?.close());

  it('answers 503 VERITABANI_ULASILAMIYOR while it is away, no other 5xx, and keeps whole orders only, each once', async () => {
    const { node, shop } = own;
    let phase: Phase = 'before';
    let shopping = true;
    const answers: Answer[] = [];
    const told = new Set<string>();

    /** One shopper: a cart, then its checkout until placed (the same key each time), then the next. */
    const shopper = async () => {
      while (shopping) {
        const at = phase;
        const added = await fetch(`${node.url}/api/front/cart/items`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: node.url },
          body: JSON.stringify({ productId: shop.kupa, quantity: 1 }),
        }).catch(() => null);
        const cookie = added?.headers.get('set-cookie')?.split(';')[0];
        if (added?.status !== 201 || !cookie) {
          const body = added ? await added.json().catch(() => ({})) : {};
          answers.push({
            phase: at === 'before' && phase !== 'before' ? 'stopping' : at,
            status: added?.status ?? 0,
            code: body.error?.code,
          });
          await pause(100);
          continue;
        }
        const key = randomUUID();
        for (;;) {
          const sent = phase;
          const res = await checkout(node, cookie, key).catch(() => null);
          const body = res ? await res.json().catch(() => ({})) : {};
          answers.push({
            phase: sent === 'before' && phase !== 'before' ? 'stopping' : sent,
            status: res?.status ?? 0,
            code: body.error?.code,
          });
          if (res?.status === 201) {
            told.add(body.orderNo);
            break;
          }
          await pause(100);
        }
      }
    };
    const shoppers = Array.from({ length: SHOPPERS }, shopper);

    const placedIn = (p: Phase) => answers.filter((a) => a.phase === p && a.status === 201).length;
    const waitFor = async (what: string, done: () => boolean) => {
      for (let i = 0; i < 600 && !done(); i++) await pause(100);
      if (!done()) throw new Error(`timed out waiting for ${what}`);
    };
    try {
      await waitFor('orders under load', () => placedIn('before') >= 10);
      // A fast stop ends every backend, those inside an order's transaction too.
      phase = 'away';
      own.cluster.stop('fast');
      await waitFor('503s while away', () => answers.some((a) => a.phase === 'away' && a.status === 503));
      await pause(1000);
      await own.restart();
      await waitFor('an order once it is back', () =>
        answers.some((a) => a.phase === 'away' && a.status === 201),
      );
      phase = 'back';
      await waitFor('orders after the restart', () => placedIn('back') >= 20);
    } finally {
      shopping = false;
      await Promise.all(shoppers);
    }

    const of = (p: Phase) => answers.filter((a) => a.phase === p);
    const summary = (p: Phase) =>
      Object.entries(
        of(p).reduce<Record<string, number>>((n, a) => {
          const k = a.code ? `${a.status} ${a.code}` : String(a.status);
          n[k] = (n[k] ?? 0) + 1;
          return n;
        }, {}),
      );
    console.info(
      `PostgreSQL restart under ${SHOPPERS} shoppers: ${answers.length} requests (cart and checkout); ` +
        `before ${JSON.stringify(summary('before'))}, in flight at the stop ${JSON.stringify(summary('stopping'))}, ` +
        `away ${JSON.stringify(summary('away'))}, ` +
        `back ${JSON.stringify(summary('back'))}; ${told.size} orders placed`,
    );
    // In flight at the stop and while away: a clear 503 (or an order placed before the node noticed), never
    // another failure.
    for (const a of [...of('stopping'), ...of('away')])
      expect(
        a.status === 201 || (a.status === 503 && a.code === DATABASE_UNAVAILABLE_CODE),
        JSON.stringify(a),
      ).toBe(true);
    // Before and once back: every cart write and checkout succeeds at the first try.
    expect(of('before').every((a) => a.status === 201)).toBe(true);
    expect(of('back').every((a) => a.status === 201)).toBe(true);
    expect(node.child.exitCode).toBeNull();

    const db = new pg.Client({ connectionString: own.cluster.url });
    await db.connect();
    try {
      const one = async (text: string) => (await db.query(text)).rows[0].n as number;
      expect(await one('select count(*)::int as n from orders')).toBe(told.size);
      expect(
        await one(
          'select count(*)::int as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id) or not exists (select 1 from order_history h where h.order_id = o.id)',
        ),
      ).toBe(0);
      const sold = await one(
        `select coalesce(sum(quantity), 0)::int as n from order_items where product_id = ${shop.kupa} and stock_taken`,
      );
      expect(await one(`select stock as n from products where id = ${shop.kupa}`)).toBe(STOCK - sold);
      expect(sold).toBe(told.size);
    } finally {
      await db.end();
    }
  });
});
