import { randomUUID } from 'node:crypto';
import { createDiskStore } from '@vitrin/core/storage/disk-store';
import { guestCheckoutForm, seedTestShop, type TestShop } from '@vitrin/testing/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, browser, homeAddress, registeredBrowser } from '../../test/accounts.ts';
import {
  type ApiDocument,
  answerProblem,
  describeOperation,
  type Operation,
  operationsOf,
  sampleOf,
} from '../../test/api-fuzz.ts';
import { createTestApp, tempDir } from '../../test/server.ts';
import { multipartForm, PNG } from '../../test/uploads.ts';

/**
 * Customer A against every storefront operation that names a resource, with customer B's identifiers, read
 * from /api/docs so a route added later is tried too; and every customer-only operation without a session.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: TestShop;
let operations: Operation[];
const dataDir = tempDir('vitrin-files-');
let a: Browser;
let b: Browser;
/** B's identifiers by the parameter names of the document. */
const ofB: Record<string, string> = {};
/** Texts only B's data holds: none may appear in an answer to A. */
const SECRETS = [
  'musteri2@example.com',
  'Gizli Sokak No: 7',
  'B-gizli-konu',
  'B-gizli-mesaj',
  'gizli-kupa.png',
];
/** Where B's data is read: the same before and after A's requests. */
const B_VIEWS = [
  '/api/front/addresses',
  '/api/front/orders',
  '/api/front/support/tickets',
  '/api/front/wishlist',
  '/api/front/compare',
  '/api/front/cart',
];

beforeAll(async () => {
  t = await createTestApp({ demo: false, services: { files: createDiskStore(dataDir.dir) } });
  shop = await seedTestShop(t.services.database.db);
  await t.services.orders.ready();
  operations = operationsOf((await t.app.inject('/api/docs')).json() as ApiDocument);
  a = await registeredBrowser(t.app, 1);
  b = await registeredBrowser(t.app, 2);

  const address = await b.post('/api/front/addresses', { ...homeAddress, line: SECRETS[1] });
  expect(address.statusCode).toBe(201);
  ofB.id = String(address.json().address?.id ?? address.json().id);
  expect((await b.post('/api/front/cart/items', { productId: shop.kupa, quantity: 1 })).statusCode).toBe(201);
  const order = await b.request({
    method: 'POST',
    url: '/api/front/checkout',
    payload: guestCheckoutForm({ paymentMethod: 'card', email: SECRETS[0] }),
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(order.statusCode).toBe(201);
  ofB.orderNo = order.json().orderNo;
  ofB.order = ofB.orderNo!;
  const ticket = await b.request({
    method: 'POST',
    url: '/api/front/support/tickets',
    ...multipartForm(
      { subject: SECRETS[2]!, message: SECRETS[3]! },
      { name: SECRETS[4]!, type: 'image/png', bytes: PNG },
    ),
  });
  expect(ticket.statusCode).toBe(201);
  ofB.ticketNo = ticket.json().ticket.ticketNo;
  ofB.messageId = String(ticket.json().ticket.messages[0].id);
  const line = await b.post('/api/front/cart/items', { productId: shop.kupa, quantity: 1 });
  expect(line.statusCode).toBe(201);
  ofB.lineId = String(line.json().lines[0].id);
  expect((await b.post('/api/front/wishlist', { productId: shop.kupa })).statusCode).toBeLessThan(300);
  expect((await b.post('/api/front/compare', { productId: shop.kupa })).statusCode).toBeLessThan(300);
  ofB.productId = String(shop.kupa);
  ofB.kind = 'shipping';
});
afterAll(async () => {
  await t.close();
  dataDir.remove();
});

const views = async (who: Browser) => Promise.all(B_VIEWS.map(async (url) => (await who.get(url)).body));

/** The operation's URL with B's identifiers in its path and query. */
const urlWithB = (op: Operation) => {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(ofB[name] ?? '1'));
  const query = op.query
    .filter((p) => ofB[p.name] !== undefined)
    .map((p) => `${p.name}=${encodeURIComponent(ofB[p.name]!)}`);
  return query.length ? `${path}?${query.join('&')}` : path;
};

/** Bodies that pass the check of the body, so that the request reaches the owner check. */
const VALID_BODIES: Record<string, object> = {
  'PUT /api/front/addresses/{id}': homeAddress,
  'PATCH /api/front/cart/items/{lineId}': { quantity: 2 },
  'POST /api/front/support/tickets/{ticketNo}/messages': { message: 'A yazdı' },
};
const bodyFor = (op: Operation) =>
  VALID_BODIES[describeOperation(op)] ??
  (op.body ? { ...(sampleOf(op.body) as object), order: ofB.orderNo } : undefined);

/** Operations on one customer's own resources: another's identifier is not found (or forbidden). */
const OWN = /^\/api\/front\/(addresses|orders|support\/tickets|cart\/items|payments)\b/;

describe("customer A against customer B's resources", () => {
  it("finds none of B's addresses, orders, payments, tickets, attachments or cart lines, and changes none of B's data", async () => {
    const before = await views(b);
    expect(before.join()).toContain(SECRETS[1]);
    expect(before.join()).toContain(SECRETS[2]);
    const tried = operations.filter(
      (op) =>
        op.path.startsWith('/api/front/') && (op.pathParams.length || op.query.some((p) => p.name in ofB)),
    );
    expect(tried.length).toBeGreaterThanOrEqual(15);
    const problems: string[] = [];
    for (const op of tried) {
      const url = urlWithB(op);
      const res = await a.request({
        method: op.method,
        url,
        ...(op.body ? { payload: bodyFor(op) } : {}),
      });
      const where = `${describeOperation(op)} ${url}`;
      const problem = answerProblem(res);
      if (problem) problems.push(`${where}: ${problem}`);
      const leaked = SECRETS.filter((s) => res.body.includes(s));
      if (leaked.length) problems.push(`${where}: answered B's ${leaked.join(', ')}`);
      if (OWN.test(op.path) && ![403, 404].includes(res.statusCode)) {
        problems.push(`${where}: ${res.statusCode}, not 403 or 404`);
      }
    }
    expect(problems).toEqual([]);
    expect(await views(b)).toEqual(before);
    // A's own lists hold nothing of B's.
    const mine = (await views(a)).join();
    expect(SECRETS.filter((s) => mine.includes(s))).toEqual([]);
  });

  it("does not open B's card payment or its /secure-pay session for A", async () => {
    const session = await a.get(`/api/front/payments/session?order=${ofB.orderNo}`);
    expect([403, 404]).toContain(session.statusCode);
    // Without the order link's token, which only B's e-mail and pages carry.
    const card = await a.post('/api/front/payments/card', {
      order: ofB.orderNo,
      cardNumber: '4111111111111111',
      holder: 'Ayşe Yılmaz',
      expiryMonth: '12',
      expiryYear: '30',
      cvc: '123',
    });
    expect(card.statusCode).toBeGreaterThanOrEqual(400);
    expect(card.statusCode).toBeLessThan(500);
    const attempts = await t.services.database.query<{ n: number }>(
      'select count(*)::int as n from payments p join orders o on o.id = p.order_id where o.order_no = $1',
      [ofB.orderNo],
    );
    expect(attempts[0]!.n).toBe(0);
  });
});

describe('every customer-only operation of /api/docs without a session', () => {
  it('answers 401 OTURUM_GECERSIZ in the error shape, never data', async () => {
    const guarded = operations.filter((op) => op.customerOnly);
    expect(guarded.length).toBeGreaterThanOrEqual(20);
    for (const op of guarded) {
      const url = urlWithB(op);
      const res = await browser(t.app).request({
        method: op.method,
        url,
        ...(op.body ? { payload: sampleOf(op.body) as object } : {}),
      });
      expect({ route: describeOperation(op), status: res.statusCode }).toEqual({
        route: describeOperation(op),
        status: 401,
      });
      expect(res.json()).toEqual({ error: { code: 'OTURUM_GECERSIZ', message: expect.any(String) } });
      expect(answerProblem(res)).toBeUndefined();
    }
  });
});
