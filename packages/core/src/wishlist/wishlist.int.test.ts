import { MAX_COMPARE_ITEMS, MAX_WISHLIST_ITEMS } from '@vitrin/shared/api/wishlist';
import { rejection } from '@vitrin/testing/accounts';
import { type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, productPrices, products, wishlistItems } from '../db/schema.ts';

let t: OpenTestShop;
let serial = 0;
beforeAll(async () => {
  t = await openTestShop();
});
afterAll(() => t.dispose());

const retail = { wholesale: false };

async function newCustomer(): Promise<number> {
  serial += 1;
  const [row] = await t.db
    .insert(customers)
    .values({
      email: `favori${serial}@example.com`,
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      phone: '+905321234567',
      passwordHash: 'x',
      kvkkAcceptedAt: new Date(),
    })
    .returning({ id: customers.id });
  return row!.id;
}

async function setSalePrice(productId: number, amountMinor: number) {
  await t.db.update(productPrices).set({ amountMinor }).where(eq(productPrices.productId, productId));
  await t.services.cache.invalidateAll();
}

describe('wishlist: customers', () => {
  it('adds, lists with the public card and removes a favourite', async () => {
    const me = { customerId: await newCustomer() };
    const added = await t.services.wishlist.add(me, { productId: t.shop.ekitap }, retail);
    expect(added.guest).toBeNull();
    expect(added.view.count).toBe(1);
    expect(added.view.items[0]).toMatchObject({
      product: { id: t.shop.ekitap, slug: 'e-kitap', name: 'E-Kitap', inStock: true, stockType: 4 },
      addedPriceMinor: 9900,
      priceDropMinor: 0,
    });
    const again = await t.services.wishlist.add(me, { productId: t.shop.ekitap }, retail);
    expect(again.view.count).toBe(1);
    const removed = await t.services.wishlist.remove(me, String(t.shop.ekitap), retail);
    expect(removed.view).toEqual({ items: [], productIds: [], count: 0 });
  });

  it('says how much the price dropped since the product was added', async () => {
    const me = { customerId: await newCustomer() };
    await t.services.wishlist.add(me, { productId: t.shop.defter }, retail);
    await setSalePrice(t.shop.defter, 12_000);
    try {
      const view = await t.services.wishlist.view(me, retail);
      expect(view.items[0]).toMatchObject({ addedPriceMinor: 15_000, priceDropMinor: 3000 });
      expect(view.items[0]!.product.price?.amountMinor).toBe(12_000);
    } finally {
      await setSalePrice(t.shop.defter, 15_000);
    }
  });

  it('refuses an unknown or inactive product with URUN_BULUNAMADI', async () => {
    const me = { customerId: await newCustomer() };
    for (const productId of [t.shop.eski, 999_999]) {
      const err = await rejection(t.services.wishlist.add(me, { productId }, retail));
      expect(err).toMatchObject({ status: 404, code: 'URUN_BULUNAMADI' });
    }
  });

  it.each([
    ['missing', {}],
    ['negative', { productId: -3 }],
    ['non-numeric', { productId: 'abc' }],
    ['fractional', { productId: 1.5 }],
  ])('refuses a %s product id with GECERSIZ_ISTEK', async (_name, body) => {
    const me = { customerId: await newCustomer() };
    const err = await rejection(t.services.wishlist.add(me, body, retail));
    expect(err).toMatchObject({
      status: 400,
      code: 'GECERSIZ_ISTEK',
      fields: { productId: 'Geçersiz ürün' },
    });
  });

  it('keeps each customer to their own list', async () => {
    const a = { customerId: await newCustomer() };
    const b = { customerId: await newCustomer() };
    await t.services.wishlist.add(a, { productId: t.shop.kupa }, retail);
    expect((await t.services.wishlist.view(b, retail)).count).toBe(0);
    await t.services.wishlist.remove(b, t.shop.kupa, retail);
    expect((await t.services.wishlist.view(a, retail)).productIds).toEqual([t.shop.kupa]);
  });

  it('leaves out a product that stopped being sold, and shows it again when it is back', async () => {
    const me = { customerId: await newCustomer() };
    await t.services.wishlist.add(me, { productId: t.shop.isimliKupa }, retail);
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, t.shop.isimliKupa));
    try {
      expect((await t.services.wishlist.view(me, retail)).count).toBe(0);
    } finally {
      await t.db.update(products).set({ isActive: true }).where(eq(products.id, t.shop.isimliKupa));
    }
    expect((await t.services.wishlist.view(me, retail)).productIds).toEqual([t.shop.isimliKupa]);
  });
});

describe('wishlist: guests', () => {
  it('adds to and removes from the cookie list, returning the new list', async () => {
    const first = await t.services.wishlist.add({ guest: [] }, { productId: t.shop.kupa }, retail);
    expect(first.guest).toEqual([{ productId: t.shop.kupa, addedPriceMinor: 25_000 }]);
    const second = await t.services.wishlist.add(
      { guest: first.guest! },
      { productId: `${t.shop.ekitap}` },
      retail,
    );
    expect(second.view.productIds).toEqual([t.shop.kupa, t.shop.ekitap]);
    const removed = await t.services.wishlist.remove({ guest: second.guest! }, t.shop.kupa, retail);
    expect(removed.guest).toEqual([{ productId: t.shop.ekitap, addedPriceMinor: 9900 }]);
  });

  it(`refuses a favourite beyond ${MAX_WISHLIST_ITEMS} with FAVORI_LISTESI_DOLU`, async () => {
    const full = Array.from({ length: MAX_WISHLIST_ITEMS }, (_, i) => ({
      productId: 100_000 + i,
      addedPriceMinor: 1,
    }));
    const err = await rejection(t.services.wishlist.add({ guest: full }, { productId: t.shop.kupa }, retail));
    expect(err).toMatchObject({ status: 409, code: 'FAVORI_LISTESI_DOLU' });
  });

  it('merges the guest list at login: no duplicates, the first price kept, unknown products left behind', async () => {
    const customerId = await newCustomer();
    await t.services.wishlist.add({ customerId }, { productId: t.shop.kupa }, retail);
    await t.services.wishlist.mergeGuest(
      [
        { productId: t.shop.kupa, addedPriceMinor: 1 },
        { productId: t.shop.ekitap, addedPriceMinor: 12_000 },
        { productId: t.shop.eski, addedPriceMinor: 1000 },
        { productId: 999_999, addedPriceMinor: 1000 },
      ],
      customerId,
    );
    const rows = await t.db.select().from(wishlistItems).where(eq(wishlistItems.customerId, customerId));
    expect(rows.map((r) => [r.productId, r.addedPriceMinor]).sort()).toEqual(
      [
        [t.shop.kupa, 25_000],
        [t.shop.ekitap, 12_000],
      ].sort(),
    );
    const view = await t.services.wishlist.view({ customerId }, retail);
    expect(view.items.find((i) => i.product.id === t.shop.ekitap)?.priceDropMinor).toBe(2100);
  });
});

describe('compare', () => {
  it('builds the table from the product pages: stock type, VAT, options and specifications', async () => {
    const { view, ids } = await t.services.compare.add([], { productId: t.shop.pestemal }, retail);
    expect(ids).toEqual([t.shop.pestemal]);
    expect(view.items[0]).toMatchObject({
      id: t.shop.pestemal,
      name: 'Peştemal',
      stockType: 2,
      vatRate: 10,
      optionGroups: [{ name: 'Renk', values: ['Mavi', 'Kırmızı', 'Yeşil'] }],
    });
    expect(view.max).toBe(MAX_COMPARE_ITEMS);
  });

  it(`refuses a product beyond ${MAX_COMPARE_ITEMS} with KARSILASTIRMA_LIMITI`, async () => {
    const four = [t.shop.kupa, t.shop.pestemal, t.shop.isimliKupa, t.shop.defter];
    const err = await rejection(t.services.compare.add(four, { productId: t.shop.ekitap }, retail));
    expect(err).toMatchObject({ status: 409, code: 'KARSILASTIRMA_LIMITI' });
    expect(err.message).toContain('En fazla 4 ürün karşılaştırabilirsiniz');
    // Adding one that is already there is no change.
    const same = await t.services.compare.add(four, { productId: t.shop.kupa }, retail);
    expect(same.ids).toEqual(four);
  });

  it('gives the place of a product no longer sold to a new one', async () => {
    const ids = [t.shop.kupa, t.shop.pestemal, t.shop.isimliKupa, t.shop.eski];
    const { ids: next } = await t.services.compare.add(ids, { productId: t.shop.ekitap }, retail);
    expect(next).toEqual([t.shop.kupa, t.shop.pestemal, t.shop.isimliKupa, t.shop.ekitap]);
  });

  it('refuses an unknown product with URUN_BULUNAMADI and a bad id with GECERSIZ_ISTEK', async () => {
    expect(await rejection(t.services.compare.add([], { productId: 999_999 }, retail))).toMatchObject({
      status: 404,
      code: 'URUN_BULUNAMADI',
    });
    expect(await rejection(t.services.compare.remove([], 'abc', retail))).toMatchObject({
      status: 400,
      code: 'GECERSIZ_ISTEK',
    });
  });
});
