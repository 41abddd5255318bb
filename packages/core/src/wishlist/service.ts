import {
  type GuestWishlistItem,
  MAX_WISHLIST_ITEMS,
  productIdSchema,
  productRefInput,
  WISHLIST_FULL_CODE,
  type WishlistView,
} from '@vitrin/shared/api/wishlist';
import { and, count, eq } from 'drizzle-orm';
import { productNotFound } from '../cart/errors.ts';
import type { ShopperContext } from '../catalog/listing.ts';
import type { Db } from '../db/client.ts';
import { wishlistItems } from '../db/schema.ts';
import { DomainError, parseInput } from '../errors.ts';
import type { SettingsService } from '../settings/service.ts';
import { activeCards, customerItems } from './queries.ts';

/**
 * Whose favourites: a customer's (the `wishlist_items` table), or a guest's, read from their cookie by the
 * HTTP layer. A guest's changes come back as the new cookie content (`guest`), which the caller writes.
 */
export type WishlistOwner = { customerId: number } | { guest: readonly GuestWishlistItem[] };

export interface WishlistChange {
  view: WishlistView;
  /** The guest's new list, to write to their cookie; null for a customer. */
  guest: GuestWishlistItem[] | null;
}

export const wishlistFull = () =>
  new DomainError(
    409,
    WISHLIST_FULL_CODE,
    `Favori listenizde en fazla ${MAX_WISHLIST_ITEMS} ürün olabilir. Yeni bir ürün eklemek için listenizden bir ürünü çıkarın.`,
  );

/**
 * Favourites (Favorilerim). Each keeps the TRY price shown when it was added, so that the list can say how
 * much cheaper the product has become. Unknown and inactive products are refused when added and left out
 * when read (they come back if the product is sold again). Every read prices the products now, through the
 * catalogue's public product cards: the purchase price never enters an answer.
 */
export function createWishlistService(db: Db, { settings }: { settings: SettingsService }) {
  async function context(wholesale: boolean): Promise<ShopperContext> {
    const s = await settings.all();
    return { usdRate: s.usd_rate, eurRate: s.eur_rate, rounding: s.price_rounding, wholesale };
  }

  async function itemsOf(owner: WishlistOwner): Promise<GuestWishlistItem[]> {
    return 'customerId' in owner ? customerItems(db, owner.customerId) : [...owner.guest];
  }

  async function render(items: readonly GuestWishlistItem[], wholesale: boolean): Promise<WishlistView> {
    const cards = await activeCards(
      db,
      items.map((i) => i.productId),
      await context(wholesale),
    );
    const added = new Map(items.map((i) => [i.productId, i.addedPriceMinor]));
    const list = cards.map((product) => {
      const addedPriceMinor = added.get(product.id) ?? 0;
      const now = product.price?.amountMinor;
      return {
        product,
        addedPriceMinor,
        priceDropMinor: now !== undefined && now < addedPriceMinor ? addedPriceMinor - now : 0,
      };
    });
    return { items: list, productIds: list.map((i) => i.product.id), count: list.length };
  }

  const view = async (owner: WishlistOwner, shopper: { wholesale: boolean }) =>
    render(await itemsOf(owner), shopper.wholesale);

  /** The product's price for this shopper now; refused when it is unknown or not sold. */
  async function priceNow(productId: number, wholesale: boolean): Promise<number> {
    const [card] = await activeCards(db, [productId], await context(wholesale));
    if (!card) throw productNotFound();
    return card.price?.amountMinor ?? 0;
  }

  return {
    view,

    /** The header badge: how many favourites (of products still sold). */
    async count(owner: WishlistOwner): Promise<number> {
      return (await view(owner, { wholesale: false })).count;
    },

    /** Adds a product (again: nothing changes, the first price stays). At most 100 favourites. */
    async add(
      owner: WishlistOwner,
      input: unknown,
      shopper: { wholesale: boolean },
    ): Promise<WishlistChange> {
      const { productId } = parseInput(productRefInput, input);
      const price = await priceNow(productId, shopper.wholesale);
      if ('customerId' in owner) {
        await db.transaction(async (tx) => {
          const [{ n } = { n: 0 }] = await tx
            .select({ n: count() })
            .from(wishlistItems)
            .where(eq(wishlistItems.customerId, owner.customerId));
          const [existing] = await tx
            .select({ id: wishlistItems.id })
            .from(wishlistItems)
            .where(
              and(eq(wishlistItems.customerId, owner.customerId), eq(wishlistItems.productId, productId)),
            );
          if (existing) return;
          if (n >= MAX_WISHLIST_ITEMS) throw wishlistFull();
          await tx
            .insert(wishlistItems)
            .values({ customerId: owner.customerId, productId, addedPriceMinor: price })
            .onConflictDoNothing();
        });
        return { view: await view(owner, shopper), guest: null };
      }
      if (owner.guest.some((i) => i.productId === productId)) {
        return { view: await view(owner, shopper), guest: [...owner.guest] };
      }
      if (owner.guest.length >= MAX_WISHLIST_ITEMS) throw wishlistFull();
      const guest = [...owner.guest, { productId, addedPriceMinor: price }];
      return { view: await view({ guest }, shopper), guest };
    },

    /** Removes a product; one that is not in the list is already removed. */
    async remove(
      owner: WishlistOwner,
      productIdParam: unknown,
      shopper: { wholesale: boolean },
    ): Promise<WishlistChange> {
      const productId = parseInput(productIdSchema, productIdParam, 'productId');
      if ('customerId' in owner) {
        await db
          .delete(wishlistItems)
          .where(and(eq(wishlistItems.customerId, owner.customerId), eq(wishlistItems.productId, productId)));
        return { view: await view(owner, shopper), guest: null };
      }
      const guest = owner.guest.filter((i) => i.productId !== productId);
      return { view: await view({ guest }, shopper), guest };
    },

    /**
     * Moves a guest's favourites (from their cookie) into the customer's list at login: products the customer
     * already has keep their first price, unknown or inactive ones stay behind, and the list stops at 100.
     */
    async mergeGuest(items: readonly GuestWishlistItem[], customerId: number): Promise<void> {
      if (!items.length) return;
      const sold = new Set(
        (
          await activeCards(
            db,
            items.map((i) => i.productId),
            await context(false),
          )
        ).map((c) => c.id),
      );
      await db.transaction(async (tx) => {
        const mine = new Set((await customerItems(tx, customerId)).map((i) => i.productId));
        let room = MAX_WISHLIST_ITEMS - mine.size;
        for (const item of items) {
          if (room <= 0) break;
          if (mine.has(item.productId) || !sold.has(item.productId)) continue;
          mine.add(item.productId);
          room -= 1;
          await tx
            .insert(wishlistItems)
            .values({ customerId, productId: item.productId, addedPriceMinor: item.addedPriceMinor })
            .onConflictDoNothing();
        }
      });
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
