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
import type { ListingScope } from './catalogue-index.ts';
import { createCategoryService } from './categories.ts';
import type { ShopperContext } from './listing.ts';
import { createLiveIndex, SNAPSHOTS, type SnapshotOptions } from './live-index.ts';
import { productBySlug } from './product.ts';
import { queryStems, type SearchTerms } from './search-index.ts';
import { homeShelves } from './shelves.ts';

const SUGGESTIONS = 6;
const MAX_STEMMED_QUERIES = 5_000;

function searchTerms(q: string): SearchTerms | null {
  const folded = foldTurkish(q);
  if (!folded) return null;
  return { folded, lowered: q.toLocaleLowerCase('tr-TR') };
}

export interface Shopper {
  wholesale: boolean;
}
export const RETAIL: Shopper = { wholesale: false };

/** The answer of a listing or a search from the index's page. */
function listingOf(
  page: { slots: number[]; total: number; facets: ProductListing['facets'] },
  query: ListingQuery,
  cards: (slots: number[]) => ProductListing['items'],
): ProductListing {
  return {
    items: cards(page.slots),
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(page.total / query.pageSize)),
    facets: page.facets,
  };
}

export interface CatalogOptions {
  /** How the catalogue index is kept for starting nodes (index-snapshot.ts); false: never. */
  snapshots?: SnapshotOptions | false;
}

export function createCatalogService(
  db: Db,
  cache: Cache,
  settings: SettingsService,
  options: CatalogOptions = {},
) {
  const { tree } = createCategoryService(db, cache);
  const tagsBySlug = cache.value('tags', async () => {
    const list = await db.select().from(tags).orderBy(asc(tags.name));
    return new Map(list.map((t) => [t.slug, t]));
  });
  /**
   * The catalogue index (catalogue-index.ts, live-index.ts): category and tag listings, search and their
   * product cards from memory, every change applied to it as it happens.
   */
  const index = createLiveIndex(db, cache, () => context(RETAIL), options.snapshots ?? SNAPSHOTS);
  /** Each index built gets a number of its own: a new one starts its change count again. */
  const builds = new WeakMap<object, number>();
  let built = 0;

  /** A listing page with its cards, priced for the shopper. */
  async function listing(
    scope: ListingScope,
    query: ListingQuery,
    shopper: Shopper,
  ): Promise<ProductListing> {
    const [ctx, current] = await Promise.all([context(shopper), index.get()]);
    return listingOf(current.listing(scope, query, shopper.wholesale), query, (slots) =>
      current.cards(slots, ctx),
    );
  }

  /**
   * A query's stems depend on its text alone (PostgreSQL's `turkish` configuration): kept, so that a search
   * the answers cache misses (another page, filter or catalogue version) asks the database nothing.
   */
  const stems = new Map<string, Promise<string[]>>();
  const stemsOf = (lowered: string): Promise<string[]> => {
    let known = stems.get(lowered);
    if (!known) {
      // Bounded so that endless made-up queries cannot grow memory without limit.
      if (stems.size >= MAX_STEMMED_QUERIES) stems.clear();
      known = queryStems(db, lowered);
      stems.set(lowered, known);
      known.catch(() => stems.delete(lowered));
    }
    return known;
  };

  const searchAnswers = cache.keyed('search', async (key): Promise<ProductListing> => {
    const [terms, query, wholesale] = JSON.parse(key) as [SearchTerms, ListingQuery, boolean];
    const [stems, ctx] = await Promise.all([stemsOf(terms.lowered), context({ wholesale })]);
    const current = await index.get();
    return listingOf(current.search(terms, stems, query, wholesale), query, (slots) =>
      current.cards(slots, ctx),
    );
  });
  /**
   * Search answers are kept while the catalogue index stays as it is (any change to it, a stock change from
   * an order too, starts new answers): shoppers repeat popular words.
   */
  const cachedSearch = async (terms: SearchTerms, query: ListingQuery, shopper: Shopper) =>
    searchAnswers(JSON.stringify([terms, query, shopper.wholesale, (await index.get()).version]));

  async function context(shopper: Shopper): Promise<ShopperContext> {
    const s = await settings.all();
    return {
      usdRate: s.usd_rate,
      eurRate: s.eur_rate,
      rounding: s.price_rounding,
      wholesale: shopper.wholesale,
    };
  }
  const retailProduct = cache.keyed('product', async (slug) =>
    productBySlug(db, await tree(), slug, await context(RETAIL)),
  );

  return {
    /**
     * Changes whenever a listing's or a search's answer may: another index built (settings, categories, tags,
     * a bulk import) or a change applied to it (a product, a stock). Answers kept outside are keyed by it.
     */
    async answersStamp(): Promise<string> {
      const current = await index.get();
      let number = builds.get(current);
      if (number === undefined) {
        number = ++built;
        builds.set(current, number);
      }
      return `${number}.${current.version}`;
    },
    /** Builds the catalogue index ahead of the first listing or search (seconds at 100 000 products). */
    async prepareSearch(): Promise<number> {
      return (await index.get()).size;
    },
    /** Where the catalogue index in use came from: the snapshot (caught up) or the products' rows. */
    async indexSource(): Promise<'snapshot' | 'rows'> {
      await index.get();
      return index.source;
    },
    /** Writes what the index's snapshot lacks now (otherwise done every few minutes), and waits for it. */
    saveIndexSnapshot: () => index.saveSnapshot(),
    async categoryTree(): Promise<CategoryNode[]> {
      return (await tree()).roots;
    },
    /** The home page's shelves (kept by the index until it changes), priced for the shopper. */
    async homeShelves(shopper = RETAIL): Promise<HomeShelves> {
      const [t, ctx, current] = await Promise.all([tree(), context(shopper), index.get()]);
      return homeShelves(current, t, ctx);
    },
    /** A category's page: its products and those of its subcategories. Null for an unknown slug. */
    async categoryPage(slug: string, query: ListingQuery, shopper = RETAIL): Promise<CategoryPage | null> {
      const t = await tree();
      const category = t.bySlug.get(slug);
      if (!category) return null;
      const found = await listing({ categoryIds: t.descendantIds(category.id) }, query, shopper);
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
        listing: found,
      };
    },
    async tagPage(slug: string, query: ListingQuery, shopper = RETAIL): Promise<TagPage | null> {
      const tag = (await tagsBySlug()).get(slug);
      if (!tag) return null;
      return {
        tag: { slug: tag.slug, name: tag.name },
        listing: await listing({ tagId: tag.id }, query, shopper),
      };
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
