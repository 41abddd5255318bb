import { apiErrorBodySchema } from '@vitrin/shared/api/errors';
import { type CompareView, productRefInput, type WishlistView } from '@vitrin/shared/api/wishlist';
import { z } from '@vitrin/shared/zod';
import type { Operation } from '../operation.ts';

/** What the wishlist and compare API answer (the shared module has these as types only). */
const price = z
  .object({
    amountMinor: z.number().int().describe('TRY minor units, VAT included'),
    vatRate: z.number().int(),
    marketMinor: z.number().int().nullable(),
    discountPercent: z.number().int().nullable(),
    instalmentBaseMinor: z.number().int(),
    originalCurrency: z.string(),
    isWholesale: z.boolean(),
  })
  .nullable();

const card = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  stockType: z.number().int(),
  inStock: z.boolean(),
  price,
});

const wishlistView = z.object({
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

const compareView = z.object({
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

const error = (description: string) => ({ description, schema: apiErrorBodySchema });
const common = {
  400: error('GECERSIZ_ISTEK: a missing, negative or non-numeric product id'),
  403: error('KAYNAK_REDDEDILDI: a cookie-carrying write from another site'),
  503: error('Mağaza bakımda (yazma istekleri)'),
};

/** The wishlist and compare routes as OpenAPI operations (`openapi.ts` lists them with the rest). */
export const wishlistOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/front/wishlist',
    summary:
      'Favourites (customer session, else the vitrin_wishlist cookie), priced now, with the price drop',
    tag: 'wishlist',
    responses: { 200: { description: 'Wishlist', schema: wishlistView } },
  },
  {
    method: 'post',
    path: '/api/front/wishlist',
    summary: 'Adds a product (at most 100); a guest’s list is answered as the vitrin_wishlist cookie',
    tag: 'wishlist',
    body: productRefInput,
    responses: {
      201: { description: 'Wishlist', schema: wishlistView },
      ...common,
      404: error('URUN_BULUNAMADI'),
      409: error('FAVORI_LISTESI_DOLU'),
    },
  },
  {
    method: 'delete',
    path: '/api/front/wishlist/{productId}',
    summary: 'Removes a product (one not in the list is already removed)',
    tag: 'wishlist',
    responses: { 200: { description: 'Wishlist', schema: wishlistView }, ...common },
  },
  {
    method: 'get',
    path: '/api/front/compare',
    summary: 'The compare table of the vitrin_compare cookie (up to 4 products)',
    tag: 'wishlist',
    responses: { 200: { description: 'Compare table', schema: compareView } },
  },
  {
    method: 'post',
    path: '/api/front/compare',
    summary: 'Adds a product to the compare list (cookie, guests and customers alike)',
    tag: 'wishlist',
    body: productRefInput,
    responses: {
      201: { description: 'Compare table', schema: compareView },
      ...common,
      404: error('URUN_BULUNAMADI'),
      409: error('KARSILASTIRMA_LIMITI: at most 4 products'),
    },
  },
  {
    method: 'delete',
    path: '/api/front/compare/{productId}',
    summary: 'Removes a product from the compare list',
    tag: 'wishlist',
    responses: { 200: { description: 'Compare table', schema: compareView }, ...common },
  },
];
