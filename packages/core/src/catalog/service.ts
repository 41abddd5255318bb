import type {
  CategoryNode,
  CategoryPage,
  HomeShelves,
  ProductDetail,
  ProductListing,
  SearchPage,
  SearchSuggestion,
  TagPage,
} from '@vitrin/shared/api/catalog';
import type { ListingQuery } from '@vitrin/shared/api/catalog-query';
import { foldTurkish } from '@vitrin/shared/turkish-fold';
import { asc } from 'drizzle-orm';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { tags } from '../db/schema.ts';
import type { SettingsService } from '../settings/service.ts';
import { createCategoryService } from './categories.ts';
import { cardsByIds, listProducts, type ShopperContext } from './listing.ts';
import { productBySlug } from './product.ts';
import { buildSearchIndex, queryStems, type SearchTerms } from './search-index.ts';
import { homeShelves } from './shelves.ts';

const SUGGESTIONS = 6;
const SEARCH_CACHE_MS = 60_000;
const REBUILD_DELAY_MS = 1_000;

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
  /**
   * The search index (search-index.ts): built on the first search after start-up or after a catalogue or
   * settings change (the cache drops it with everything else), in five queries whatever the catalogue size.
   */
  const searchIndex = cache.value('search-index', async () => buildSearchIndex(db, await context(RETAIL)));
  // After a change, the index is rebuilt in the background once changes pause, so that the next shopper
  // rarely waits for it (a search that comes first waits for the same build). Only where search is used.
  let searchUsed = false;
  let rebuild: NodeJS.Timeout | undefined;
  cache.onClear(() => {
    if (!searchUsed) return;
    clearTimeout(rebuild);
    rebuild = setTimeout(() => searchIndex().catch(() => {}), REBUILD_DELAY_MS);
    rebuild.unref();
  });
  const searchAnswers = cache.keyed('search', async (key): Promise<ProductListing> => {
    const [terms, query, wholesale] = JSON.parse(key) as [SearchTerms, ListingQuery, boolean];
    searchUsed = true;
    const [index, stems, ctx] = await Promise.all([
      searchIndex(),
      queryStems(db, terms.lowered),
      context({ wholesale }),
    ]);
    const found = index.search(terms, stems, query, wholesale);
    return {
      items: await cardsByIds(db, found.ids, ctx),
      total: found.total,
      page: query.page,
      pageSize: query.pageSize,
      pageCount: Math.max(1, Math.ceil(found.total / query.pageSize)),
      facets: found.facets,
    };
  });
  /**
   * Search answers are kept for up to a minute (and dropped with every catalogue or settings change):
   * shoppers repeat popular words. Within the minute, stock changes from orders may show late, as on a
   * cached product page.
   */
  const cachedSearch = (terms: SearchTerms, query: ListingQuery, shopper: Shopper) =>
    searchAnswers(
      JSON.stringify([terms, query, shopper.wholesale, Math.floor(Date.now() / SEARCH_CACHE_MS)]),
    );

  async function context(shopper: Shopper): Promise<ShopperContext> {
    const s = await settings.all();
    return {
      usdRate: s.usd_rate,
      eurRate: s.eur_rate,
      rounding: s.price_rounding,
      wholesale: shopper.wholesale,
    };
  }
  const retailShelves = cache.value(
    'home-shelves',
    async (): Promise<HomeShelves> => homeShelves(db, await tree(), await context(RETAIL)),
  );
  const retailProduct = cache.keyed('product', async (slug) =>
    productBySlug(db, await tree(), slug, await context(RETAIL)),
  );

  return {
    /** Builds the search index ahead of the first search (seconds at 100 000 products); start-up calls it. */
    async prepareSearch(): Promise<number> {
      searchUsed = true;
      return (await searchIndex()).size;
    },
    async categoryTree(): Promise<CategoryNode[]> {
      return (await tree()).roots;
    },
    /**
     * The home page's shelves, the same for every retail visitor: kept until the catalogue changes;
     * wholesale prices are read fresh.
     */
    async homeShelves(shopper = RETAIL): Promise<HomeShelves> {
      if (!shopper.wholesale) return retailShelves();
      return homeShelves(db, await tree(), await context(shopper));
    },
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
      return { q, listing: await cachedSearch(terms, query, shopper) };
    },
    /** As-you-type suggestions: a few products by relevance and the categories whose name matches. */
    async suggest(q: string): Promise<SearchSuggestion> {
      const terms = searchTerms(q);
      if (!terms) return { products: [], categories: [] };
      const listing = await cachedSearch(
        terms,
        { page: 1, pageSize: SUGGESTIONS, sort: 'relevance', tag: [], opt: [] },
        RETAIL,
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
    /**
     * A product page's data. What retail shoppers see is kept in memory until the catalogue changes (six
     * queries and the description's sanitising per product otherwise); wholesale prices are read fresh.
     */
    async product(slug: string, shopper = RETAIL): Promise<ProductDetail | null> {
      if (!shopper.wholesale) return retailProduct(slug);
      return productBySlug(db, await tree(), slug, await context(shopper));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
