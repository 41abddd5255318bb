import type { HomeShelves } from '@vitrin/shared/api/catalog';
import type { CatalogueIndex } from './catalogue-index.ts';
import type { CategoryTree } from './categories.ts';
import type { ShopperContext } from './listing.ts';

/** How many products each home shelf shows (two rows of four on a wide screen). */
export const SHELF_SIZE = 8;

/**
 * The home page's shelves: the featured categories, the newest products that can be bought, and the
 * products with the largest discount against their market price (sale and market price compared in TRY),
 * from the catalogue index.
 */
export function homeShelves(index: CatalogueIndex, tree: CategoryTree, ctx: ShopperContext): HomeShelves {
  const { newest, discounted } = index.shelves(SHELF_SIZE);
  const featuredCategories = [...tree.byId.values()]
    .filter((c) => c.isFeatured)
    .map((c) => ({ slug: c.slug, name: c.name, description: c.description, image: c.image }));
  return {
    featuredCategories,
    newProducts: index.cards(newest, ctx),
    discountedProducts: index.cards(discounted, ctx),
  };
}
