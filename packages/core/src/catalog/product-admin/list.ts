import type {
  AdminProductRow,
  ProductListAnswer,
  ProductListFilter,
} from '@vitrin/shared/api/admin/products';
import { PRICE_TYPE, STOCK_TYPE } from '@vitrin/shared/constants';
import { foldTurkish } from '@vitrin/shared/turkish-fold';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlCode } from '../../db/sql-code.ts';
import { rows } from '../rows.ts';

/** What the list needs of the shop: the low-stock threshold without a product's own, and the rates. */
export interface ListContext {
  lowStockAt: number;
  usdRate: number;
  eurRate: number;
}

interface Row {
  id: number;
  sku: string;
  barcode: string | null;
  name: string;
  slug: string;
  image: string | null;
  stock_type: number;
  category_id: number;
  category_name: string;
  sale_minor: number | null;
  sale_currency: 'TRY' | 'USD' | 'EUR' | null;
  stock: number | string | null;
  state: 'in_stock' | 'low' | 'out';
  is_active: boolean;
  updated_at: string | Date;
  total: number | string;
}

/** `%` and `_` typed in the search are letters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ORDER: Record<ProductListFilter['sort'], SQL> = {
  newest: sql`created_at desc, id desc`,
  oldest: sql`created_at asc, id asc`,
  name: sql`name_sort asc, id asc`,
  price: sql`sale_try asc nulls last, id asc`,
  '-price': sql`sale_try desc nulls last, id desc`,
  stock: sql`stock asc nulls last, id asc`,
  '-stock': sql`stock desc nulls first, id desc`,
};

/**
 * The panel's products table: the search matches the folded name, SKU, category and tags (`search_text`,
 * folded as `foldTurkish` folds the query) and the SKUs and barcodes of the product and its variants; a
 * category filter takes its subcategories too (hidden ones included); the stock state is the counted stock
 * (variants summed) against the product's threshold or the shop's; the price range is the sale price in TL.
 */
export async function listProducts(
  db: Db,
  filter: ProductListFilter,
  ctx: ListContext,
): Promise<ProductListAnswer> {
  const q = filter.q ? foldTurkish(filter.q) : '';
  // SKUs and barcodes as typed, letters' case aside (SQL's upper() is ASCII's, like `toUpperCase`).
  const raw = filter.q?.trim().toUpperCase() ?? '';
  const where: SQL[] = [sql`true`];
  if (q) {
    where.push(sql`(search_text like ${likePattern(q)}
      or upper(sku) like ${likePattern(raw)} or barcode = ${raw}
      or exists (select 1 from product_variants v where v.product_id = x.id
        and (upper(v.sku) like ${likePattern(raw)} or v.barcode = ${raw})))`);
  }
  if (filter.categoryId !== undefined) {
    where.push(sql`category_id in (with recursive tree(id) as (
      select ${filter.categoryId}::int union all select c.id from categories c join tree on c.parent_id = tree.id
    ) select id from tree)`);
  }
  if (filter.stock) where.push(sql`state = ${filter.stock}`);
  if (filter.active !== undefined) where.push(sql`is_active = ${filter.active}`);
  if (filter.minPrice !== undefined) where.push(sql`sale_try >= ${filter.minPrice}`);
  if (filter.maxPrice !== undefined) where.push(sql`sale_try <= ${filter.maxPrice}`);

  const list = await rows<Row>(
    db,
    sql`with base as (
      select p.id, p.sku, p.barcode, p.name, p.slug, p.images->>0 as image, p.stock_type, p.category_id,
        c.name as category_name, p.is_active, p.updated_at, p.created_at, p.name_sort, p.search_text,
        sp.amount_minor as sale_minor, sp.currency as sale_currency,
        sp.amount_minor * (case sp.currency when 'USD' then ${ctx.usdRate}::numeric
          when 'EUR' then ${ctx.eurRate}::numeric else 1 end) as sale_try,
        case when p.stock_type = ${sqlCode(STOCK_TYPE.Variant)} then (select coalesce(sum(v.stock), 0)::int from product_variants v
          where v.product_id = p.id and v.is_active) else p.stock end as stock,
        coalesce(p.low_stock_threshold, ${ctx.lowStockAt}::int) as threshold
      from products p
      join categories c on c.id = p.category_id
      left join product_prices sp on sp.product_id = p.id and sp.variant_id is null and sp.price_type = ${sqlCode(PRICE_TYPE.Sale)}
    ), x as (
      select *, case when stock is null then 'in_stock' when stock <= 0 then 'out'
        when stock <= threshold then 'low' else 'in_stock' end as state
      from base
    )
    select id, sku, barcode, name, slug, image, stock_type, category_id, category_name, sale_minor, sale_currency,
      stock, state, is_active, updated_at, count(*) over () as total
    from x where ${sql.join(where, sql` and `)}
    order by ${ORDER[filter.sort]}
    limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}`,
  );
  if (list.length === 0 && filter.page > 1) {
    // A page past the end still says how many there are.
    const first = await listProducts(db, { ...filter, page: 1 }, ctx);
    return { items: [], page: filter.page, pageCount: first.pageCount, total: first.total };
  }
  const total = Number(list[0]?.total ?? 0);
  const items = list.map(
    (r): AdminProductRow => ({
      id: r.id,
      sku: r.sku,
      barcode: r.barcode,
      name: r.name,
      slug: r.slug,
      image: r.image,
      stockType: r.stock_type,
      categoryId: r.category_id,
      categoryName: r.category_name,
      sale:
        r.sale_minor === null || r.sale_currency === null
          ? null
          : { priceType: PRICE_TYPE.Sale, priceMinor: r.sale_minor, currency: r.sale_currency },
      stock: r.stock === null ? null : Number(r.stock),
      stockState: r.state,
      isActive: r.is_active,
      updatedAt: new Date(r.updated_at).toISOString(),
    }),
  );
  return { items, page: filter.page, pageCount: Math.max(1, Math.ceil(total / filter.perPage)), total };
}
