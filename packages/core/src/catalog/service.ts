import type {
  CategoryNode,
  CategoryPage,
  HomeShelves,
  ListingQuery,
  ProductDetail,
  SearchPage,
  SearchSuggestion,
  TagPage,
} from '@vitrin/shared/api/catalog';
import { foldTurkish } from '@vitrin/shared/turkish-fold';
import { asc } from 'drizzle-orm';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { tags } from '../db/schema.ts';
import type { SettingsService } from '../settings/service.ts';
import { createCategoryService } from './categories.ts';
import { listProducts, type SearchTerms, type ShopperContext } from './listing.ts';
import { productBySlug } from './product.ts';
import { homeShelves } from './shelves.ts';

const SUGGESTIONS = 6;

function searchTerms(q: string): SearchTerms | null {
  const folded = foldTurkish(q);
  if (!folded) return null;
  return { folded, lowered: q.toLocaleLowerCase('tr-TR') };
}

export interface Shopper {
  wholesale: boolean;
}
export const RETAIL: Shopper = { wholesale: false };

export function createCatalogService(db: Db, cache: Cache, settings: SettingsService) {
  const { tree } = createCategoryService(db, cache);
  const tagsBySlug = cache.value('tags', async () => {
    const list = await db.select().from(tags).orderBy(asc(tags.name));
    return new Map(list.map((t) => [t.slug, t]));
  });

  async function context(shopper: Shopper): Promise<ShopperContext> {
    const s = await settings.all();
    return { usdRate: s.usd_rate, eurRate: s.eur_rate, wholesale: shopper.wholesale };
  }

  return {
    async categoryTree(): Promise<CategoryNode[]> {
      return (await tree()).roots;
    },
    /** The home page's shelves, the same for every retail visitor: kept until the catalogue changes. */
    homeShelves: cache.value(
      'home-shelves',
      async (): Promise<HomeShelves> => homeShelves(db, await tree(), await context(RETAIL)),
    ),
    /** A category's page: its products and those of its subcategories. Null for an unknown slug. */
    async categoryPage(slug: string, query: ListingQuery, shopper = RETAIL): Promise<CategoryPage | null> {
      const t = await tree();
      const category = t.bySlug.get(slug);
      if (!category) return null;
      const listing = await listProducts(
        db,
        { categoryIds: t.descendantIds(category.id) },
        query,
        await context(shopper),
      );
      return {
        category: {
          id: category.id,
          slug: category.slug,
          name: category.name,
          description: category.description,
          image: category.image,
        },
        breadcrumbs: t.breadcrumbs(category.id),
        subcategories: t.children(category.id).map((c) => ({ slug: c.slug, name: c.name, image: c.image })),
        listing,
      };
    },
    async tagPage(slug: string, query: ListingQuery, shopper = RETAIL): Promise<TagPage | null> {
      const tag = (await tagsBySlug()).get(slug);
      if (!tag) return null;
      const listing = await listProducts(db, { tagId: tag.id }, query, await context(shopper));
      return { tag: { slug: tag.slug, name: tag.name }, listing };
    },
    /** Search results with the listing's filters; an empty query lists nothing (the page helps instead). */
    async search(q: string, query: ListingQuery, shopper = RETAIL): Promise<SearchPage> {
      const terms = searchTerms(q);
      if (!terms) return { q, listing: null };
      return { q, listing: await listProducts(db, { search: terms }, query, await context(shopper)) };
    },
    /** As-you-type suggestions: a few products by relevance and the categories whose name matches. */
    async suggest(q: string): Promise<SearchSuggestion> {
      const terms = searchTerms(q);
      if (!terms) return { products: [], categories: [] };
      const listing = await listProducts(
        db,
        { search: terms },
        { page: 1, pageSize: SUGGESTIONS, sort: 'relevance', tag: [], opt: [] },
        await context(RETAIL),
      );
      const categories = [...(await tree()).byId.values()]
        .filter((c) => foldTurkish(c.name).includes(terms.folded))
        .slice(0, 4)
        .map((c) => ({ slug: c.slug, name: c.name }));
      return {
        products: listing.items.map((p) => ({ slug: p.slug, name: p.name, image: p.image })),
        categories,
      };
    },
    async product(slug: string, shopper = RETAIL): Promise<ProductDetail | null> {
      return productBySlug(db, await tree(), slug, await context(shopper));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
