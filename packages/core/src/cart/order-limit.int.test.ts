import { randomUUID } from 'node:crypto';
import { MAX_ORDER_TOTAL_MINOR } from '@vitrin/shared/api/cart';
import { rejection } from '@vitrin/testing/accounts';
import { guest, guestCheckoutForm, type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../customers/tokens.ts';
import { orderItems, orders } from '../db/schema.ts';

// 12 500 000 TL a piece: four make exactly the most one order may come to, two already pass what a 32-bit
// column holds (21 474 836,47 TL).
const PRICE_MINOR = 1_250_000_000;
let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
  await t.services.catalogAdmin.setProduct('kupa', 'market-price', 'yok');
  await t.services.catalogAdmin.setProduct('kupa', 'price', '12500000');
});
afterAll(() => t.dispose());

const buyer = { ...guest, phone: null };
const LIMIT_MESSAGE =
  'Bir siparişin tutarı en fazla ₺50.000.000,00 olabilir. Lütfen sepetinizdeki ürünlerin adedini azaltın ya da siparişinizi bölün.';

async function cartOf(quantity: number) {
  const owner = { token: newToken() };
  const cart = await t.services.cart.add(owner, { productId: t.shop.kupa, quantity }, guest);
  return { owner, cart };
}

describe('the most one order may come to', () => {
  it('places an order of exactly the limit, its amounts kept whole beyond 32 bits', async () => {
    const { owner, cart } = await cartOf(4);
    expect(cart.totals.subtotalMinor).toBe(MAX_ORDER_TOTAL_MINOR);
    const quote = await t.services.checkout.quote(owner, { paymentMethod: 'transfer' }, buyer);
    expect(quote.totals.totalMinor).toBe(MAX_ORDER_TOTAL_MINOR);
    const placed = await t.services.checkout.place(owner, buyer, guestCheckoutForm(), randomUUID());
    expect(placed.order.totalMinor).toBe(MAX_ORDER_TOTAL_MINOR);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(row).toMatchObject({ subtotalMinor: MAX_ORDER_TOTAL_MINOR, totalMinor: MAX_ORDER_TOTAL_MINOR });
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(line).toMatchObject({ unitPriceMinor: PRICE_MINOR, lineTotalMinor: MAX_ORDER_TOTAL_MINOR });
    await t.setStock(t.shop.kupa, 10);
  });

  it('refuses at the cart a line that takes it past the limit, in Turkish, and keeps the cart as it was', async () => {
    const { owner } = await cartOf(4);
    const refused = await rejection(
      t.services.cart.add(owner, { productId: t.shop.kupa, quantity: 1 }, guest),
    );
    expect(refused).toMatchObject({ status: 409, code: 'SIPARIS_TUTARI_SINIRI', message: LIMIT_MESSAGE });
    const cart = await t.services.cart.view(owner, guest);
    expect(cart.lines.map((l) => l.quantity)).toEqual([4]);

    const lineId = cart.lines[0]!.id;
    const raised = await rejection(t.services.cart.setQuantity(owner, lineId, { quantity: 5 }, guest));
    expect(raised).toMatchObject({ status: 409, code: 'SIPARIS_TUTARI_SINIRI' });
    expect((await t.services.cart.view(owner, guest)).lines[0]!.quantity).toBe(4);

    const fresh = { token: newToken() };
    expect(
      await rejection(t.services.cart.add(fresh, { productId: t.shop.kupa, quantity: 5 }, guest)),
    ).toMatchObject({ code: 'SIPARIS_TUTARI_SINIRI' });
    expect((await t.services.cart.view(fresh, guest)).lines).toEqual([]);
  });

  it('refuses the quote and the order, not with a server error, when a price rose past the limit', async () => {
    const { owner } = await cartOf(4);
    await t.services.catalogAdmin.setProduct('kupa', 'price', '12500001');
    try {
      const quote = await rejection(t.services.checkout.quote(owner, { paymentMethod: 'transfer' }, buyer));
      expect(quote).toMatchObject({ status: 409, code: 'SIPARIS_TUTARI_SINIRI', message: LIMIT_MESSAGE });
      const before = await t.count('orders');
      const place = await rejection(
        t.services.checkout.place(owner, buyer, guestCheckoutForm(), randomUUID()),
      );
      expect(place).toMatchObject({ status: 409, code: 'SIPARIS_TUTARI_SINIRI' });
      expect(await t.count('orders')).toBe(before);
    } finally {
      await t.services.catalogAdmin.setProduct('kupa', 'price', '12500000');
    }
  });
});
