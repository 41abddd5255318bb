import { randomUUID } from 'node:crypto';
import { listingQuerySchema } from '@vitrin/shared/api/catalog-query';
import { guest, guestCheckoutForm, type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../customers/tokens.ts';
import { products } from '../db/schema.ts';

let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
  // 10 USD × 41.2563 = ₺412,563: ₺412,56 to the kuruş.
  await t.services.settings.set('usd_rate', '41.2563');
  // The test shop writes no search text; the search finds the peştemal by this one.
  await t.db.update(products).set({ searchText: 'pestemal' }).where(eq(products.id, t.shop.pestemal));
});
afterAll(() => t.dispose());

/** The peştemal's price wherever a shopper meets it: page, category card, search card, cart, order. */
async function pricesSeen() {
  const page = await t.services.catalog.product('pestemal');
  const listing = listingQuerySchema.parse({});
  const category = await t.services.catalog.categoryPage('tekstil', listing);
  const search = await t.services.catalog.search('pestemal', listing);
  const owner = { token: newToken() };
  await t.services.cart.add(
    owner,
    { productId: t.shop.pestemal, variantId: t.shop.variants.mavi, quantity: 1 },
    guest,
  );
  const cart = await t.services.cart.view(owner, guest);
  const placed = await t.services.checkout.place(
    owner,
    { ...guest, phone: null },
    guestCheckoutForm(),
    randomUUID(),
  );
  const cardOf = (products: Array<{ slug: string; price: { amountMinor: number } | null }>) =>
    products.find((p) => p.slug === 'pestemal')?.price?.amountMinor;
  return {
    page: page!.price!.amountMinor,
    category: cardOf(category!.listing.items),
    search: cardOf(search.listing!.items),
    cart: cart.lines[0]!.unitPriceMinor,
    // A bank transfer without a coupon: the products and the flat shipping fee.
    order: placed.order.totalMinor - (await t.services.settings.all()).shipping_fee,
  };
}

const everywhere = (amountMinor: number) => ({
  page: amountMinor,
  category: amountMinor,
  search: amountMinor,
  cart: amountMinor,
  order: amountMinor,
});

describe('price_rounding: prices converted from USD / EUR', () => {
  it('keeps the exact kuruş by default (none)', async () => {
    expect(await pricesSeen()).toEqual(everywhere(41_256));
  });

  it('rounds to the whole lira (lira) on the page, the cards, the cart and the order alike', async () => {
    await t.services.settings.set('price_rounding', 'lira');
    expect(await pricesSeen()).toEqual(everywhere(41_300));
  });

  it('ends in ,90 (90), never below the converted price', async () => {
    await t.services.settings.set('price_rounding', '90');
    expect(await pricesSeen()).toEqual(everywhere(41_290));
    // A price filter sees the price the card shows.
    const atLeast = listingQuerySchema.parse({ min: '412,90' });
    const page = await t.services.catalog.categoryPage('tekstil', atLeast);
    expect(page!.listing.items.map((p) => p.slug)).toContain('pestemal');
  });

  it('leaves prices stored in TRY alone', async () => {
    expect((await t.services.catalog.product('kupa'))!.price!.amountMinor).toBe(25_000);
  });

  it('refuses an unknown rule in Turkish', async () => {
    await expect(t.services.settings.set('price_rounding', 'yukari')).rejects.toThrow(
      'Değer none, lira ya da 90 olmalıdır.',
    );
  });
});
