import { PRICE_TYPE, STOCK_TYPE } from '@vitrin/shared/constants';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sqlCode, sqlCodes } from '../db/sql-code.ts';
import { rows } from './rows.ts';

export interface OptionGroup {
  name: string;
  values: string[];
}

/** What the catalogue index reads of one product (inactive ones too: they may come back). */
export interface ProductRow {
  id: number;
  is_active: boolean;
  category_id: number;
  slug: string;
  name: string;
  image: string | null;
  name_sort: string;
  search_text: string;
  created: number;
  stock_type: number;
  stock: number | null;
  vat_rate: number;
  option_groups: OptionGroup[] | null;
  stems: string[] | null;
  /** Approved reviews: how many, and the sum of their ratings (kept by the moderation, reviews/rating.ts). */
  rating_count: number;
  rating_sum: number;
}

export interface IndexRows {
  products: ProductRow[];
  tagLinks: Array<{ product_id: number; tag_id: number }>;
  /** The products' own display price entries (types 2-5), in entry order. */
  prices: Array<{ product_id: number; price_type: number; amount_minor: string | number; currency: string }>;
  /** Options of the active variants in stock. */
  variants: Array<{ product_id: number; options: Record<string, string> }>;
  tags: Array<{ id: number; slug: string; name: string }>;
}

/**
 * Products per read when the whole catalogue is read: bounds the memory a build needs at once. At 100 000
 * products 2 000 left the process 440-467 MB resident after the build against 487-496 for 5 000 (smaller
 * answers for the embedded database to hold, less JS heap at once) for 0.2-0.7 s more CPU over the ~8 s build.
 */
const BATCH = 2_000;

/**
 * Reads the catalogue index's data of the given products: five queries narrowed by id (milliseconds), or
 * `range` the products after an id, at most `limit` of them.
 */
export async function readIndexRows(
  db: Db,
  ids: readonly number[] | { after: number; limit: number },
): Promise<IndexRows> {
  const only = (column: SQL) =>
    Array.isArray(ids) ? sql`${column} = any(${`{${ids.join(',')}}`}::int[])` : undefined;
  const range = 'after' in ids ? ids : undefined;
  const products = await rows<ProductRow>(
    db,
    sql`select p.id, p.is_active, p.category_id, p.slug, p.name, p.images->>0 as image, p.name_sort,
      p.search_text, extract(epoch from p.created_at)::float8 as created, p.stock_type, p.stock, p.vat_rate,
      p.rating_count, p.rating_sum,
      case when p.stock_type = ${sqlCode(STOCK_TYPE.Variant)} then p.option_groups end as option_groups,
      case when p.is_active then tsvector_to_array(p.search_vector) end as stems
      from products p where ${only(sql`p.id`) ?? sql`p.id > ${range!.after}`}
      order by p.id ${range ? sql`limit ${range.limit}` : sql``}`,
  );
  // The read products' rows of the other tables: by id, or by the range of ids just read.
  const of = (column: SQL) =>
    only(column) ??
    (products.length ? sql`${column} between ${products[0]!.id} and ${products.at(-1)!.id}` : sql`false`);
  const [tagLinks, prices, variants, tags] = await Promise.all([
    rows<IndexRows['tagLinks'][number]>(
      db,
      sql`select product_id, tag_id from product_tags where ${of(sql`product_id`)}`,
    ),
    rows<IndexRows['prices'][number]>(
      db,
      sql`select product_id, price_type, amount_minor, currency from product_prices
        where variant_id is null
          and price_type in (${sqlCodes(PRICE_TYPE.Sale, PRICE_TYPE.Market, PRICE_TYPE.Instalment, PRICE_TYPE.Wholesale)})
          and ${of(sql`product_id`)} order by id`,
    ),
    rows<IndexRows['variants'][number]>(
      db,
      sql`select product_id, options from product_variants
        where is_active and stock > 0 and ${of(sql`product_id`)}`,
    ),
    rows<IndexRows['tags'][number]>(db, sql`select id, slug, name from tags`),
  ]);
  return { products, tagLinks, prices, variants, tags };
}

/**
 * The whole catalogue's rows, a batch of products at a time in id order (a build holds one batch's rows,
 * not 100 000 products' at once: the embedded database's memory grows with the largest answer it sends).
 */
export async function* readAllIndexRows(db: Db): AsyncGenerator<IndexRows> {
  for (let after = 0; ; ) {
    const batch = await readIndexRows(db, { after, limit: BATCH });
    if (!batch.products.length) return;
    yield batch;
    after = batch.products.at(-1)!.id;
  }
}
