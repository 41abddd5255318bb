import { randomUUID } from 'node:crypto';
import { ayse, homeAddress, rejection } from '@vitrin/testing/accounts';
import {
  guest,
  guestAddress,
  guestCheckoutForm,
  type OpenTestShop,
  openTestShop,
} from '@vitrin/testing/shop';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartOwner } from '../cart/owner.ts';
import { newToken } from '../customers/tokens.ts';
import { coupons, orderHistory, orderItems, orders, productPrices, products } from '../db/schema.ts';
import { detailOf, orderDetail } from '../orders/queries.ts';
import { type CheckoutBuyer, placeOrder } from './place-order.ts';

let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
});
afterAll(() => t.dispose());

const guestBuyer: CheckoutBuyer = { ...guest, phone: null };
const guestForm = (extra: Record<string, unknown> = {}) =>
  guestCheckoutForm({ email: 'Misafir@Example.com', ...extra });

async function cartWith(
  items: Array<Record<string, unknown>>,
  owner: CartOwner = { token: newToken() },
  shopper = guest,
) {
  for (const item of items) await t.services.cart.add(owner, { quantity: 1, ...item } as never, shopper);
  return owner;
}
const place = (
  owner: CartOwner,
  form: Record<string, unknown>,
  key: unknown = randomUUID(),
  buyer = guestBuyer,
) => t.services.checkout.place(owner, buyer, form, key);

describe('checkout: placing an order', () => {
  it('places a guest bank-transfer order with everything copied, and empties the cart', async () => {
    const owner = await cartWith([
      { productId: t.shop.kupa, quantity: 2 },
      { productId: t.shop.pestemal, variantId: t.shop.variants.mavi },
    ]);
    const before = await t.stockOf(t.shop.kupa);
    const result = await place(owner, guestForm({ note: 'Kapıya bırakın' }));
    expect(result.order).toMatchObject({
      status: 0,
      paymentMethod: 'transfer',
      paymentStatus: 'pending',
      totalMinor: 50_000 + 41_250,
    });
    expect(result.order.orderNo).toMatch(/^VT-[A-HJKMNP-Z2-9]{8}$/);
    expect(result.order.next).toMatch(
      new RegExp(`^/order-success\\?order=${result.order.orderNo}&token=[\\w-]{22}$`),
    );
    expect(await t.stockOf(t.shop.kupa)).toBe(before! - 2);

    const [order] = await t.db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({
      email: 'misafir@example.com',
      phone: '+905321112233',
      customerId: null,
      subtotalMinor: 91_250,
      shippingMinor: 0,
      usdRate: '41.25',
      note: 'Kapıya bırakın',
      paymentDueAt: null,
    });
    expect(order!.shippingAddress).toMatchObject({
      province: 'İstanbul',
      district: 'Kadıköy',
      tcKimlikNo: '10000000146',
    });
    expect(order!.billingAddress).toEqual(order!.shippingAddress);
    const vatGross = order!.vatLines.reduce((a, v) => a + v.grossMinor, 0);
    expect(vatGross).toBe(order!.totalMinor);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, result.orderId));
    expect(
      items.map((i) => [
        i.name,
        i.sku,
        i.quantity,
        i.unitPriceMinor,
        i.originalPriceMinor,
        i.originalCurrency,
        i.stockTaken,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['Sırlı Kupa', 'KUPA', 2, 25_000, 25_000, 'TRY', true],
        ['Peştemal', 'PESTEMAL-MAVI', 1, 41_250, 1000, 'USD', true],
      ]),
    );
    expect(items.find((i) => i.variantId !== null)?.options).toEqual({ Renk: 'Mavi' });
    const history = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, result.orderId));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: 0, actor: 'customer' }]);
    expect((await t.services.cart.view(owner, guest)).lines).toEqual([]);
  });

  it('places a card order pending payment, due after card_payment_minutes, with instalments', async () => {
    const owner = await cartWith([{ productId: t.shop.kupa }]);
    const result = await place(owner, guestForm({ paymentMethod: 'card', instalments: 3 }));
    expect(result.order.paymentStatus).toBe('pending');
    expect(result.order.next).toMatch(/^\/secure-pay\?order=VT-/);
    expect(result.order.totalMinor).toBe(25_000 + 4990 + 2500);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order!.instalments).toBe(3);
    expect(order!.instalmentFeeMinor).toBe(2500);
    const due = order!.paymentDueAt!.getTime() - order!.createdAt.getTime();
    expect(due).toBe(30 * 60_000);
  });

  it('places a cash-on-delivery order with the COD fee and payment not required', async () => {
    const owner = await cartWith([{ productId: t.shop.kupa }]);
    const result = await place(owner, guestForm({ paymentMethod: 'cod' }));
    expect(result.order).toMatchObject({ paymentStatus: 'not_required', totalMinor: 25_000 + 4990 + 2990 });
  });

  it("places a customer's order with their saved addresses", async () => {
    const session = await t.services.customers.register({ ...ayse, email: 'kayitli@example.com' });
    const me = session.customer;
    const address = await t.services.addresses.create(me.id, homeAddress);
    const buyer: CheckoutBuyer = { customerId: me.id, email: me.email, wholesale: false, phone: me.phone };
    const owner = await cartWith([{ productId: t.shop.kupa }], { customerId: me.id });
    const result = await place(
      owner,
      {
        shippingAddressId: address.id,
        billingAddressId: address.id,
        paymentMethod: 'card',
        acceptTerms: true,
      },
      randomUUID(),
      buyer,
    );
    const [order] = await t.db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({ customerId: me.id, email: 'kayitli@example.com', phone: '+905321234567' });
    expect(order!.billingAddress.line).toBe(homeAddress.line);
  });

  it("refuses another customer's saved address with ADRES_BULUNAMADI", async () => {
    const other = await t.services.customers.register({
      ...ayse,
      firstName: 'Can',
      lastName: 'Demir',
      email: 'baska@example.com',
      phone: '0532 123 45 68',
    });
    const foreign = await t.services.addresses.create(other.customer.id, homeAddress);
    const owner = await cartWith([{ productId: t.shop.kupa }]);
    const err = await rejection(
      place(owner, guestForm({ shippingAddress: undefined, shippingAddressId: foreign.id })),
    );
    expect(err).toMatchObject({ code: 'ADRES_BULUNAMADI', status: 404 });
  });

  it('refuses cash on delivery for a cart of virtual products only', async () => {
    const owner = await cartWith([{ productId: t.shop.ekitap }]);
    expect(await rejection(place(owner, guestForm({ paymentMethod: 'cod' })))).toMatchObject({
      code: 'ODEME_YONTEMI_GECERSIZ',
      status: 400,
    });
    const ok = await place(
      owner,
      guestForm({
        paymentMethod: 'transfer',
        shippingAddress: undefined,
        billingSameAsShipping: false,
        billingAddress: guestAddress,
      }),
    );
    const [order] = await t.db.select().from(orders).where(eq(orders.id, ok.orderId));
    expect(order).toMatchObject({ shippingMinor: 0, shippingAddress: null, totalMinor: 9900 });
  });

  it('refuses an order whose terms were not accepted', async () => {
    const owner = await cartWith([{ productId: t.shop.kupa }]);
    const err = await rejection(place(owner, guestForm({ acceptTerms: false })));
    expect(err).toMatchObject({
      code: 'GECERSIZ_ISTEK',
      fields: {
        acceptTerms: 'Ön bilgilendirme formunu ve mesafeli satış sözleşmesini onaylamanız gerekiyor',
      },
    });
  });

  it('refuses a guest without e-mail, phone or address, naming each field', async () => {
    const owner = await cartWith([{ productId: t.shop.kupa }]);
    const err = await rejection(place(owner, { paymentMethod: 'transfer', acceptTerms: true }));
    expect(err.fields).toEqual({ email: 'E-posta adresinizi girin', phone: 'Cep telefonu numaranızı girin' });
    const noAddress = await rejection(place(owner, guestForm({ shippingAddress: undefined })));
    expect(noAddress.fields).toMatchObject({ shippingAddress: 'Teslimat adresini girin' });
    const badAddress = await rejection(
      place(owner, guestForm({ shippingAddress: { ...guestAddress, tcKimlikNo: '12345678901' } })),
    );
    expect(badAddress.fields).toEqual({
      'shippingAddress.tcKimlikNo': 'Geçerli bir T.C. kimlik numarası girin',
    });
  });

  it('ignores prices and totals sent by the client', async () => {
    const owner = await cartWith([{ productId: t.shop.kupa }]);
    const result = await place(
      owner,
      guestForm({ totalMinor: 1, subtotalMinor: 1, discountMinor: 99_999, lines: [{ unitPriceMinor: 1 }] }),
    );
    expect(result.order.totalMinor).toBe(25_000 + 4990);
  });

  it('prices the order from the catalogue as it is when ordering, also just after a change (caches dropped)', async () => {
    const owner = await cartWith([{ productId: t.shop.kupa, quantity: 2 }]);
    const stock = await t.stockOf(t.shop.kupa);
    await t.services.catalogAdmin.setProduct('kupa', 'price', '300');
    try {
      const result = await place(owner, guestForm());
      const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, result.orderId));
      expect(line).toMatchObject({ unitPriceMinor: 30_000, lineTotalMinor: 60_000 });
    } finally {
      await t.services.catalogAdmin.setProduct('kupa', 'price', '250');
      await t.setStock(t.shop.kupa, stock);
    }
  });

  it('prices the order at the current price while this app node still caches the old one', async () => {
    const owner = await cartWith([{ productId: t.shop.kupa }]);
    const stock = await t.stockOf(t.shop.kupa);
    const salePrice = and(
      eq(productPrices.productId, t.shop.kupa),
      isNull(productPrices.variantId),
      eq(productPrices.priceType, 2),
    );
    // A change made on another app node: written with the product's new version, but the drop of this
    // node's caches has not arrived yet.
    const changeOnAnotherNode = async (amountMinor: number) => {
      await t.db.transaction(async (tx) => {
        await tx.update(productPrices).set({ amountMinor }).where(salePrice);
        await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, t.shop.kupa));
      });
    };
    await changeOnAnotherNode(32_000);
    try {
      const result = await place(owner, guestForm());
      const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, result.orderId));
      expect(line).toMatchObject({ unitPriceMinor: 32_000, lineTotalMinor: 32_000 });
    } finally {
      await changeOnAnotherNode(25_000);
      await t.setStock(t.shop.kupa, stock);
    }
  });

  it('places an order with a category coupon just after the caches were dropped', async () => {
    await t.addCoupon({ code: 'KUPALAR10', categoryId: t.shop.categories.kupalar });
    const owner = await cartWith([{ productId: t.shop.kupa }]);
    await t.services.cart.applyCoupon(owner, { code: 'KUPALAR10' }, guest);
    const stock = await t.stockOf(t.shop.kupa);
    await t.services.catalogAdmin.setProduct('kupa', 'price', '250');
    try {
      const result = await place(owner, guestForm());
      const [order] = await t.db.select().from(orders).where(eq(orders.id, result.orderId));
      expect(order).toMatchObject({ couponCode: 'KUPALAR10', discountMinor: 2_500 });
    } finally {
      await t.setStock(t.shop.kupa, stock);
    }
  });

  it('gives the confirmation e-mail the order exactly as reading it back would', async () => {
    await t.addCoupon({ code: 'YAZILAN5', kind: 'amount', value: 500 });
    const owner = await cartWith([
      { productId: t.shop.kupa, quantity: 2 },
      { productId: t.shop.pestemal, variantId: t.shop.variants.mavi },
      { productId: t.shop.isimliKupa, personalization: { fields: { isim: 'Ayşe', not: 'İyi ki doğdun' } } },
    ]);
    await t.services.cart.applyCoupon(owner, { code: 'YAZILAN5' }, guest);
    const kupaStock = await t.stockOf(t.shop.kupa);
    const placed = await placeOrder(
      {
        db: t.db,
        settings: t.services.settings.all,
        cart: t.services.cart,
        coupons: t.services.coupons,
        now: () => new Date(),
      },
      owner,
      guestBuyer,
      guestForm({ paymentMethod: 'card', instalments: 3, note: 'Hediye paketi lütfen' }),
      randomUUID(),
    );
    await t.setStock(t.shop.kupa, kupaStock);
    const extras = { bankAccounts: [], payUrl: (orderNo: string) => `/secure-pay?order=${orderNo}` };
    const asWritten = detailOf(placed.order, placed.parts!, extras);
    expect(asWritten).toEqual(await orderDetail(t.db, placed.order, extras));
    expect(asWritten.lines.map((l) => [l.slug, l.quantity])).toEqual([
      ['kupa', 2],
      ['pestemal', 1],
      ['isimli-kupa', 1],
    ]);
  });

  it("queues the confirmation and the shop's notice in the order's transaction, none for an unpaid card order or a refused one", async () => {
    const queued = async (orderNo: string) =>
      (await t.services.mail.list({ limit: 500 }))
        .filter((m) => m.subject.includes(orderNo))
        .map((m) => [m.kind, m.to])
        .sort();
    const transfer = await place(await cartWith([{ productId: t.shop.ekitap }]), guestForm());
    expect(await queued(transfer.order.orderNo)).toEqual([
      ['order-confirmation', 'misafir@example.com'],
      ['order-notice', 'info@example.com'],
    ]);
    const card = await place(
      await cartWith([{ productId: t.shop.ekitap }]),
      guestForm({ paymentMethod: 'card' }),
    );
    expect(await queued(card.order.orderNo)).toEqual([]);

    const mailsBefore = (await t.services.mail.list({ limit: 500 })).length;
    const owner = await cartWith([{ productId: t.shop.defter, quantity: 3 }]);
    await t.setStock(t.shop.defter, 2);
    expect(await rejection(place(owner, guestForm()))).toMatchObject({ code: 'STOK_YETERSIZ' });
    expect(await t.services.mail.list({ limit: 500 })).toHaveLength(mailsBefore);
    await t.setStock(t.shop.defter, 50);
  });

  it('refuses an empty cart with SEPET_BOS', async () => {
    expect(await rejection(place({ token: newToken() }, guestForm()))).toMatchObject({
      code: 'SEPET_BOS',
      status: 409,
    });
  });

  it('refuses a line that ran out meanwhile with STOK_YETERSIZ naming the product, leaving nothing behind', async () => {
    const owner = await cartWith([{ productId: t.shop.defter, quantity: 3 }]);
    await t.setStock(t.shop.defter, 2);
    const ordersBefore = await t.count('orders');
    const err = await rejection(place(owner, guestForm()));
    expect(err).toMatchObject({ code: 'STOK_YETERSIZ', status: 409 });
    expect(err.message).toContain('İsimli Defter');
    expect(await t.count('orders')).toBe(ordersBefore);
    expect(await t.stockOf(t.shop.defter)).toBe(2);
    await t.setStock(t.shop.defter, 50);
  });

  it('takes one product of several personalized lines once, as the sum of their quantities', async () => {
    await t.setStock(t.shop.defter, 10);
    const owner = await cartWith([
      { productId: t.shop.defter, quantity: 2, personalization: { fields: { isim: 'Ayşe' } } },
      { productId: t.shop.defter, quantity: 3, personalization: { fields: { isim: 'Mehmet' } } },
      { productId: t.shop.kupa, quantity: 1 },
      { variantId: t.shop.variants.mavi, productId: t.shop.pestemal, quantity: 1 },
    ]);
    const variantStock = async () =>
      (
        await t.database.query<{ stock: number }>('select stock from product_variants where id = $1', [
          t.shop.variants.mavi,
        ])
      )[0]!.stock;
    const [kupaBefore, maviBefore] = [await t.stockOf(t.shop.kupa), await variantStock()];
    const { orderId } = await place(owner, guestForm());
    expect(await t.stockOf(t.shop.defter)).toBe(5);
    expect(await t.stockOf(t.shop.kupa)).toBe(kupaBefore! - 1);
    expect(await variantStock()).toBe(maviBefore - 1);
    const lines = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.id);
    expect(lines.map((l) => [l.quantity, l.stockTaken])).toEqual([
      [2, true],
      [3, true],
      [1, true],
      [1, true],
    ]);
    await t.setStock(t.shop.defter, 50);
  });

  it('refuses personalized lines whose sum is above the stock though each fits, taking nothing', async () => {
    await t.setStock(t.shop.defter, 4);
    const owner = await cartWith([
      { productId: t.shop.kupa, quantity: 1 },
      { productId: t.shop.defter, quantity: 3, personalization: { fields: { isim: 'Ayşe' } } },
      { productId: t.shop.defter, quantity: 3, personalization: { fields: { isim: 'Mehmet' } } },
    ]);
    const kupaBefore = await t.stockOf(t.shop.kupa);
    const ordersBefore = await t.count('orders');
    const err = await rejection(place(owner, guestForm()));
    expect(err).toMatchObject({ code: 'STOK_YETERSIZ', status: 409 });
    expect(err.message).toContain('yalnızca 4 adet');
    expect(await t.count('orders')).toBe(ordersBefore);
    expect(await t.stockOf(t.shop.defter)).toBe(4);
    expect(await t.stockOf(t.shop.kupa)).toBe(kupaBefore);
    await t.setStock(t.shop.defter, 50);
  });

  it('opens an account for a guest who asked, and the account owns the order', async () => {
    const owner = await cartWith([{ productId: t.shop.kupa }]);
    const result = await place(
      owner,
      guestForm({ email: 'yeni@example.com', createAccountPassword: 'gizli-şifre-1' }),
    );
    expect(result.account).toMatchObject({ created: true });
    expect(result.order.account).toEqual({
      created: true,
      message: 'Hesabınız oluşturuldu ve giriş yaptınız.',
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order!.customerId).toBe(result.account!.session!.customer.id);
  });

  it('keeps the order when the account cannot be opened (the e-mail is taken)', async () => {
    const owner = await cartWith([{ productId: t.shop.kupa }]);
    const result = await place(
      owner,
      guestForm({ email: 'yeni@example.com', createAccountPassword: 'gizli-şifre-1' }),
    );
    expect(result.order.orderNo).toMatch(/^VT-/);
    expect(result.account?.created).toBe(false);
    expect(result.account?.message).toContain('Bu e-posta adresiyle kayıtlı bir hesap zaten var');
  });
});

describe('checkout: idempotency', () => {
  it('refuses a missing or too long Idempotency-Key', async () => {
    const owner = await cartWith([{ productId: t.shop.kupa }]);
    expect(await rejection(place(owner, guestForm(), null))).toMatchObject({
      code: 'IDEMPOTENCY_KEY_GECERSIZ',
      status: 400,
    });
    expect(await rejection(place(owner, guestForm(), 'x'.repeat(101)))).toMatchObject({
      code: 'IDEMPOTENCY_KEY_GECERSIZ',
    });
  });

  it('answers the same key and request with the same order, and the same key with another request with 409', async () => {
    const owner = await cartWith([{ productId: t.shop.kupa }]);
    const key = randomUUID();
    const first = await place(owner, guestForm(), key);
    const again = await place(owner, guestForm(), key);
    expect(again.replayed).toBe(true);
    expect(again.order).toEqual(first.order);
    expect(await rejection(place(owner, guestForm({ note: 'başka' }), key))).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      status: 409,
    });
  });
});

describe('checkout: under concurrency', () => {
  it('sells exactly the stock to 50 concurrent buyers of 10 pieces, never below zero', async () => {
    await t.setStock(t.shop.kupa, 10);
    const buyers = await Promise.all(
      Array.from({ length: 50 }, () => cartWith([{ productId: t.shop.kupa }])),
    );
    const before = await t.count('orders');
    const results = await Promise.allSettled(buyers.map((owner) => place(owner, guestForm())));
    const placed = results.filter((r) => r.status === 'fulfilled');
    const refused = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason.code);
    expect(placed).toHaveLength(10);
    expect(new Set(refused)).toEqual(new Set(['STOK_YETERSIZ']));
    expect(await t.stockOf(t.shop.kupa)).toBe(0);
    expect(await t.count('orders')).toBe(before + 10);
  });

  it('uses a coupon of 5 uses exactly 5 times across 20 concurrent orders', async () => {
    await t.setStock(t.shop.ekitap, null);
    const coupon = await t.addCoupon({ code: 'BESKEZ', usageLimit: 5 });
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const owner = await cartWith([{ productId: t.shop.ekitap }]);
        await t.services.cart.applyCoupon(owner, { code: 'beskez' }, guest);
        return owner;
      }),
    );
    const results = await Promise.allSettled(
      buyers.map((owner, i) => place(owner, guestForm({ email: `alici${i}@example.com` }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const codes = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason.code);
    expect(new Set(codes)).toEqual(new Set(['KUPON_LIMITI_DOLDU']));
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.usedCount).toBe(5);
    expect(await t.count('coupon_uses', `coupon_id = ${coupon.id}`)).toBe(5);
  });

  it('holds a per-customer limit: the second use by the same e-mail is KUPON_KULLANIM_HAKKI_DOLDU', async () => {
    await t.addCoupon({ code: 'BIRKEZ', perCustomerLimit: 1 });
    const first = await cartWith([{ productId: t.shop.ekitap }]);
    await t.services.cart.applyCoupon(first, { code: 'BIRKEZ' }, guest);
    await place(first, guestForm({ email: 'tek@example.com' }));
    const second = await cartWith([{ productId: t.shop.ekitap }]);
    await t.services.cart.applyCoupon(second, { code: 'BIRKEZ' }, guest);
    const err = await rejection(place(second, guestForm({ email: 'TEK@example.com' })));
    expect(err).toMatchObject({ code: 'KUPON_KULLANIM_HAKKI_DOLDU' });
  });

  it('gives one order for the same Idempotency-Key sent twice at once', async () => {
    await t.setStock(t.shop.kupa, 5);
    const owner = await cartWith([{ productId: t.shop.kupa }]);
    const key = randomUUID();
    const before = await t.count('orders');
    const [a, b] = await Promise.all([place(owner, guestForm(), key), place(owner, guestForm(), key)]);
    expect(a.order).toEqual(b.order);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(await t.count('orders')).toBe(before + 1);
    expect(await t.stockOf(t.shop.kupa)).toBe(4);
  });
});
