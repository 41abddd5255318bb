import { ORDER_STATE } from '@vitrin/shared/order-states';
import { ayse } from '@vitrin/testing/accounts';
import { guest, type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newToken } from '../customers/tokens.ts';
import { cartReminders, customers, mailQueue, products } from '../db/schema.ts';
import { createMarketing } from '../mail/marketing-rounds.ts';
import { createReports } from '../reports/service.ts';
import type { CartOwner } from './owner.ts';

const SHOP_URL = 'https://magaza.example.com';
const MINUTE = 60_000;

let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
});
afterAll(() => t.dispose());

let n = 0;
/** A registered customer (with or without marketing consent) whose cart holds a kupa. */
async function customerWithCart(consent = true) {
  n++;
  const session = await t.services.customers.register({
    ...ayse,
    email: `hatirlat${n}@example.com`,
    marketingConsent: consent,
  });
  const me = session.customer;
  const owner: CartOwner = { customerId: me.id };
  await t.services.cart.add(owner, { productId: t.shop.kupa, quantity: 2 }, { ...guest, customerId: me.id });
  return { me, owner };
}

/** The marketing rounds as a node whose clock is `minutes` after now. */
const nodeAt = (minutes: number) =>
  createMarketing(t.database, {
    mail: t.services.mail,
    settings: t.services.settings,
    cart: t.services.cart,
    shopUrl: SHOP_URL,
    now: () => new Date(Date.now() + minutes * MINUTE),
  });

const remindersOf = (customerId: number) =>
  t.db.select().from(cartReminders).where(eq(cartReminders.customerId, customerId));
/** The reminder e-mails queued to `email` (the registration's welcome mail aside). */
const mailsTo = (email: string) =>
  t.db
    .select()
    .from(mailQueue)
    .where(and(eq(mailQueue.toAddress, email), eq(mailQueue.kind, 'cart-reminder')));

beforeEach(async () => {
  await t.services.settings.set('abandoned_cart_minutes', '60');
  await t.services.settings.set('review_request_days', '0');
  // Carts of earlier tests are not this test's business.
  await t.db.delete(cartReminders);
  await t.db.execute(sql`delete from carts`);
});

describe('abandoned-cart reminders', () => {
  it('waits the setting: idle 59 minutes no, 60 minutes one e-mail with the lines, the restore link and the unsubscribe footer', async () => {
    const { me } = await customerWithCart();
    expect((await nodeAt(59).round())?.cartReminders).toBe(0);
    expect(await remindersOf(me.id)).toHaveLength(0);

    expect((await nodeAt(60).round())?.cartReminders).toBe(1);
    const [reminder] = await remindersOf(me.id);
    expect(reminder).toMatchObject({
      customerId: me.id,
      lines: [{ productId: t.shop.kupa, variantId: null, quantity: 2 }],
    });
    const [mail] = await mailsTo(me.email);
    expect(mail).toMatchObject({ kind: 'cart-reminder' });
    expect(mail!.html).toContain('Sepetinize dönün');
    expect(mail!.html).toMatch(new RegExp(`${SHOP_URL}/cart/restore/[A-Za-z0-9_-]{43}`));
    expect(mail!.html).toContain('kupa');
    expect(mail!.html).toContain('₺250,00');
    expect(mail!.html).toContain(`${SHOP_URL}/uploads/`);
    expect(mail!.html).toContain('E-posta listemizden çıkmak için tıklayın');
    const [row] = await t.db.select().from(customers).where(eq(customers.id, me.id));
    const unsubscribe = `${SHOP_URL}/unsubscribe/${row!.unsubscribeToken}`;
    expect(mail!.html).toContain(unsubscribe);
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('follows the setting: 0 sends none, 30 reminds after 30 minutes', async () => {
    const { me } = await customerWithCart();
    await t.services.settings.set('abandoned_cart_minutes', '0');
    expect((await nodeAt(600).round())?.cartReminders).toBe(0);
    await t.services.settings.set('abandoned_cart_minutes', '30');
    expect((await nodeAt(29).round())?.cartReminders).toBe(0);
    expect((await nodeAt(30).round())?.cartReminders).toBe(1);
    expect(await mailsTo(me.email)).toHaveLength(1);
  });

  it('reminds a cart once, however many rounds and nodes run', async () => {
    const { me } = await customerWithCart();
    const rounds = await Promise.all([nodeAt(61).round(), nodeAt(61).round(), nodeAt(62).round()]);
    await nodeAt(120).round();
    expect(rounds.reduce((sum, r) => sum + (r?.cartReminders ?? 0), 0)).toBe(1);
    expect(await remindersOf(me.id)).toHaveLength(1);
    expect(await mailsTo(me.email)).toHaveLength(1);
  });

  it('sends none to a customer without consent, for an emptied or ordered cart, or for a cart idle over 7 days', async () => {
    const without = await customerWithCart(false);
    const emptied = await customerWithCart();
    const line = (await t.services.cart.view(emptied.owner, guest)).lines[0]!;
    await t.services.cart.remove(emptied.owner, line.id, guest);
    const ordered = await customerWithCart();
    await t.checkOut(ordered.me);
    expect((await nodeAt(90).round())?.cartReminders).toBe(0);
    expect(await remindersOf(without.me.id)).toHaveLength(0);

    const old = await customerWithCart();
    expect((await nodeAt(7 * 24 * 60 + 1).round())?.cartReminders).toBe(0);
    expect(await remindersOf(old.me.id)).toHaveLength(0);
  });

  it('sends none once the customer has unsubscribed', async () => {
    const { me } = await customerWithCart();
    await t.services.customers.setMarketingConsent(me.id, { marketingConsent: false });
    expect((await nodeAt(61).round())?.cartReminders).toBe(0);
    expect(await mailsTo(me.email)).toHaveLength(0);
  });

  it('restores the reminded lines into a guest cart on another device, skipping one no longer sold, and marks it', async () => {
    const { me, owner } = await customerWithCart();
    await t.services.cart.add(
      owner,
      { productId: t.shop.ekitap, quantity: 1 },
      { ...guest, customerId: me.id },
    );
    await nodeAt(61).round();
    const [mail] = await mailsTo(me.email);
    const token = /\/cart\/restore\/([A-Za-z0-9_-]{43})/.exec(mail!.html)![1]!;
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, t.shop.ekitap));
    await t.services.cache.invalidateAll([t.shop.ekitap]);
    try {
      const device: CartOwner = { token: newToken() };
      const result = await nodeAt(62).restore(token, device, guest);
      expect(result).toEqual({ restored: 1, skipped: ['E-Kitap'] });
      const lines = (await t.services.cart.view(device, guest)).lines;
      expect(lines.map((l) => [l.productId, l.quantity])).toEqual([[t.shop.kupa, 2]]);
      // The same link again adds nothing twice.
      expect(await nodeAt(63).restore(token, device, guest)).toEqual({ restored: 0, skipped: ['E-Kitap'] });
      expect((await t.services.cart.view(device, guest)).lines[0]!.quantity).toBe(2);
      const [reminder] = await remindersOf(me.id);
      expect(reminder!.restoredAt).not.toBeNull();
      expect(await nodeAt(63).restore('yok', device, guest)).toBeUndefined();
    } finally {
      await t.db.update(products).set({ isActive: true }).where(eq(products.id, t.shop.ekitap));
      await t.services.cache.invalidateAll([t.shop.ekitap]);
    }
  });

  it('records the recovery with the order total when the customer orders after the reminder, and the dashboard shows it', async () => {
    const { me } = await customerWithCart();
    // Idle for 61 minutes by the database's clock: the order below is placed after the reminder.
    await t.db.execute(sql`update carts set updated_at = now() - interval '61 minutes'`);
    await t.db.execute(
      sql`update cart_items set updated_at = now() - interval '61 minutes', created_at = now() - interval '61 minutes'`,
    );
    expect((await nodeAt(0).round())?.cartReminders).toBe(1);
    const placed = await t.checkOut(me);
    const [reminder] = await remindersOf(me.id);
    expect(reminder).toMatchObject({ orderId: placed.orderId, recoveredMinor: placed.order.totalMinor });
    expect(reminder!.recoveredAt).not.toBeNull();

    const { cartRecovery } = await createReports(t.db, t.services.settings).dashboard();
    expect(cartRecovery).toEqual({ reminded: 1, recovered: 1, revenueMinor: placed.order.totalMinor });

    // Cancelled, the order brought nothing back.
    await t.services.orders.changeStatus(placed.orderId, ORDER_STATE.Cancelled, { actor: 'operator' });
    const after = await createReports(t.db, t.services.settings).dashboard();
    expect(after.cartRecovery).toEqual({ reminded: 1, recovered: 0, revenueMinor: 0 });
  });
});
