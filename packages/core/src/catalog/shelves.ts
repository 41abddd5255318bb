import type { HomeShelves } from '@vitrin/shared/api/catalog';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { CategoryTree } from './categories.ts';
import { CARD_COLUMNS, cards, entryInTry, IN_STOCK, type ShopperContext } from './listing.ts';
import { rows } from './rows.ts';

/** How many products each home shelf shows (two rows of four on a wide screen). */
export const SHELF_SIZE = 8;

type ShelfRow = Parameters<typeof cards>[1][number];

/**
 * The home page's shelves: the featured categories, the newest products that can be bought, and the
 * products with the largest discount against their market price (sale and market price compared in TRY).
 */
export async function homeShelves(db: Db, tree: CategoryTree, ctx: ShopperContext): Promise<HomeShelves> {
  const [newest, discounted] = await Promise.all([
    rows<ShelfRow>(
      db,
      sql`select ${CARD_COLUMNS} from products p where p.is_active and ${IN_STOCK}
        order by p.created_at desc, p.id desc limit ${SHELF_SIZE}`,
    ),
    rows<ShelfRow>(
      db,
      sql`with prices as (
          select pp.product_id, pp.price_type, ${entryInTry(ctx)} as try
          from product_prices pp where pp.variant_id is null and pp.price_type in (2, 3))
        select ${CARD_COLUMNS} from products p
        join prices sale on sale.product_id = p.id and sale.price_type = 2
        join prices market on market.product_id = p.id and market.price_type = 3
        where p.is_active and ${IN_STOCK} and market.try > sale.try
        order by (market.try - sale.try) / market.try desc, p.id desc limit ${SHELF_SIZE}`,
    ),
  ]);
  const [newProducts, discountedProducts] = await Promise.all([
    cards(db, newest, ctx),
    cards(db, discounted, ctx),
  ]);
  const featuredCategories = [...tree.byId.values()]
    .filter((c) => c.isFeatured)
    .map((c) => ({ slug: c.slug, name: c.name, description: c.description, image: c.image }));
  return { featuredCategories, newProducts, discountedProducts };
}
