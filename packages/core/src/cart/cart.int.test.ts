import { MAX_CART_LINES } from '@vitrin/shared/api/cart';
import { ayse, rejection } from '@vitrin/testing/accounts';
import { guest, type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../customers/tokens.ts';
import { carts, productPrices, products } from '../db/schema.ts';
import type { CartOwner } from './owner.ts';

let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
});
afterAll(() => t.dispose());

const newGuest = (): CartOwner => ({ token: newToken() });
const add = (owner: CartOwner, input: Record<string, unknown>) =>
  t.services.cart.add(owner, input as never, guest);

describe('cart: adding', () => {
  let me: CartOwner;
  beforeEach(() => {
    me = newGuest();
  });

  it('adds a single product (stock type 1) priced from the catalogue, VAT included', async () => {
    const view = await add(me, { productId: t.shop.kupa, quantity: 2 });
    expect(view.lines).toHaveLength(1);
    expect(view.lines[0]).toMatchObject({
      productId: t.shop.kupa,
      name: 'Sırlı Kupa',
      quantity: 2,
      unitPriceMinor: 25_000,
      lineTotalMinor: 50_000,
      vatRate: 20,
      maxQuantity: 10,
      priceChange: null,
      problem: null,
      image: 'catalog/products/kupa-1.webp',
    });
    expect(view.count).toBe(2);
    expect(view.canCheckout).toBe(true);
    expect(view.totals.subtotalMinor).toBe(50_000);
  });

  it('merges the same product into one line', async () => {
    await add(me, { productId: t.shop.kupa, quantity: 2 });
    const view = await add(me, { productId: t.shop.kupa, quantity: 3 });
    expect(view.lines).toHaveLength(1);
    expect(view.lines[0]!.quantity).toBe(5);
  });

  it('adds a variant (stock type 2) converted from USD with the shop rate', async () => {
    const view = await add(me, { productId: t.shop.pestemal, variantId: t.shop.variants.mavi, quantity: 1 });
    expect(view.lines[0]).toMatchObject({
      variantId: t.shop.variants.mavi,
      options: { Renk: 'Mavi' },
      sku: 'PESTEMAL-MAVI',
      unitPriceMinor: 41_250,
      maxQuantity: 5,
      vatRate: 10,
    });
  });

  it('adds a designable product (stock type 3) with the surcharge; other texts are other lines', async () => {
    await add(me, {
      productId: t.shop.isimliKupa,
      quantity: 1,
      personalization: { fields: { isim: ' Ayşe ' } },
    });
    await add(me, {
      productId: t.shop.isimliKupa,
      quantity: 1,
      personalization: { fields: { isim: 'Ayşe' } },
    });
    const view = await add(me, {
      productId: t.shop.isimliKupa,
      quantity: 1,
      personalization: { fields: { isim: 'Mehmet', not: 'İyi ki doğdun' } },
    });
    expect(view.lines).toHaveLength(2);
    expect(view.lines[0]).toMatchObject({
      quantity: 2,
      unitPriceMinor: 35_000,
      personalization: { fields: { isim: 'Ayşe' } },
    });
    expect(view.lines[1]!.personalization).toEqual({ fields: { isim: 'Mehmet', not: 'İyi ki doğdun' } });
  });

  it('accepts an uploaded image path for a product that allows images', async () => {
    const image = 'personalization/AbCdEfGhIjKlMnOpQrStUv.png';
    const view = await add(me, {
      productId: t.shop.isimliKupa,
      quantity: 1,
      personalization: { fields: { isim: 'Can' }, image },
    });
    expect(view.lines[0]!.personalization).toEqual({ fields: { isim: 'Can' }, image });
  });

  it('adds a virtual product (stock type 4) with unlimited stock and no shipping', async () => {
    const view = await add(me, { productId: t.shop.ekitap, quantity: 999 });
    expect(view.lines[0]).toMatchObject({ quantity: 999, maxQuantity: 999, vatRate: 0 });
    expect(view.totals.needsShipping).toBe(false);
    expect(view.totals.shippingMinor).toBe(0);
  });

  it('gives wholesale customers the wholesale price', async () => {
    const view = await t.services.cart.add(
      me,
      { productId: t.shop.kupa, quantity: 1 },
      { ...guest, wholesale: true },
    );
    expect(view.lines[0]!.unitPriceMinor).toBe(20_000);
  });

  it('ignores a price sent by the client', async () => {
    const view = await add(me, {
      productId: t.shop.kupa,
      quantity: 1,
      unitPriceMinor: 1,
      price: 1,
      totalMinor: 1,
    });
    expect(view.lines[0]!.unitPriceMinor).toBe(25_000);
    expect(view.totals.subtotalMinor).toBe(25_000);
  });
});

describe('cart: refusing bad input', () => {
  const me = newGuest();
  const refused = (input: Record<string, unknown>) => rejection(add(me, input));

  it('refuses an unknown product with URUN_BULUNAMADI', async () => {
    expect(await refused({ productId: 999_999, quantity: 1 })).toMatchObject({
      code: 'URUN_BULUNAMADI',
      status: 404,
    });
  });
  it('refuses an inactive product with URUN_BULUNAMADI', async () => {
    expect(await refused({ productId: t.shop.eski, quantity: 1 })).toMatchObject({ code: 'URUN_BULUNAMADI' });
  });
  it('refuses a variant product without a variant with SECENEK_GEREKLI', async () => {
    expect(await refused({ productId: t.shop.pestemal, quantity: 1 })).toMatchObject({
      code: 'SECENEK_GEREKLI',
      status: 400,
    });
  });
  it("refuses another product's variant with SECENEK_GECERSIZ", async () => {
    const [other] = await t.db
      .insert(products)
      .values({
        slug: 'baska',
        sku: 'BASKA',
        name: 'Başka',
        categoryId: t.shop.categories.tekstil,
        stockType: 2,
        vatRate: 10,
      })
      .returning();
    await t.db
      .insert(productPrices)
      .values({ productId: other!.id, priceType: 2, amountMinor: 100, currency: 'TRY' });
    expect(
      await refused({ productId: other!.id, variantId: t.shop.variants.mavi, quantity: 1 }),
    ).toMatchObject({ code: 'SECENEK_GECERSIZ' });
  });
  it('refuses an inactive variant with SECENEK_GECERSIZ', async () => {
    expect(
      await refused({ productId: t.shop.pestemal, variantId: t.shop.variants.yesil, quantity: 1 }),
    ).toMatchObject({ code: 'SECENEK_GECERSIZ' });
  });
  it('refuses an unknown variant with SECENEK_GECERSIZ', async () => {
    expect(await refused({ productId: t.shop.pestemal, variantId: 888_888, quantity: 1 })).toMatchObject({
      code: 'SECENEK_GECERSIZ',
    });
  });
  it('refuses a variant for a product without variants', async () => {
    expect(
      await refused({ productId: t.shop.kupa, variantId: t.shop.variants.mavi, quantity: 1 }),
    ).toMatchObject({ code: 'SECENEK_GECERSIZ' });
  });
  it('refuses a designable product without its required field', async () => {
    const err = await refused({ productId: t.shop.isimliKupa, quantity: 1 });
    expect(err).toMatchObject({
      code: 'KISISELLESTIRME_GECERSIZ',
      fields: { 'personalization.fields.isim': 'İsim alanını doldurun' },
    });
  });
  it('refuses personalization text over the maxLength', async () => {
    const err = await refused({
      productId: t.shop.isimliKupa,
      quantity: 1,
      personalization: { fields: { isim: 'Çok uzun bir isim' } },
    });
    expect(err.fields).toEqual({ 'personalization.fields.isim': 'İsim en fazla 12 karakter olabilir' });
  });
  it('refuses an unknown personalization key', async () => {
    const err = await refused({
      productId: t.shop.isimliKupa,
      quantity: 1,
      personalization: { fields: { isim: 'Can', renk: 'mavi' } },
    });
    expect(err.fields).toEqual({ 'personalization.fields.renk': 'Bu ürünün böyle bir alanı yok' });
  });
  it('refuses an image for a product that takes none', async () => {
    const err = await refused({
      productId: t.shop.defter,
      quantity: 1,
      personalization: { fields: {}, image: 'personalization/AbCdEfGhIjKlMnOpQrStUv.png' },
    });
    expect(err.fields).toEqual({ 'personalization.image': 'Bu ürüne görsel eklenemez' });
  });
  it('refuses an image path the upload endpoint did not make', async () => {
    const err = await refused({
      productId: t.shop.isimliKupa,
      quantity: 1,
      personalization: { fields: { isim: 'Can' }, image: '../../etc/passwd' },
    });
    expect(err.fields).toEqual({
      'personalization.image': 'Görsel bulunamadı; lütfen görseli yeniden yükleyin',
    });
  });
  it('refuses personalization for a product that is not designable', async () => {
    expect(
      await refused({ productId: t.shop.kupa, quantity: 1, personalization: { fields: { isim: 'Can' } } }),
    ).toMatchObject({ code: 'KISISELLESTIRME_GECERSIZ' });
  });
  it.each([[0], [-1], [1000], [1.5], ['abc'], [null]])(
    'refuses the quantity %j with GECERSIZ_ISTEK',
    async (quantity) => {
      const err = await refused({ productId: t.shop.kupa, quantity });
      expect(err).toMatchObject({
        code: 'GECERSIZ_ISTEK',
        fields: { quantity: 'Adet 1 ile 999 arasında bir tam sayı olmalı' },
      });
    },
  );
  it('refuses more than the stock with STOK_YETERSIZ', async () => {
    const err = await refused({ productId: t.shop.kupa, quantity: 11 });
    expect(err).toMatchObject({
      code: 'STOK_YETERSIZ',
      status: 409,
      message: '"Sırlı Kupa" için stokta yalnızca 10 adet var.',
    });
  });
  it('refuses an out-of-stock variant', async () => {
    expect(
      await refused({ productId: t.shop.pestemal, variantId: t.shop.variants.kirmizi, quantity: 1 }),
    ).toMatchObject({ code: 'STOK_YETERSIZ' });
  });
  it('refuses more than 999 in one line', async () => {
    const other = newGuest();
    await add(other, { productId: t.shop.ekitap, quantity: 999 });
    expect(await rejection(add(other, { productId: t.shop.ekitap, quantity: 1 }))).toMatchObject({
      code: 'ADET_SINIRI',
    });
  });
  it(`refuses more than ${MAX_CART_LINES} lines with SEPET_DOLU`, async () => {
    const other = newGuest();
    for (let i = 0; i < MAX_CART_LINES; i++) {
      await add(other, {
        productId: t.shop.defter,
        quantity: 1,
        personalization: { fields: { isim: `Kişi ${i}` } },
      });
    }
    expect(await rejection(add(other, { productId: t.shop.kupa, quantity: 1 }))).toMatchObject({
      code: 'SEPET_DOLU',
    });
  });
});

describe('cart: adding under load and after catalogue changes', () => {
  it('leaves no cart behind when the first add is refused', async () => {
    const token = newToken();
    expect(await rejection(add({ token }, { productId: t.shop.kupa, quantity: 11 }))).toMatchObject({
      code: 'STOK_YETERSIZ',
    });
    expect(
      await t.db
        .select()
        .from(carts)
        .where(eq(carts.tokenHash, hashToken(token))),
    ).toHaveLength(0);
  });

  it('never puts more than the stock into one line, however many adds arrive at once', async () => {
    const me = newGuest();
    await add(me, { productId: t.shop.kupa, quantity: 1 });
    const results = await Promise.allSettled(
      Array.from({ length: 14 }, () => add(me, { productId: t.shop.kupa, quantity: 1 })),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(5);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'STOK_YETERSIZ' });
    const view = await t.services.cart.view(me, guest);
    expect(view.lines).toHaveLength(1);
    expect(view.lines[0]!.quantity).toBe(10);
  });

  it('makes one cart with every line when adds of different products arrive at once for a new shopper', async () => {
    const me = newGuest();
    const wanted = [
      { productId: t.shop.kupa },
      { productId: t.shop.ekitap },
      { productId: t.shop.pestemal, variantId: t.shop.variants.mavi },
    ];
    await Promise.all([1, 2, 3].flatMap(() => wanted.map((w) => add(me, { ...w, quantity: 1 }))));
    const view = await t.services.cart.view(me, guest);
    expect(view.lines.map((l) => [l.productId, l.quantity]).sort()).toEqual(
      wanted.map((w) => [w.productId, 3]).sort(),
    );
    expect(
      await t.db
        .select()
        .from(carts)
        .where(eq(carts.tokenHash, hashToken((me as { token: string }).token))),
    ).toHaveLength(1);
  });

  it('prices an add with a change made through the catalogue admin at once', async () => {
    const me = newGuest();
    expect((await add(me, { productId: t.shop.kupa, quantity: 1 })).lines[0]!.unitPriceMinor).toBe(25_000);
    await t.services.catalogAdmin.setProduct('kupa', 'price', '300');
    try {
      expect((await add(me, { productId: t.shop.kupa, quantity: 1 })).lines[0]!.unitPriceMinor).toBe(30_000);
      await t.services.catalogAdmin.setProduct('kupa', 'active', '0');
      expect(await rejection(add(newGuest(), { productId: t.shop.kupa, quantity: 1 }))).toMatchObject({
        code: 'URUN_BULUNAMADI',
      });
    } finally {
      await t.services.catalogAdmin.setProduct('kupa', 'price', '250');
      await t.services.catalogAdmin.setProduct('kupa', 'active', '1');
    }
  });
});

describe('cart: prices at the moment of the add', () => {
  /** A price change as another app node makes it: in the database, before this node's cache hears of it. */
  async function priceElsewhere(amountMinor: number) {
    await t.db.update(productPrices).set({ amountMinor }).where(eq(productPrices.productId, t.shop.kupa));
    await t.db.update(products).set({ updatedAt: new Date() }).where(eq(products.id, t.shop.kupa));
  }

  it('prices a line from the database when this node still holds the old price, and totals follow', async () => {
    const before = newGuest();
    expect((await add(before, { productId: t.shop.kupa, quantity: 1 })).lines[0]!.unitPriceMinor).toBe(
      25_000,
    );
    await priceElsewhere(31_000);
    try {
      const me = newGuest();
      const added = await add(me, { productId: t.shop.kupa, quantity: 2 });
      expect(added.lines[0]).toMatchObject({
        unitPriceMinor: 31_000,
        lineTotalMinor: 62_000,
        priceChange: null,
      });
      expect(added.totals.subtotalMinor).toBe(62_000);
      expect((await t.services.cart.view(me, guest)).lines[0]!.priceChange).toBeNull();
      const quote = await t.services.cart.quote(me, { paymentMethod: 'transfer' }, guest);
      expect(quote.totals.subtotalMinor).toBe(62_000);
      // A line already in a cart shows what changed; its next add answers with the price of now too.
      const again = await add(before, { productId: t.shop.kupa, quantity: 1 });
      expect(again.lines[0]).toMatchObject({ quantity: 2, unitPriceMinor: 31_000, lineTotalMinor: 62_000 });
    } finally {
      await priceElsewhere(25_000);
    }
  });
});

describe('cart: changing and removing', () => {
  it('changes a quantity within the stock and refuses more', async () => {
    const me = newGuest();
    const { lines } = await add(me, { productId: t.shop.kupa, quantity: 1 });
    const view = await t.services.cart.setQuantity(me, lines[0]!.id, { quantity: 4 }, guest);
    expect(view.lines[0]!.quantity).toBe(4);
    expect(
      await rejection(t.services.cart.setQuantity(me, lines[0]!.id, { quantity: 11 }, guest)),
    ).toMatchObject({ code: 'STOK_YETERSIZ' });
    expect(
      await rejection(t.services.cart.setQuantity(me, lines[0]!.id, { quantity: 0 }, guest)),
    ).toMatchObject({ code: 'GECERSIZ_ISTEK' });
  });

  it('removes a line', async () => {
    const me = newGuest();
    const { lines } = await add(me, { productId: t.shop.kupa, quantity: 1 });
    const view = await t.services.cart.remove(me, lines[0]!.id, guest);
    expect(view.lines).toEqual([]);
    expect(view.canCheckout).toBe(false);
  });

  it("cannot see or change another cart's line (SATIR_BULUNAMADI)", async () => {
    const ayse = newGuest();
    const mehmet = { customerId: 0 } as CartOwner;
    const { lines } = await add(ayse, { productId: t.shop.kupa, quantity: 1 });
    const other = newGuest();
    expect(
      await rejection(t.services.cart.setQuantity(other, lines[0]!.id, { quantity: 2 }, guest)),
    ).toMatchObject({ code: 'SATIR_BULUNAMADI', status: 404 });
    expect(await rejection(t.services.cart.remove(other, lines[0]!.id, guest))).toMatchObject({
      code: 'SATIR_BULUNAMADI',
    });
    expect(await rejection(t.services.cart.remove(mehmet, lines[0]!.id, guest))).toMatchObject({
      code: 'SATIR_BULUNAMADI',
    });
    expect(await rejection(t.services.cart.remove(ayse, 'abc', guest))).toMatchObject({
      code: 'SATIR_BULUNAMADI',
    });
    expect((await t.services.cart.view(ayse, guest)).lines[0]!.quantity).toBe(1);
  });

  it('shows the price change since the line was added, and a stock problem', async () => {
    const me = newGuest();
    await add(me, {
      productId: t.shop.isimliKupa,
      quantity: 3,
      personalization: { fields: { isim: 'Can' } },
    });
    await t.db
      .update(productPrices)
      .set({ amountMinor: 32_000 })
      .where(eq(productPrices.productId, t.shop.isimliKupa));
    await t.setStock(t.shop.isimliKupa, 2);
    const view = await t.services.cart.view(me, guest);
    expect(view.lines[0]).toMatchObject({
      priceChange: { fromMinor: 35_000, toMinor: 37_000 },
      problem: 'Bu üründen yalnızca 2 adet kaldı; lütfen adedi azaltın.',
      maxQuantity: 2,
    });
    expect(view.canCheckout).toBe(false);
    await t.setStock(t.shop.isimliKupa, 0);
    expect((await t.services.cart.view(me, guest)).lines[0]!.problem).toBe(
      'Bu ürün tükendi; lütfen sepetinizden çıkarın.',
    );
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, t.shop.isimliKupa));
    const gone = await t.services.cart.view(me, guest);
    expect(gone.lines[0]!.problem).toBe('Bu ürün artık satılmıyor; lütfen sepetinizden çıkarın.');
    expect(gone.totals.subtotalMinor).toBe(0);
    await t.db.update(products).set({ isActive: true, stock: 20 }).where(eq(products.id, t.shop.isimliKupa));
    await t.db
      .update(productPrices)
      .set({ amountMinor: 30_000 })
      .where(eq(productPrices.productId, t.shop.isimliKupa));
  });

  it('counts the quantities for the header badge', async () => {
    const me = newGuest();
    expect(await t.services.cart.count(me)).toBe(0);
    await add(me, { productId: t.shop.kupa, quantity: 2 });
    await add(me, { productId: t.shop.ekitap, quantity: 3 });
    expect(await t.services.cart.count(me)).toBe(5);
  });

  it('answers an empty cart for an unknown or malformed token', async () => {
    expect((await t.services.cart.view({ token: 'nope' }, guest)).lines).toEqual([]);
    expect((await t.services.cart.view(newGuest(), guest)).count).toBe(0);
  });
});

describe('cart: merge at login', () => {
  it("adds the guest's lines to the customer's cart, capped by stock, and deletes the guest cart", async () => {
    const customer = await t.services.customers.register({ ...ayse, email: 'merge@example.com' });
    const mine: CartOwner = { customerId: customer.customer.id };
    await add(mine, { productId: t.shop.kupa, quantity: 6 });
    const visitor = newGuest();
    await add(visitor, { productId: t.shop.kupa, quantity: 7 });
    await add(visitor, { productId: t.shop.ekitap, quantity: 2 });
    await t.services.cart.mergeGuest((visitor as { token: string }).token, customer.customer.id);
    const view = await t.services.cart.view(mine, guest);
    expect(view.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [t.shop.kupa, 10],
      [t.shop.ekitap, 2],
    ]);
    const token = (visitor as { token: string }).token;
    expect(await t.count('carts', `token_hash = '${hashToken(token)}'`)).toBe(0);
    expect((await t.services.cart.view(visitor, guest)).lines).toEqual([]);
    const [left] = await t.db.select().from(carts).where(eq(carts.customerId, customer.customer.id));
    expect(left).toBeDefined();
  });
});
