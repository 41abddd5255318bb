import { LISTING_SORTS } from '@vitrin/shared/api/catalog';
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
