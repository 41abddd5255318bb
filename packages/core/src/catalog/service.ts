import type {
  CategoryNode,
  CategoryPage,
  ListingQuery,
  ProductDetail,
  TagPage,
} from '@vitrin/shared/api/catalog';
import { asc } from 'drizzle-orm';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { tags } from '../db/schema.ts';
import type { SettingsService } from '../settings/service.ts';
import { createCategoryService } from './categories.ts';
import { listProducts, type ShopperContext } from './listing.ts';
import { productBySlug } from './product.ts';

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
    async featuredCategories() {
      return [...(await tree()).byId.values()].filter((c) => c.isFeatured);
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
    async product(slug: string, shopper = RETAIL): Promise<ProductDetail | null> {
      return productBySlug(db, await tree(), slug, await context(shopper));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
