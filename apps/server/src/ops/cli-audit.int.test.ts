import { mailQueue, products } from '@vitrin/core/db/schema';
import { enqueueMail } from '@vitrin/core/mail/queue';
import { person } from '@vitrin/testing/accounts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandFailure, commandWorld } from '../../test/commands.ts';
import { createTestServices } from '../../test/server.ts';
import { runCommand } from './commands.ts';

const c = commandWorld();
const run = (...args: string[]) => c.run(...args);
const entries = async (entity: string) => (await c.services.audit.page({ entity })).items;
const lastEntry = async (entity: string) => (await entries(entity))[0];
const CLI = { kind: 'cli' };

/** A customer of the command world's shop (registered once per address). */
async function customer(n: number) {
  const { customer } = await c.services.customers.register(person(n));
  return customer;
}

describe('every CLI command that changes the shop is in the audit log as the CLI', () => {
  it('product set: each field with its value before and after, in the change’s transaction', async () => {
    const [kupa] = await c.services.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, 'kupa'));
    const id = String(kupa!.id);
    await run('product', 'set', 'kupa', 'name', 'Mavi Kupa');
    expect(await lastEntry('product')).toMatchObject({
      actor: CLI,
      action: 'product.update',
      entity: 'product',
      entityId: id,
      before: { name: 'kupa' },
      after: { name: 'Mavi Kupa' },
    });
    await run('product', 'set', 'kupa', 'price', '249,90');
    expect(await lastEntry('product')).toMatchObject({
      before: { priceMinor: null },
      after: { priceMinor: 24990 },
    });
    await run('product', 'set', 'kupa', 'price', '199');
    expect(await lastEntry('product')).toMatchObject({
      before: { priceMinor: 24990 },
      after: { priceMinor: 19900 },
    });
    await run('product', 'set', 'kupa', 'market-price', '300');
    expect(await lastEntry('product')).toMatchObject({ after: { marketPriceMinor: 30000 } });
    await run('product', 'set', 'kupa', 'market-price', 'yok');
    expect(await lastEntry('product')).toMatchObject({
      before: { marketPriceMinor: 30000 },
      after: { marketPriceMinor: null },
    });
    await run('product', 'set', 'kupa', 'stock', '12');
    expect(await lastEntry('product')).toMatchObject({ before: { stock: 1000 }, after: { stock: 12 } });
    await run('product', 'set', 'kupa', 'active', '0');
    expect(await lastEntry('product')).toMatchObject({
      before: { isActive: true },
      after: { isActive: false },
    });

    // A refused change and one that changes nothing write no entry.
    const count = (await entries('product')).length;
    expect((await commandFailure(run('product', 'set', 'kupa', 'price', '-3'))).code).toBe('DEGER_GECERSIZ');
    await run('product', 'set', 'kupa', 'stock', '12');
    expect(await entries('product')).toHaveLength(count);
  });

  it('category set', async () => {
    await run('category', 'set', 'seramik', 'featured', '1');
    expect(await lastEntry('category')).toMatchObject({
      actor: CLI,
      action: 'category.update',
      before: { isFeatured: false },
      after: { isFeatured: true },
    });
    await run('category', 'set', 'seramik', 'name', 'Seramikler');
    expect(await lastEntry('category')).toMatchObject({
      before: { name: 'Seramik' },
      after: { name: 'Seramikler' },
    });
  });

  it('settings set, in the setting’s transaction; a refused value writes nothing', async () => {
    await run('settings', 'set', 'free_shipping_threshold', '750');
    const entry = await lastEntry('settings');
    expect(entry).toMatchObject({
      actor: CLI,
      action: 'settings.set',
      entityId: 'free_shipping_threshold',
      after: { free_shipping_threshold: 750 },
    });
    const count = (await entries('settings')).length;
    expect((await commandFailure(run('settings', 'set', 'is_online', 'belki'))).code).toBe(
      'AYAR_DEGERI_GECERSIZ',
    );
    expect(await entries('settings')).toHaveLength(count);
  });

  it('customer wholesale', async () => {
    const { id, email } = await customer(71);
    await run('customer', 'wholesale', email, 'on');
    expect(await lastEntry('customer')).toMatchObject({
      actor: CLI,
      action: 'customer.update',
      entityId: String(id),
      before: { wholesale: false },
      after: { wholesale: true },
    });
    await run('customer', 'wholesale', email.toUpperCase(), 'off');
    expect((await lastEntry('customer'))!.after).toEqual({ wholesale: false });
    expect((await commandFailure(run('customer', 'wholesale', 'kimse@example.com', 'on'))).code).toBe(
      'HESAP_BULUNAMADI',
    );
  });

  it('ticket reply, with the customer’s e-mail queued in the same transaction', async () => {
    const { id, email } = await customer(72);
    const ticket = await c.services.support.open(id, { subject: 'Kargom gelmedi', message: 'Nerede acaba?' });
    await run('ticket', 'reply', ticket.ticketNo, 'Bugün kargoya verildi.');
    expect(await lastEntry('ticket')).toMatchObject({
      actor: CLI,
      action: 'ticket.shopReply',
      entityId: ticket.ticketNo,
      before: { status: 'open' },
      after: { status: 'answered', message: 'Bugün kargoya verildi.' },
    });
    const mails = await c.services.mail.list();
    expect(mails.filter((m) => m.kind === 'ticket-reply' && m.to === email)).toHaveLength(1);
  });

  it('order status and order refunded', async () => {
    const { orderNo } = await c.w.placeOrder({ paymentMethod: 'transfer' });
    await run('order', 'status', orderNo, '1');
    expect(await lastEntry('order')).toMatchObject({
      actor: CLI,
      action: 'order.status',
      entityId: orderNo,
      before: { status: 0 },
      after: { status: 1 },
    });
    await run('order', 'status', orderNo, '6');
    await run('order', 'refunded', orderNo);
    expect(await lastEntry('order')).toMatchObject({
      actor: CLI,
      action: 'order.refunded',
      entityId: orderNo,
      before: { paymentStatus: 'refund_pending' },
      after: { paymentStatus: 'refunded' },
    });
  });

  it('mail retry', async () => {
    const { db } = c.services.database;
    const id = await enqueueMail(db, {
      kind: 'order-confirmation',
      to: 'denetim@example.com',
      subject: 'Siparişiniz alındı',
      html: '<p>x</p>',
      text: 'x',
    });
    await db.update(mailQueue).set({ status: 'failed', attempts: 9 }).where(eq(mailQueue.id, id));
    await run('mail', 'retry', String(id));
    expect(await lastEntry('mail')).toMatchObject({
      actor: CLI,
      action: 'mail.retry',
      entityId: String(id),
      before: { status: 'failed', attempts: 9 },
      after: { status: 'pending', attempts: 0 },
    });
  });

  it('staff create', async () => {
    await run('staff', 'create', 'denetim@magaza.test', '--role', 'support');
    expect(await lastEntry('staff')).toMatchObject({ actor: CLI, action: 'staff.create' });
  });
});

describe('seed', () => {
  let services: Awaited<ReturnType<typeof createTestServices>>;
  beforeAll(async () => {
    services = await createTestServices({ demo: false });
  });
  afterAll(() => services.dispose());

  it('records the demo shop loaded into an empty shop, once', async () => {
    expect(await runCommand(services, ['seed'])).toBe('Demo mağaza verisi yüklendi.');
    const seeded = (await services.audit.page({ entity: 'shop' })).items;
    expect(seeded).toHaveLength(1);
    expect(seeded[0]).toMatchObject({
      actor: CLI,
      action: 'shop.seed',
      before: { demo: false },
      after: { demo: true },
    });
    expect(await runCommand(services, ['seed'])).toBe('Mağazada zaten veri var; demo verisi yüklenmedi.');
    expect((await services.audit.page({ entity: 'shop' })).items).toHaveLength(1);
  });
});
