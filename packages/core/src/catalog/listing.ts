import type { ListingFacets, ProductCard, ProductListing } from '@vitrin/shared/api/catalog';
import type { ListingQuery } from '@vitrin/shared/api/catalog-query';
import { type PriceEntry, type PriceRounding, resolveDisplayPrice } from '@vitrin/shared/pricing';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from './rows.ts';

/** Which products a listing shows before filters: a category (with its subcategories), a tag, given products. */
export type ListingScope = { categoryIds: number[] } | { tagId: number } | { productIds: number[] };

export interface ShopperContext {
  usdRate: string;
  eurRate: string;
  /** The shop's rule for prices converted from USD / EUR (`price_rounding`). */
  rounding: PriceRounding;
  /** Wholesale customers see wholesale prices (type 5) where a product has one. */
  wholesale: boolean;
}

function scopeCondition(scope: ListingScope): SQL {
  if ('categoryIds' in scope) return sql`p.category_id in ${inList(scope.categoryIds)}`;
  if ('tagId' in scope)
    return sql`exists (select 1 from product_tags pt where pt.product_id = p.id and pt.tag_id = ${scope.tagId})`;
  return sql`p.id in ${inList(scope.productIds)}`;
}

/** `(1, 2, 3)` with bound parameters; an empty list matches nothing. */
function inList(ids: number[]): SQL {
  if (!ids.length) return sql`(null)`;
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/**
 * A price entry `pp` in TRY minor units as the cards show it: converted with the shop's USD and EUR rates and
 * rounded like `priceInTry` does (whole kuruş, then the shop's rule for converted prices), so that sorting
 * and price filters order what the shopper sees.
 */
export function entryInTry(ctx: ShopperContext): SQL {
  const exact = sql`round(pp.amount_minor * case pp.currency when 'USD' then ${ctx.usdRate}::numeric
    when 'EUR' then ${ctx.eurRate}::numeric else 1 end)`;
  return sql`case when pp.currency in ('USD', 'EUR') then ${convertedRounding(exact, ctx.rounding)} else ${exact} end`;
}

/** `roundConverted` in SQL, for an exact amount in whole kuruş. */
function convertedRounding(exact: SQL, rounding: PriceRounding): SQL {
  if (rounding === 'lira') return sql`round(${exact} / 100) * 100`;
  if (rounding === '90')
    return sql`case when ${exact} = 0 then 0 else ceil((${exact} - 90) / 100) * 100 + 90 end`;
  return exact;
}

/** The product's shown price in TRY minor units, for sorting and price filters (same rule as the cards). */
function salePriceTry(ctx: ShopperContext): SQL {
  const types = ctx.wholesale ? sql`(2, 5)` : sql`(2)`;
  return sql`(select (${entryInTry(ctx)})::bigint
    from product_prices pp
    where pp.product_id = p.id and pp.variant_id is null and pp.price_type in ${types}
    order by pp.price_type desc limit 1)`;
}

/** In stock: virtual products without a set quantity always; variant products when a variant has stock. */
export const IN_STOCK = sql`(case
  when p.stock_type = 2 then exists (select 1 from product_variants v where v.product_id = p.id and v.is_active and v.stock > 0)
  else p.stock is null or p.stock > 0 end)`;

/** The columns of `products p` that {@link cards} turns into product cards. */
export const CARD_COLUMNS = sql`p.id, p.slug, p.name, p.images, p.stock_type, p.vat_rate, ${IN_STOCK} as in_stock`;

function filterConditions(query: ListingQuery, price: SQL): SQL[] {
  const conditions: SQL[] = [];
  if (query.min !== undefined) conditions.push(sql`${price} >= ${query.min}`);
  if (query.max !== undefined) conditions.push(sql`${price} <= ${query.max}`);
  if (query.stock === '1') conditions.push(IN_STOCK);
  if (query.tag.length) {
    conditions.push(sql`exists (select 1 from product_tags pt join tags t on t.id = pt.tag_id
      where pt.product_id = p.id and t.slug in (${sql.join(
        query.tag.map((t) => sql`${t}`),
        sql`, `,
      )}))`);
  }
  // Within one option group any chosen value matches; across groups all must (Renk:Mavi and Beden:M).
  const byGroup = new Map<string, string[]>();
  for (const pair of query.opt) {
    const at = pair.indexOf(':');
    const name = pair.slice(0, at);
    byGroup.set(name, [...(byGroup.get(name) ?? []), pair.slice(at + 1)]);
  }
  for (const [name, values] of byGroup) {
    const alternatives = values.map((value) => sql`v.options @> ${JSON.stringify({ [name]: value })}::jsonb`);
    conditions.push(sql`exists (select 1 from product_variants v where v.product_id = p.id and v.is_active
      and v.stock > 0 and (${sql.join(alternatives, sql` or `)}))`);
  }
  return conditions;
}

function orderBy(sort: ListingQuery['sort']): SQL {
  switch (sort) {
    case 'price_asc':
      return sql`sort_price asc nulls last, p.id asc`;
    case 'price_desc':
      return sql`sort_price desc nulls last, p.id desc`;
    case 'name':
      // Binary order of the Turkish sort key, whatever the database collation.
      return sql`p.name_sort collate "C" asc, p.id asc`;
    default:
      return sql`p.created_at desc, p.id desc`;
  }
}

interface CardRow {
  id: number;
  slug: string;
  name: string;
  images: string[];
  stock_type: number;
  vat_rate: number;
  in_stock: boolean;
  total: string | number;
}

/** Product cards of a listing: filtered, sorted and paged in the database, priced in TypeScript. */
export async function listProducts(
  db: Db,
  scope: ListingScope,
  query: ListingQuery,
  ctx: ShopperContext,
): Promise<ProductListing> {
  const price = salePriceTry(ctx);
  const where = sql.join(
    [sql`p.is_active`, scopeCondition(scope), ...filterConditions(query, price)],
    sql` and `,
  );
  const offset = (query.page - 1) * query.pageSize;
  const found = await rows<CardRow>(
    db,
    sql`select ${CARD_COLUMNS},
        ${price} as sort_price, count(*) over () as total
      from products p where ${where}
      order by ${orderBy(query.sort)} limit ${query.pageSize} offset ${offset}`,
  );
  const total = found.length ? Number(found[0]!.total) : await countProducts(db, where);
  const [items, facets] = await Promise.all([cards(db, found, ctx), listingFacets(db, scope, ctx)]);
  return {
    items,
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
    facets,
  };
}

async function countProducts(db: Db, where: SQL): Promise<number> {
  const [row] = await rows<{ n: string | number }>(
    db,
    sql`select count(*) as n from products p where ${where}`,
  );
  return Number(row?.n ?? 0);
}

/** Prices every card with one query for all their price entries. */
export async function cards(
  db: Db,
  found: Array<Omit<CardRow, 'total'>>,
  ctx: ShopperContext,
): Promise<ProductCard[]> {
  if (!found.length) return [];
  return pricedCards(
    found,
    await priceEntries(
      db,
      found.map((r) => r.id),
    ),
    ctx,
  );
}

/** The products' own price entries (not their variants'), by product, in entry order. */
async function priceEntries(db: Db, ids: number[]): Promise<Map<number, PriceEntry[]>> {
  const entries = await rows<{
    product_id: number;
    price_type: number;
    amount_minor: number;
    currency: string;
  }>(
    db,
    sql`select product_id, price_type, amount_minor, currency from product_prices
      where variant_id is null and price_type <> 1 and product_id in ${inList(ids)}
      order by id`,
  );
  const byProduct = new Map<number, PriceEntry[]>();
  for (const e of entries) {
    const list = byProduct.get(e.product_id) ?? [];
    list.push({ price_type: e.price_type, price: Number(e.amount_minor), currency: e.currency });
    byProduct.set(e.product_id, list);
  }
  return byProduct;
}

function pricedCards(
  found: Array<Omit<CardRow, 'total'>>,
  byProduct: Map<number, PriceEntry[]>,
  ctx: ShopperContext,
): ProductCard[] {
  return found.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    image: r.images[0] ?? null,
    stockType: r.stock_type,
    inStock: Boolean(r.in_stock),
    price: publicPrice(resolveDisplayPrice(byProduct.get(r.id) ?? [], r.vat_rate, ctx)),
  }));
}

/** The shopper-facing part of a resolved price (the VAT portion is for invoices and the cart). */
export function publicPrice(price: ReturnType<typeof resolveDisplayPrice>): ProductCard['price'] {
  if (!price) return null;
  return {
    amountMinor: price.amountMinor,
    vatRate: price.vatRate,
    marketMinor: price.marketMinor,
    discountPercent: price.discountPercent,
    instalmentBaseMinor: price.instalmentBaseMinor,
    originalCurrency: price.originalCurrency,
    isWholesale: price.isWholesale,
  };
}

/**
 * Products' variant option groups as the filter panel offers them: each group once, its values in the order
 * the products first list them.
 */
export function mergeOptionGroups(lists: Iterable<ListingFacets['options']>): ListingFacets['options'] {
  const options = new Map<string, Set<string>>();
  for (const groups of lists)
    for (const group of groups) {
      const values = options.get(group.name) ?? new Set<string>();
      for (const v of group.values) values.add(v);
      options.set(group.name, values);
    }
  return [...options].map(([name, values]) => ({ name, values: [...values] }));
}

/** What the filter panel offers for a listing's scope: its tags, variant options and price range. */
async function listingFacets(db: Db, scope: ListingScope, ctx: ShopperContext): Promise<ListingFacets> {
  const base = sql`p.is_active and ${scopeCondition(scope)}`;
  const [tagRows, optionRows, rangeRows] = await Promise.all([
    rows<{ slug: string; name: string; count: string | number }>(
      db,
      sql`select t.slug, t.name, count(*) as count from products p
        join product_tags pt on pt.product_id = p.id join tags t on t.id = pt.tag_id
        where ${base} group by t.slug, t.name order by count(*) desc, t.name limit 30`,
    ),
    rows<{ option_groups: Array<{ name: string; values: string[] }> }>(
      db,
      sql`select p.option_groups from products p where ${base} and p.stock_type = 2`,
    ),
    rows<{ lo: string | number | null; hi: string | number | null }>(
      db,
      sql`select min(sp) as lo, max(sp) as hi from (select ${salePriceTry(ctx)} as sp from products p where ${base}) x`,
    ),
  ]);
  const range = rangeRows[0];
  return {
    tags: tagRows.map((t) => ({ slug: t.slug, name: t.name, count: Number(t.count) })),
    options: mergeOptionGroups(optionRows.map((row) => row.option_groups)),
    priceRange:
      range?.lo != null && range.hi != null
        ? { minMinor: Number(range.lo), maxMinor: Number(range.hi) }
        : null,
  };
}

/**
 * Product cards of the given products, in the given order (a search's page). The ids are known, so the
 * products and their prices are read at once.
 */
export async function cardsByIds(db: Db, ids: number[], ctx: ShopperContext): Promise<ProductCard[]> {
  if (!ids.length) return [];
  const [found, byProduct] = await Promise.all([
    rows<Omit<CardRow, 'total'>>(
      db,
      sql`select ${CARD_COLUMNS} from products p where p.id in ${inList(ids)}`,
    ),
    priceEntries(db, ids),
  ]);
  const byId = new Map(found.map((r) => [r.id, r]));
  return pricedCards(
    ids.flatMap((id) => byId.get(id) ?? []),
    byProduct,
    ctx,
  );
}
