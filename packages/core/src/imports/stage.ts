import { setImmediate as nextTurn } from 'node:timers/promises';
import { eq, inArray, lt } from 'drizzle-orm';
import { searchColumns } from '../catalog/search-columns.ts';
import type { Db } from '../db/client.ts';
import { importStaging, productTags, tags } from '../db/schema.ts';
import type { Plan, PlannedProduct, Prices, ProductState, VariantState } from './plan.ts';

/** Rows per staging insert: each is its own short statement, and queued queries run between two. */
const BATCH = 500;

type StagingRow = typeof importStaging.$inferInsert;

/** The table's column of each planned field (the apply reads `data` by these names). */
const PRODUCT_COLUMNS: Record<keyof ProductState, string> = {
  name: 'name',
  slug: 'slug',
  stockType: 'stock_type',
  categoryId: 'category_id',
  brand: 'brand',
  barcode: 'barcode',
  shortDescription: 'short_description',
  description: 'description',
  vatRate: 'vat_rate',
  stock: 'stock',
  isActive: 'is_active',
  optionGroups: 'option_groups',
};
const VARIANT_COLUMNS: Record<keyof VariantState, string> = {
  barcode: 'barcode',
  options: 'options',
  stock: 'stock',
  isActive: 'is_active',
};

function columnsOf<T extends object>(names: Record<keyof T, string>, values: Partial<T>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) out[names[key as keyof T]] = value;
  return out;
}

const priceList = (prices: Prices) => [...prices].map(([t, p]) => ({ t, a: p.amountMinor, c: p.currency }));

/** The tag names of these products (their search columns hold them), read a chunk at a time. */
async function tagNamesOf(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  for (let i = 0; i < ids.length; i += 5_000) {
    const rows = await db
      .select({ productId: productTags.productId, name: tags.name })
      .from(productTags)
      .innerJoin(tags, eq(tags.id, productTags.tagId))
      .where(inArray(productTags.productId, ids.slice(i, i + 5_000)));
    for (const t of rows) names.set(t.productId, [...(names.get(t.productId) ?? []), t.name]);
  }
  return names;
}

/** The staging rows of a plan without errors: only what writes something (a second run stages nothing). */
async function stagingRows(db: Db, importId: string, plan: Plan): Promise<StagingRow[]> {
  const changes = (p: PlannedProduct) => Object.keys(p.changed).length > 0 || p.pricesChanged;
  const tagNames = await tagNamesOf(
    db,
    plan.products.filter((p) => p.id !== null && p.searchChanged && changes(p)).map((p) => p.id!),
  );
  const out: StagingRow[] = [];
  const row = (r: Omit<StagingRow, 'importId' | 'seq'>) => out.push({ importId, seq: out.length, ...r });
  for (const p of plan.products) {
    if (!changes(p)) continue;
    const search = p.searchChanged
      ? searchColumns({
          name: p.state.name,
          sku: p.sku,
          shortDescription: p.state.shortDescription,
          tagNames: p.id === null ? [] : (tagNames.get(p.id) ?? []),
          category: plan.categoryNames.get(p.state.categoryId) ?? '',
        })
      : undefined;
    row({
      kind: 'product',
      line: p.line,
      sku: p.sku,
      productId: p.id,
      data: {
        ...columnsOf(PRODUCT_COLUMNS, p.id === null ? p.state : p.changed),
        ...(search
          ? {
              search_text: search.searchText,
              search_document: search.searchDocument,
              name_sort: search.nameSort,
            }
          : {}),
      },
      prices: p.pricesChanged ? priceList(p.prices) : null,
    });
  }
  // Stored products not in the file whose option groups a new variant grew.
  for (const [id, groups] of plan.groupUpdates) {
    row({ kind: 'product', productId: id, data: { option_groups: groups }, prices: null });
  }
  for (const v of plan.variants) {
    if (v.id !== null && !Object.keys(v.changed).length && !v.pricesChanged) continue;
    row({
      kind: 'variant',
      line: v.line,
      sku: v.sku,
      productId: v.parentId,
      variantId: v.id,
      parentSku: v.parentSku,
      data:
        v.id === null
          ? { ...columnsOf(VARIANT_COLUMNS, v.state), position: v.position }
          : columnsOf(VARIANT_COLUMNS, v.changed),
      prices: v.pricesChanged ? priceList(v.prices) : null,
    });
  }
  return out;
}

/**
 * Writes a checked plan into the staging table, `BATCH` rows a statement, giving the event loop (and, on the
 * embedded database, the queries queued behind the import) a turn after each. Answers how many rows were
 * staged; `progress` is told after each batch and awaited.
 */
export async function stagePlan(
  db: Db,
  importId: string,
  plan: Plan,
  progress: (staged: number, total: number) => void | Promise<void>,
): Promise<number> {
  const rows = await stagingRows(db, importId, plan);
  await progress(0, rows.length);
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.insert(importStaging).values(rows.slice(i, i + BATCH));
    await progress(Math.min(rows.length, i + BATCH), rows.length);
    await nextTurn();
  }
  return rows.length;
}

/** Deletes the staged rows of one run (after it, whatever its outcome, and before a run reuses its id). */
export async function clearStaged(db: Db, importId: string): Promise<void> {
  await db.delete(importStaging).where(eq(importStaging.importId, importId));
}

/**
 * Deletes what crashed runs left: every staged row written before `before` (at start-up: all of them on the
 * embedded database, which one process owns; those older than any run on PostgreSQL, where other nodes may
 * be importing). Answers how many rows went.
 */
export async function clearStagedBefore(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(importStaging)
    .where(lt(importStaging.createdAt, before))
    .returning({ seq: importStaging.seq });
  return gone.length;
}
