import type { CompareView, WishlistView } from '@vitrin/shared/api/wishlist';
import { z } from '@vitrin/shared/zod';
import { price, productCard } from '../catalog/schemas.ts';
import { crossOrigin, errorAnswer, maintenance } from '../route.ts';

/** What the wishlist and compare API answer (the shared module has these as types only). */
const card = productCard;

export const wishlistView = z.object({
  items: z.array(
    z.object({
      product: card,
      addedPriceMinor: z.number().int().describe('The TRY price shown when the product was added'),
      priceDropMinor: z.number().int().describe('How much cheaper it is now; 0 when not cheaper'),
    }),
  ),
  productIds: z.array(z.number().int()),
  count: z.number().int(),
}) satisfies z.ZodType<WishlistView>;

export const compareView = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      image: z.string().nullable(),
      stockType: z.number().int().describe('1 Tekil, 2 Varyantlı, 3 Tasarlanabilir, 4 Sanal Ürün'),
      vatRate: z.number().int(),
      stock: z.object({ state: z.enum(['in_stock', 'low', 'out']), remaining: z.number().int().nullable() }),
      price,
      optionGroups: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
      specifications: z.array(z.object({ key: z.string(), value: z.string() })),
    }),
  ),
  productIds: z.array(z.number().int()),
  count: z.number().int(),
  max: z.number().int(),
}) satisfies z.ZodType<CompareView>;

/** A path's product id: a missing, negative or non-numeric one is refused by the domain (400). */
export const productIdParam = { productId: z.string().describe('The product id (a positive integer)') };
export const refused = {
  400: errorAnswer('GECERSIZ_ISTEK: a missing, negative or non-numeric product id'),
  ...crossOrigin,
  ...maintenance,
};
