import { type OrderWorld, openOrderWorld } from '@vitrin/testing/orders';
import { freePort, smtpMailer, startSmtp } from '@vitrin/testing/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from './mailer.ts';
import { createMailQueue, enqueueMail } from './queue.ts';

// The mail server starts "away": nothing listens on its port until a test brings it up there.
let port: number;
let smtp: Awaited<ReturnType<typeof startSmtp>> | null = null;
let refusing = false;
let mailer: Mailer;
let w: OrderWorld;
beforeAll(async () => {
  port = await freePort();
  mailer = smtpMailer(`smtp://127.0.0.1:${port}`);
  w = await openOrderWorld({ mailer });
  await w.services.orders.ready();
});
afterAll(async () => {
  await w.dispose();
  await smtp?.close();
});

const smtpUp = async () => {
  smtp ??= await startSmtp({ port, refuse: (address) => refusing && address.endsWith('@kapali.test') });
  return smtp;
};
const queued = async (to: string) => (await w.services.mail.list({ limit: 500 })).filter((m) => m.to === to);
/** The same queue as another app node would run it, at a later hour. */
const nodeAt = (minutesLater: number) =>
  createMailQueue(w.services.database.db, {
    mailer,
    now: () => new Date(Date.now() + minutesLater * 60_000),
  });

const pay = (orderNo: string, cardNumber: string) => w.pay(orderNo, cardNumber);

describe('the durable mail queue', () => {
  it('keeps an order e-mail while the mail server is away and sends it once the server is back', async () => {
    const { id, orderNo } = await w.placeOrder({ email: 'bekleyen@example.com' });
    await w.services.orders.afterPlaced(id);
    await w.drain();
    const [waiting] = await queued('bekleyen@example.com');
    expect(waiting).toMatchObject({ kind: 'order-confirmation', status: 'pending', attempts: 1 });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    // Retried minutes later, not at once: nothing is due before the first delay.
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(await nodeAt(1).deliverDue()).toBe(0);

    const server = await smtpUp();
    expect(await nodeAt(6).deliverDue()).toBeGreaterThanOrEqual(1);
    const [mail] = server.mailsTo('bekleyen@example.com');
    expect(mail).toContain(`Siparişiniz alındı – ${orderNo}`);
    expect((await queued('bekleyen@example.com'))[0]).toMatchObject({ status: 'sent', lastError: null });
  });

  it('gives up on a mail the server refuses for good, lists it as failed and sends it on retry', async () => {
    const server = await smtpUp();
    refusing = true;
    const sending = w.services.mail.mailer.send({
      to: 'yok@kapali.test',
      subject: 'Deneme',
      html: '<p>x</p>',
      text: 'x',
    });
    await expect(sending).rejects.toThrow(/refused for good: 550/);
    const [failed] = await queued('yok@kapali.test');
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed!.lastError).toContain('550');
    expect((await w.services.mail.list({ failed: true })).map((m) => m.id)).toContain(failed!.id);

    refusing = false;
    expect(await w.services.mail.retry(failed!.id)).toMatchObject({ status: 'sent' });
    expect(server.mailsTo('yok@kapali.test')).toHaveLength(1);
    expect(await w.services.mail.retry(999_999)).toBeNull();
  });

  it('forgets sent mails after 7 days and failed ones after 30, keeping those still waiting', async () => {
    await smtpUp();
    const { db } = w.services.database;
    const sent = await enqueueMail(db, {
      kind: 'test',
      to: 'eski@example.com',
      subject: 'Eski',
      html: '<p>1</p>',
      text: '1',
    });
    await nodeAt(0).deliverDue();
    expect((await queued('eski@example.com'))[0]).toMatchObject({ status: 'sent' });
    refusing = true;
    await expect(
      w.services.mail.mailer.send({ to: 'eski@kapali.test', subject: 'Eski', html: '<p>1</p>', text: '1' }),
    ).rejects.toThrow();
    refusing = false;
    const failed = (await queued('eski@kapali.test'))[0]!.id;
    const waiting = await enqueueMail(db, {
      kind: 'test',
      to: 'bekler@example.com',
      subject: 'Bekler',
      html: '<p>1</p>',
      text: '1',
    });
    const ids = async () => new Set((await w.services.mail.list({ limit: 500 })).map((m) => m.id));

    await nodeAt(6 * 24 * 60).purge();
    expect((await ids()).has(sent)).toBe(true);
    await nodeAt(8 * 24 * 60).purge();
    expect((await ids()).has(sent)).toBe(false);
    expect((await ids()).has(failed)).toBe(true);
    await nodeAt(31 * 24 * 60).purge();
    expect((await ids()).has(failed)).toBe(false);
    expect((await ids()).has(waiting)).toBe(true);
    await nodeAt(0).deliverDue(); // leaves nothing due for the next test
  });

  it('sends each mail once when two app nodes work the queue at the same time', async () => {
    const server = await smtpUp();
    const { db } = w.services.database;
    const to = Array.from({ length: 12 }, (_, i) => `iki-dugum-${i}@example.com`);
    for (const address of to) {
      await enqueueMail(db, { kind: 'test', to: address, subject: 'Bir kez', html: '<p>1</p>', text: '1' });
    }
    await Promise.all([nodeAt(0).deliverDue(), nodeAt(0).deliverDue()]);
    for (const address of to) expect(server.mailsTo(address)).toHaveLength(1);
  });
});

describe('order e-mails of card payments and to the shop', () => {
  it('confirms a card order only once it is paid, and tells the shop then', async () => {
    const server = await smtpUp();
    const { id, orderNo } = await w.placeOrder({ email: 'kartli@example.com', paymentMethod: 'card' });
    await w.services.orders.afterPlaced(id);
    await w.drain();
    expect(await queued('kartli@example.com')).toHaveLength(0);

    expect(await pay(orderNo, '4000 0000 0000 0002')).toMatchObject({ outcome: 'failed' });
    expect(await pay(orderNo, '4242 4242 4242 4242')).toMatchObject({ outcome: 'paid' });
    await w.drain();
    const mails = server.mailsTo('kartli@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Siparişiniz alındı – ${orderNo}`);
    expect(mails[0]).toContain('Ödeme yöntemi: Kredi / Banka Kartı – Ödendi.');
    expect(mails[0]).not.toContain('henüz tamamlanmadı');
    const notice = server.mailsTo('info@example.com').find((m) => m.includes(orderNo));
    expect(notice).toContain(`Ödemesi alınan sipariş: ${orderNo} – ₺200,00`);
  });

  it('tells a card shopper whose payment time ran out only that the payment was not completed', async () => {
    const server = await smtpUp();
    const { id, orderNo } = await w.placeOrder({
      email: 'suresi-dolan@example.com',
      paymentMethod: 'card',
      dueInMinutes: -1,
    });
    await w.services.orders.afterPlaced(id);
    await w.services.orders.expireUnpaid();
    await w.drain();
    const mails = server.mailsTo('suresi-dolan@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Ödemeniz tamamlanmadı – ${orderNo}`);
    expect(mails[0]).not.toContain('Siparişiniz alındı');
    expect(server.mailsTo('info@example.com').some((m) => m.includes(orderNo))).toBe(false);
  });

  it('sends the shop a notice of each new order to order_email, by default the contact e-mail', async () => {
    const server = await smtpUp();
    const first = await w.placeOrder({ email: 'alici@example.com', paymentMethod: 'cod' });
    await w.services.orders.afterPlaced(first.id);
    await w.drain();
    const notice = server.mailsTo('info@example.com').find((m) => m.includes(first.orderNo));
    expect(notice).toContain(`Yeni sipariş: ${first.orderNo}`);
    expect(notice).toContain('Müşteri: Ayşe Yılmaz <alici@example.com>');
    expect(notice).toContain('Ödeme yöntemi: Kapıda Ödeme');
    expect(notice).toContain('Kupa × 2: ₺200,00');

    await w.services.settings.set('order_email', 'siparis@magaza.test');
    const second = await w.placeOrder({ email: 'alici@example.com' });
    await w.services.orders.afterPlaced(second.id);
    await w.drain();
    expect(server.mailsTo('siparis@magaza.test').some((m) => m.includes(second.orderNo))).toBe(true);
    expect(server.mailsTo('info@example.com').some((m) => m.includes(second.orderNo))).toBe(false);
    await w.services.settings.set('order_email', '');
  });
});
