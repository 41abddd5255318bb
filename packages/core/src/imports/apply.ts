import { type SQL, sql } from 'drizzle-orm';
import type { AuditActor } from '../audit/record.ts';
import { rows } from '../catalog/rows.ts';
import type { Db } from '../db/client.ts';
import { importError } from './errors.ts';

const IMPORT_NOTE = 'İçe aktarmayla değiştirildi';

/** A stored product or variant the plan changes is gone, or a new variant's product: nothing is written. */
const applyConflict = () =>
  importError(
    409,
    'ICE_AKTARMA_CAKISMA',
    'Bu sırada dosyadaki bir ürün ya da varyant silindi; hiçbir şey yazılmadı, dosyayı yeniden gönderin.',
  );

/** The products columns the import writes, with their types (`jsonb` is taken as it is). */
const PRODUCT_COLUMNS = [
  ['name', 'text'],
  ['slug', 'text'],
  ['stock_type', 'smallint'],
  ['category_id', 'integer'],
  ['brand', 'text'],
  ['barcode', 'text'],
  ['short_description', 'text'],
  ['description', 'text'],
  ['vat_rate', 'smallint'],
  ['stock', 'integer'],
  ['is_active', 'boolean'],
  ['option_groups', 'jsonb'],
  ['search_text', 'text'],
  ['search_document', 'text'],
  ['name_sort', 'text'],
] as const;
const VARIANT_COLUMNS = [
  ['barcode', 'text'],
  ['options', 'jsonb'],
  ['stock', 'integer'],
  ['is_active', 'boolean'],
] as const;

type Columns = readonly (readonly [string, string])[];
/** A staged value as its column's type (the names are the constants above, never input). */
const value = ([name, type]: readonly [string, string]) =>
  type === 'jsonb' ? `s.data->'${name}'` : `(s.data->>'${name}')::${type}`;
const names = (columns: Columns) => sql.raw(columns.map(([name]) => name).join(', '));
const values = (columns: Columns) => sql.raw(columns.map(value).join(', '));
/** Sets the staged columns only, keeping the others as they are (a change made meanwhile stays). */
const assignments = (columns: Columns, table: string) =>
  sql.raw(
    columns
      .map((c) => `${c[0]} = case when s.data ? '${c[0]}' then ${value(c)} else ${table}.${c[0]} end`)
      .join(', '),
  );

/**
 * Applies a run's staged rows to the catalogue in the caller's transaction, a few set-based statements for
 * any number of rows: new products and variants inserted (a SKU or slug another change took meanwhile is a
 * unique violation: the transaction writes nothing), stored ones updated in the staged columns only, changed
 * price lists replaced, a stock-history movement per counted stock that changes, the slugs products leave
 * remembered, and every touched product's `updated_at` (its version) set. Answers the touched products' ids.
 */
export async function applyStaged(tx: Db, importId: string, actor: AuditActor, at: Date): Promise<number[]> {
  const id = sql`s.import_id = ${importId}`;
  const now = sql`${at.toISOString()}::timestamptz`;
  const staffId = actor.kind === 'staff' ? actor.staffId : null;
  const movement = (select: SQL) => sql`
    insert into stock_movements (product_id, variant_id, change, stock_before, stock_after, reason, note, staff_id)
    ${select}`;
  const mark = sql`'düzeltme', ${IMPORT_NOTE}, ${staffId}::integer`;
  const count = async (where: SQL) =>
    (
      await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from import_staging s where ${id} and ${where}`,
      )
    )[0]!.n;
  /**
   * Locks the stored products or variants the run changes (each must still be there, or nothing is written)
   * and books a movement for each whose stock the file changes. A product without counted stock has none.
   */
  const lockAndMoveStock = async (kind: 'product' | 'variant') => {
    const [table, ref, productId, variantId, counted] =
      kind === 'product'
        ? [sql`products r`, sql`s.product_id`, sql`r.id`, sql`null`, sql`r.stock is not null and`]
        : [sql`product_variants r`, sql`s.variant_id`, sql`r.product_id`, sql`r.id`, sql``];
    const locked = await rows<{ id: number }>(
      tx,
      sql`select r.id from ${table} join import_staging s on ${ref} = r.id
        where ${id} and s.kind = ${kind} for update of r`,
    );
    if (locked.length < (await count(sql`s.kind = ${kind} and ${ref} is not null`))) {
      throw applyConflict();
    }
    await tx.execute(
      movement(sql`select ${productId}, ${variantId}, (s.data->>'stock')::integer - r.stock, r.stock, (s.data->>'stock')::integer, ${mark}
        from import_staging s join ${table} on r.id = ${ref}
        where ${id} and s.kind = ${kind} and s.data ? 'stock' and s.data->>'stock' is not null
          and ${counted} r.stock <> (s.data->>'stock')::integer`),
    );
  };

  // New products, and the stock they start with.
  await tx.execute(sql`
    insert into products (sku, ${names(PRODUCT_COLUMNS)}, created_at, updated_at)
    select s.sku, ${values(PRODUCT_COLUMNS)}, ${now}, ${now} from import_staging s
    where ${id} and s.kind = 'product' and s.product_id is null order by s.seq`);
  await tx.execute(
    movement(sql`select p.id, null, p.stock, 0, p.stock, ${mark}
      from import_staging s join products p on p.sku = s.sku
      where ${id} and s.kind = 'product' and s.product_id is null and p.stock is not null and p.stock <> 0`),
  );

  // Stored products: locked, each still there, the stock they hold now moved to the file's, old slugs kept.
  await lockAndMoveStock('product');
  // As `rememberOldSlugs`: a slug taken stops redirecting; the slug left points to the product that left it.
  await tx.execute(sql`
    delete from product_slug_history where slug in (select s.data->>'slug' from import_staging s
      where ${id} and s.kind = 'product' and s.product_id is not null and s.data ? 'slug')`);
  await tx.execute(sql`
    insert into product_slug_history (product_id, slug)
    select p.id, p.slug from import_staging s join products p on p.id = s.product_id
    where ${id} and s.kind = 'product' and s.data ? 'slug' and p.slug <> s.data->>'slug'
    on conflict (slug) do update set product_id = excluded.product_id, created_at = now()`);
  await tx.execute(sql`
    update products p set ${assignments(PRODUCT_COLUMNS, 'p')}, updated_at = ${now}
    from import_staging s where ${id} and s.kind = 'product' and s.product_id = p.id`);

  // New variants, of new and stored products (found by the parent's SKU), and their stock.
  const added = await rows<{ id: number }>(
    tx,
    sql`insert into product_variants (product_id, sku, position, ${names(VARIANT_COLUMNS)})
      select p.id, s.sku, (s.data->>'position')::integer, ${values(VARIANT_COLUMNS)}
      from import_staging s join products p on p.sku = s.parent_sku
      where ${id} and s.kind = 'variant' and s.variant_id is null order by s.seq
      returning id`,
  );
  if (added.length < (await count(sql`s.kind = 'variant' and s.variant_id is null`))) {
    throw applyConflict();
  }
  await tx.execute(
    movement(sql`select v.product_id, v.id, v.stock, 0, v.stock, ${mark}
      from import_staging s join product_variants v on v.sku = s.sku
      where ${id} and s.kind = 'variant' and s.variant_id is null and v.stock <> 0`),
  );

  // Stored variants, as stored products.
  await lockAndMoveStock('variant');
  await tx.execute(sql`
    update product_variants v set ${assignments(VARIANT_COLUMNS, 'v')}
    from import_staging s where ${id} and s.kind = 'variant' and s.variant_id = v.id`);

  // Price lists that changed, replaced whole: the product's own, then the variants'.
  await tx.execute(sql`
    delete from product_prices pp using import_staging s
    where ${id} and s.kind = 'product' and s.prices is not null and s.product_id is not null
      and pp.product_id = s.product_id and pp.variant_id is null`);
  await tx.execute(sql`
    insert into product_prices (product_id, variant_id, price_type, amount_minor, currency)
    select p.id, null, e.t, e.a, e.c from import_staging s join products p on p.sku = s.sku
      cross join lateral jsonb_to_recordset(s.prices) as e(t smallint, a integer, c text)
    where ${id} and s.kind = 'product' and s.prices is not null`);
  await tx.execute(sql`
    delete from product_prices pp using import_staging s
    where ${id} and s.kind = 'variant' and s.prices is not null and s.variant_id is not null
      and pp.variant_id = s.variant_id`);
  await tx.execute(sql`
    insert into product_prices (product_id, variant_id, price_type, amount_minor, currency)
    select v.product_id, v.id, e.t, e.a, e.c from import_staging s join product_variants v on v.sku = s.sku
      cross join lateral jsonb_to_recordset(s.prices) as e(t smallint, a integer, c text)
    where ${id} and s.kind = 'variant' and s.prices is not null`);

  // A product is versioned by `updated_at`: one whose variants changed moves too (the others moved above;
  // writing a row again would also make its search vector again).
  const touched = await rows<{ id: number }>(
    tx,
    sql`select p.id from import_staging s join products p on p.sku = s.sku where ${id} and s.kind = 'product'
      union select s.product_id from import_staging s where ${id} and s.kind = 'product' and s.sku is null
      union select v.product_id from import_staging s join product_variants v on v.sku = s.sku
        where ${id} and s.kind = 'variant'`,
  );
  await tx.execute(sql`
    update products p set updated_at = ${now} from (select distinct v.product_id from import_staging s
      join product_variants v on v.sku = s.sku where ${id} and s.kind = 'variant') t
    where p.id = t.product_id and p.updated_at <> ${now}`);
  return touched.map((t) => t.id);
}
