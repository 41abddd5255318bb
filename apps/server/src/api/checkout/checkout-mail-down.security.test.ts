import { randomUUID } from 'node:crypto';
import { createMailQueue } from '@vitrin/core/mail/queue';
import { guestCheckoutForm, seedTestShop, type TestShop } from '@vitrin/testing/shop';
import { freePort, smtpMailer, startSmtp } from '@vitrin/testing/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser } from '../../../test/accounts.ts';
import { createTestApp } from '../../../test/server.ts';

/**
 * The mail server is down while shoppers order (nothing listens on its port). The order is placed and the
 * shopper is told nothing but that; its confirmation waits in the durable queue and goes out once, after the
 * server is back.
 */
let port: number;
let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
let mailer: ReturnType<typeof smtpMailer>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: TestShop;

beforeAll(async () => {
  port = await freePort();
  mailer = smtpMailer(`smtp://127.0.0.1:${port}`);
  t = await createTestApp({ demo: false, services: { mailer, shopUrl: 'https://magaza.example.com' } });
  await t.services.orders.ready();
  shop = await seedTestShop(t.services.database.db);
});

afterAll(async () => {
  await t?.services.orders.drainMail();
  await t?.close();
  mailer?.close();
  await smtp?.close();
});

const EMAIL = 'postasi-bekleyen@example.com';
/** The queue as a node runs it `minutes` from now (the first retry comes 5 minutes after a failure). */
const queueAt = (minutes: number) =>
  createMailQueue(t.services.database.db, { mailer, now: () => new Date(Date.now() + minutes * 60_000) });
const mails = async () => (await t.services.mail.list({ limit: 500 })).filter((m) => m.to === EMAIL);

describe('an order placed while the mail server is down', () => {
  it('is placed with the usual answer, and its confirmation is sent once when the server is back', async () => {
    const shopper = browser(t.app);
    expect(
      (await shopper.post('/api/front/cart/items', { productId: shop.kupa, quantity: 1 })).statusCode,
    ).toBe(201);
    const placed = await shopper.request({
      method: 'POST',
      url: '/api/front/checkout',
      payload: guestCheckoutForm({ email: EMAIL }),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    // The answer of any placed order: no warning, no word of e-mail.
    expect(order).toEqual({
      orderNo: expect.stringMatching(/^VT-/),
      status: 0,
      paymentMethod: 'transfer',
      paymentStatus: 'pending',
      totalMinor: expect.any(Number),
      next: expect.stringMatching(/^\/order-success\?order=VT-/),
    });
    const token = new URL(order.next, 'http://x').searchParams.get('token');
    const detail = await shopper.get(`/api/front/orders/${order.orderNo}?token=${token}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().orderNo).toBe(order.orderNo);

    // The attempt right after the order failed; the mail waits for its retry.
    await t.services.orders.drainMail();
    const [waiting] = await mails();
    expect(waiting).toMatchObject({ kind: 'order-confirmation', status: 'pending', attempts: 1 });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);

    smtp = await startSmtp({ port });
    expect(await queueAt(6).deliverDue()).toBeGreaterThanOrEqual(1);
    // Later rounds, on this node or another, send nothing again.
    expect(await queueAt(30).deliverDue()).toBe(0);
    const received = smtp.mailsTo(EMAIL);
    expect(received).toHaveLength(1);
    expect(received[0]).toContain(`Siparişiniz alındı – ${order.orderNo}`);
    expect(await mails()).toEqual([expect.objectContaining({ status: 'sent', lastError: null })]);
  });
});
