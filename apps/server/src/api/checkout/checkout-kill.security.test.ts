import { randomUUID } from 'node:crypto';
import type { Database } from '@vitrin/core';
import { coupons, products, settings } from '@vitrin/core/db/schema';
import { guestCheckoutForm, type TestShop } from '@vitrin/testing/shop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppNode, requireBuild, shopDatabase, startNode, stopNode } from '../../../test/cluster.ts';
import { tempDir } from '../../../test/server.ts';

/**
 * The power goes out (kill -9) while 20 shoppers check out at once, five times; the server starts again on
 * the same data directory (and database) each time. Whatever the moment of the kill, the database
 * holds whole orders only, and every order a shopper was told about.
 */

const ROUNDS = 5;
const SHOPPERS = 20;
/** After how many checkout answers each round's kill comes (0: while the first ones are still running). */
const KILL_AFTER = [0, 4, 9, 14, 2];
const COUPON = 'SINIRLI';
const COUPON_LIMIT = 4;
const METHODS = ['transfer', 'cod', 'card'] as const;
type Method = (typeof METHODS)[number];

interface Attempt {
  cookie: string;
  key: string;
  method: Method;
  /** Status of the checkout answer; 0 when the connection died first. */
  status: number;
  code?: string;
  orderNo?: string;
  /** The card was charged and the shopper was told so. */
  paid?: boolean;
}

const json = { 'content-type': 'application/json' };

async function post(node: AppNode, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${node.url}${url}`, {
    method: 'POST',
    headers: { ...json, origin: node.url, ...headers },
    body: JSON.stringify(body),
  });
  return { res, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

/**
 * A guest cart with one Sırlı Kupa; once its stock has run out a notebook, then (both gone) the e-book, which
 * has no stock. Every other cart has the coupon.
 */
async function cartFor(node: AppNode, shop: TestShop, i: number): Promise<string> {
  let cookie = '';
  for (const productId of [shop.kupa, shop.defter, shop.ekitap]) {
    const { res } = await post(
      node,
      '/api/front/cart/items',
      { productId, quantity: 1 },
      cookie ? { cookie } : {},
    );
    cookie ||= res.headers.get('set-cookie')?.split(';')[0] ?? '';
    if (res.status === 201) break;
  }
  if (!cookie) throw new Error('no cart cookie');
  // Refused once the coupon is used up: the cart then goes without it.
  if (i % 2 === 0) await post(node, '/api/front/cart/coupon', { code: COUPON }, { cookie });
  return cookie;
}

/** Checks out; a card order is then paid at the test bank (card, then its verification code). */
async function checkOut(node: AppNode, attempt: Attempt, onAnswer: () => void) {
  try {
    const placed = await post(
      node,
      '/api/front/checkout',
      guestCheckoutForm({ paymentMethod: attempt.method }),
      {
        cookie: attempt.cookie,
        'idempotency-key': attempt.key,
      },
    );
    attempt.status = placed.res.status;
    onAnswer();
    if (placed.res.status !== 201) {
      attempt.code = (placed.body?.error as { code?: string } | undefined)?.code;
      return;
    }
    attempt.orderNo = placed.body!.orderNo as string;
    if (attempt.method !== 'card') return;
    const token = new URL(placed.body!.next as string, node.url).searchParams.get('token')!;
    const card = await post(node, '/api/front/payments/card', {
      order: attempt.orderNo,
      token,
      cardNumber: '4242 4242 4242 4242',
      holder: 'AYŞE YILMAZ',
      expiryMonth: 12,
      expiryYear: 2030,
      cvc: '123',
    });
    if (card.res.status !== 201) return;
    const verify = await post(node, '/api/front/payments/verify', {
      challenge: card.body!.challenge,
      code: '123456',
    });
    attempt.paid = verify.res.status === 200 && verify.body?.outcome === 'paid';
  } catch {
    // The server died under this request: the shopper was told nothing.
  }
}

interface Findings {
  orders: number;
  withoutLines: number;
  withoutPaymentRecord: number;
  negativeStock: number;
  stockMismatch: number;
  duplicateOrderNos: number;
  couponOverLimit: number;
  missingPlaced: string[];
  missingPaid: string[];
}

/** What the data directory holds, checked with the server down: every rule of a whole order. */
async function inspect(database: Database, start: Map<string, number>, told: Attempt[]): Promise<Findings> {
  const one = async (text: string) => (await database.query<{ n: number }>(text))[0]!.n;
  const stock = await database.query<{ key: string; stock: number; sold: number }>(`
    select 'p' || p.id as key, p.stock,
      coalesce((select sum(i.quantity) from order_items i
        where i.product_id = p.id and i.variant_id is null and i.stock_taken), 0)::int as sold
    from products p where p.stock is not null
    union all
    select 'v' || v.id, v.stock,
      coalesce((select sum(i.quantity) from order_items i where i.variant_id = v.id and i.stock_taken), 0)::int
    from product_variants v where v.stock is not null`);
  const nos = new Set(
    (await database.query<{ order_no: string }>('select order_no from orders')).map((r) => r.order_no),
  );
  const paidNos = new Set(
    (
      await database.query<{ order_no: string }>(`select order_no from orders where payment_status = 'paid'`)
    ).map((r) => r.order_no),
  );
  return {
    orders: nos.size,
    withoutLines: await one(
      'select count(*)::int as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)',
    ),
    // Transfer: awaiting the money; cash on delivery: nothing to take now; card: pending until the bank
    // answers, paid only with its succeeded attempt (and a succeeded attempt only on a paid order).
    withoutPaymentRecord: await one(`
      select count(*)::int as n from orders o where not (
        (o.payment_method = 'transfer' and o.payment_status = 'pending')
        or (o.payment_method = 'cod' and o.payment_status = 'not_required')
        or (o.payment_method = 'card' and o.payment_status = 'pending'
            and not exists (select 1 from payments p where p.order_id = o.id and p.status = 'succeeded'))
        or (o.payment_method = 'card' and o.payment_status = 'paid'
            and exists (select 1 from payments p where p.order_id = o.id and p.status = 'succeeded'))
      ) or not exists (select 1 from order_history h where h.order_id = o.id)`),
    negativeStock: stock.filter((r) => r.stock < 0).length,
    stockMismatch: stock.filter((r) => r.stock + r.sold !== start.get(r.key)).length,
    duplicateOrderNos: await one('select (count(*) - count(distinct order_no))::int as n from orders'),
    couponOverLimit: await one(`
      select count(*)::int as n from coupons c where c.used_count > c.usage_limit
        or c.used_count <> (select count(*) from coupon_uses u where u.coupon_id = c.id)
        or (select count(*) from orders o where o.coupon_id = c.id) > c.usage_limit`),
    missingPlaced: told.filter((a) => a.orderNo && !nos.has(a.orderNo)).map((a) => a.orderNo!),
    missingPaid: told.filter((a) => a.paid && !paidNos.has(a.orderNo!)).map((a) => a.orderNo!),
  };
}

// The embedded database in the data directory; under TEST_DATABASE_URL a fresh PostgreSQL database.
describe(`the server killed (kill -9) during 20 parallel checkouts, 5 times (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded database'})`, () => {
  const data = tempDir('vitrin-kill-');
  let shop: TestShop;
  const start = new Map<string, number>();
  let node: AppNode | undefined;
  let db: Awaited<ReturnType<typeof shopDatabase>>;
  /** Opened by the test while the server is down: an embedded database has one opener at a time. */
  const open = () => db.open();
  /** The compiled server as the shop runs it (`npm run serve`), with the test bank for card payments. */
  const boot = () => startNode(db.url, data.dir, [18300, 18329], { VITRIN_DEMO: '1' }, 'compiled');

  beforeAll(async () => {
    requireBuild();
    db = await shopDatabase(data.dir, async (database, seeded) => {
      await database.db.insert(settings).values([
        { key: 'usd_rate', value: '41.25' },
        { key: 'eur_rate', value: '47.80' },
      ]);
      // Runs out during the test: checkouts race for the last ones.
      await database.db.update(products).set({ stock: 30 }).where(eq(products.id, seeded.kupa));
      await database.db
        .insert(coupons)
        .values({ code: COUPON, kind: 'percent', value: 10, usageLimit: COUPON_LIMIT });
      for (const r of await database.query<{ key: string; stock: number }>(
        `select 'p' || id as key, stock from products where stock is not null
         union all select 'v' || id, stock from product_variants where stock is not null`,
      ))
        start.set(r.key, r.stock);
    });
    shop = db.shop;
  });

  afterAll(async () => {
    if (node) await stopNode(node, 'SIGKILL');
    await db?.dispose();
    data.remove();
  });

  it('starts again each time and keeps whole orders only: lines, payment, stock, order numbers, coupon limit, nothing told lost', async () => {
    const told: Attempt[] = [];
    const figures: string[] = [];
    let fiveHundreds = 0;
    let retriedTwice = 0;
    let cut = 0;
    /** The shoppers whose answer died with the last server try again with the same key: at most one order. */
    const retryLost = async (up: AppNode) => {
      for (const lost of told.filter((a) => a.status === 0)) {
        const again: Attempt = { ...lost, status: 0 };
        await checkOut(up, again, () => {});
        if (again.status >= 500) fiveHundreds += 1;
        if (again.orderNo) {
          lost.orderNo = again.orderNo;
          lost.paid = again.paid;
          retriedTwice += 1;
        }
        lost.status = again.status || -1;
        lost.code = again.code;
      }
    };
    for (let round = 0; round < ROUNDS; round++) {
      node = await boot();
      await retryLost(node);
      const attempts: Attempt[] = [];
      for (let i = 0; i < SHOPPERS; i++) {
        attempts.push({
          cookie: await cartFor(node, shop, i),
          key: randomUUID(),
          method: METHODS[(i + round) % METHODS.length]!,
          status: 0,
        });
      }
      let answered = 0;
      const running = node;
      let killed: Promise<void> | undefined;
      const kill = () => {
        killed ??= stopNode(running, 'SIGKILL');
      };
      if (KILL_AFTER[round] === 0) setTimeout(kill, 30);
      const flows = attempts.map((a) =>
        checkOut(running, a, () => {
          answered += 1;
          if (answered >= KILL_AFTER[round]!) kill();
        }),
      );
      await Promise.all(flows);
      kill();
      await killed;
      node = undefined;
      told.push(...attempts);
      cut += attempts.filter((a) => a.status === 0).length;
      fiveHundreds += attempts.filter((a) => a.status >= 500).length;

      const database = await open();
      try {
        const found = await inspect(database, start, told);
        figures.push(
          `round ${round + 1}: ${attempts.filter((a) => a.orderNo).length} placed, ` +
            `${attempts.filter((a) => a.status === 0).length} cut by the kill, ` +
            `refused ${JSON.stringify(attempts.filter((a) => a.code).map((a) => a.code))}, ` +
            `${found.orders} orders in the database (${found.orders - told.filter((a) => a.orderNo).length} ` +
            'committed whose answer died with the server: their shoppers retry)',
        );
        expect(found).toEqual({
          orders: found.orders,
          withoutLines: 0,
          withoutPaymentRecord: 0,
          negativeStock: 0,
          stockMismatch: 0,
          duplicateOrderNos: 0,
          couponOverLimit: 0,
          missingPlaced: [],
          missingPaid: [],
        });
      } finally {
        await database.close();
      }
    }

    // Up again after the last kill: it takes the retries and a new order, and the totals still add up.
    node = await boot();
    await retryLost(node);
    const last: Attempt = {
      cookie: await cartFor(node, shop, 1),
      key: randomUUID(),
      method: 'transfer',
      status: 0,
    };
    await checkOut(node, last, () => {});
    expect(last.status).toBe(201);
    await stopNode(node);
    node = undefined;
    told.push(last);
    const database = await open();
    try {
      const found = await inspect(database, start, told);
      const couponUsed = (await database.query<{ n: number }>(`select used_count as n from coupons`))[0]!.n;
      console.info(
        `kill -9 × ${ROUNDS}: ${told.length} checkouts sent, ${told.filter((a) => a.orderNo).length} told placed ` +
          `(${told.filter((a) => a.paid).length} card payments told paid, ${retriedTwice} after a retry), ` +
          `${cut} cut by a kill, ${found.orders} orders stored, ${fiveHundreds} answers 5xx, rows lost ${found.missingPlaced.length + found.missingPaid.length}, ` +
          `coupon used ${couponUsed}/${COUPON_LIMIT}, refused ${JSON.stringify(told.filter((a) => a.code).map((a) => a.code))}\n${figures.join('\n')}`,
      );
      expect(found.missingPlaced).toEqual([]);
      // Every shopper cut off has retried: each stored order is one a shopper was told about, none twice.
      expect(found.orders).toBe(new Set(told.map((a) => a.orderNo).filter(Boolean)).size);
      expect(found.missingPaid).toEqual([]);
      expect(found.withoutLines + found.withoutPaymentRecord + found.stockMismatch).toBe(0);
      expect(fiveHundreds).toBe(0);
      // The coupon was wanted by more shoppers than its limit allows: the limit, not luck, stopped them.
      expect(couponUsed).toBe(COUPON_LIMIT);
      // Every kill came while checkouts were running.
      expect(cut).toBeGreaterThanOrEqual(ROUNDS);
    } finally {
      await database.close();
    }
  });
});
