import {
  type CategoryNode,
  type CategoryPage,
  type HomeShelves,
  LISTING_SORTS,
  type PriceView,
  type ProductCard,
  type ProductDetail,
  type ProductListing,
  type SearchPage,
  type SearchSuggestion,
  type TagPage,
} from '@vitrin/shared/api/catalog';
import { listingQuerySchema, searchTextSchema } from '@vitrin/shared/api/catalog-query';
import { z } from '@vitrin/shared/zod';

/**
 * A search's query: the text and the listing filters. Without `sort` the results are ranked by relevance
 * (a listing's default is the newest first).
 */
export const searchListingQuerySchema = listingQuerySchema.safeExtend({
  q: searchTextSchema.optional().default(''),
  sort: z
    .enum(LISTING_SORTS, { error: `Sıralama şunlardan biri olmalıdır: ${LISTING_SORTS.join(', ')}.` })
    .optional()
    .default('relevance'),
});

/** A path's slug: one that is not well formed names nothing, and answers 404 like an unknown one. */
export const slugParam = { slug: z.string().describe('Lower-case letters, digits and hyphens') };

// What the catalogue API answers, as zod schemas (the shared module has them as types: the browser needs no zod).

const ref = z.object({ slug: z.string(), name: z.string() });

/** A shopper's price of a product (cards, the product, wishlist and compare lines). */
export const price = z
  .object({
    amountMinor: z.number().int().describe('TRY minor units, VAT included'),
    vatRate: z.number().int(),
    marketMinor: z.number().int().nullable(),
    discountPercent: z.number().int().nullable(),
    instalmentBaseMinor: z.number().int(),
    originalCurrency: z.string(),
    isWholesale: z.boolean(),
  })
  .nullable()
  .describe('Null when the product has no price for this shopper') satisfies z.ZodType<PriceView | null>;

export const productCard = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  stockType: z.number().int().describe('1 Tekil, 2 Varyantlı, 3 Tasarlanabilir, 4 Sanal Ürün'),
  inStock: z.boolean(),
  price,
  rating: z
    .object({
      average: z.number().describe('The average of the approved reviews, one decimal (1-5)'),
      count: z.number().int().describe('How many approved reviews'),
    })
    .nullable()
    .describe('Null when the product has no approved review'),
}) satisfies z.ZodType<ProductCard>;

const crumb = z.object({ name: z.string(), url: z.string() });
const stock = z.object({
  state: z.enum(['in_stock', 'low', 'out']),
  remaining: z.number().int().nullable().describe('Set when few are left'),
});

const listing = z.object({
  items: z.array(productCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  facets: z.object({
    tags: z.array(ref.extend({ count: z.number().int() })),
    options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
    priceRange: z.object({ minMinor: z.number().int(), maxMinor: z.number().int() }).nullable(),
  }),
}) satisfies z.ZodType<ProductListing>;

const image = z.string().nullable();

export const categoryPage = z.object({
  category: z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    image,
  }),
  breadcrumbs: z.array(crumb),
  subcategories: z.array(ref.extend({ image })),
  listing,
}) satisfies z.ZodType<CategoryPage>;

export const tagPage = z.object({ tag: ref, listing }) satisfies z.ZodType<TagPage>;

export const searchPage = z.object({
  q: z.string(),
  listing: listing.nullable().describe('Null for an empty query'),
}) satisfies z.ZodType<SearchPage>;

export const suggestions = z.object({
  products: z.array(ref.extend({ image })),
  categories: z.array(ref),
}) satisfies z.ZodType<SearchSuggestion>;

/** A category with its children, each a node of the same shape (a component of the document). */
const categoryNode = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  image,
  get children() {
    return z.array(categoryNode);
  },
});
export const categoryTree = z.array(categoryNode) satisfies z.ZodType<CategoryNode[]>;

export const homeShelves = z.object({
  featuredCategories: z.array(ref.extend({ description: z.string(), image })),
  newProducts: z.array(productCard).describe('The newest products that can be bought'),
  discountedProducts: z.array(productCard).describe('Below their market price, the largest discount first'),
}) satisfies z.ZodType<HomeShelves>;

const variant = z.object({
  id: z.number().int(),
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  images: z.array(z.string()),
  stock,
  price,
});

export const productDetail = z.object({
  id: z.number().int(),
  slug: z.string(),
  sku: z.string(),
  name: z.string(),
  brand: z.string().describe("The maker's name; empty when unknown"),
  shortDescription: z.string(),
  description: z.string().describe('Sanitized HTML'),
  stockType: z.number().int(),
  vatRate: z.number().int(),
  images: z.array(z.string()),
  imageAlts: z
    .record(z.string(), z.string())
    .describe('Alt text by image path; an image without one is described by the name'),
  stock,
  price,
  optionGroups: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(variant),
  personalization: z
    .object({
      fields: z.array(
        z.object({
          key: z.string(),
          label: z.string(),
          maxLength: z.number().int(),
          required: z.boolean(),
        }),
      ),
      allowImage: z.boolean(),
      surchargeMinor: z.number().int(),
    })
    .nullable(),
  specifications: z.array(z.object({ key: z.string(), value: z.string() })),
  tags: z.array(ref),
  category: ref,
  breadcrumbs: z.array(crumb),
  related: z.array(productCard),
  metaTitle: z.string().describe("The page's title as the shop wrote it; empty: made from the name"),
  metaDescription: z.string().describe('The meta description as the shop wrote it; empty: the summary'),
}) satisfies z.ZodType<ProductDetail>;
