import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AuditActor } from '../audit/record.ts';
import { searchColumns } from '../catalog/search-columns.ts';
import { rememberOldSlugs } from '../catalog/slug-history.ts';
import type { Db } from '../db/client.ts';
import { productPrices, products, productTags, productVariants, stockMovements, tags } from '../db/schema.ts';
import type { Plan, Prices } from './plan.ts';

/** PostgreSQL takes at most 65 535 parameters per statement; multi-row inserts stay well below. */
const MAX_PARAMS = 30_000;

function chunked<T extends object>(rows: T[]): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMS / Math.max(1, Object.keys(rows[0] ?? {}).length)));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const IMPORT_NOTE = 'İçe aktarmayla değiştirildi';

/** The stock of these rows now, each row locked until the commit; unlimited (null) left out. */
async function stockNow(
  tx: Db,
  table: typeof products | typeof productVariants,
  ids: number[],
): Promise<Map<number, number>> {
  const now = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 5_000) {
    const rows = await tx
      .select({ id: table.id, stock: table.stock })
      .from(table)
      .where(inArray(table.id, ids.slice(i, i + 5_000)))
      .for('update');
    for (const r of rows) if (r.stock !== null) now.set(r.id, r.stock);
  }
  return now;
}

const priceRows = (productId: number, variantId: number | null, prices: Prices) =>
  [...prices].map(([priceType, p]) => ({ productId, variantId, priceType, ...p }));

/**
 * Writes a plan without errors in the caller's transaction: new products and variants in multi-row
 * inserts, changed ones one update each, changed price lists replaced. Answers the ids of the products
 * that changed (new ones included). `progress` is told how many rows are written. Every counted stock set
 * or changed is a movement of the stock history (`düzeltme`, by `actor` when a staff member), in one
 * multi-row insert.
 */
export async function writePlan(
  tx: Db,
  plan: Plan,
  progress: (done: number) => void,
  actor?: AuditActor,
): Promise<number[]> {
  const now = new Date();
  const moved: (typeof stockMovements.$inferInsert)[] = [];
  const movement = (productId: number, variantId: number | null, before: number, after: number) => {
    if (before !== after) {
      moved.push({
        productId,
        variantId,
        change: after - before,
        stockBefore: before,
        stockAfter: after,
        reason: 'düzeltme',
        note: IMPORT_NOTE,
        staffId: actor?.kind === 'staff' ? actor.staffId : null,
      });
    }
  };
  const touched = new Set<number>();
  let done = 0;
  const step = (n: number) => {
    done += n;
    progress(done);
  };

  // New products, with their search columns (no tags yet).
  const created = plan.products.filter((p) => p.id === null);
  const idOf = new Map<string, number>();
  for (const chunk of chunked(
    created.map((p) => ({
      sku: p.sku,
      ...p.state,
      ...searchColumns({
        name: p.state.name,
        sku: p.sku,
        shortDescription: p.state.shortDescription,
        tagNames: [],
        category: plan.categoryNames.get(p.state.categoryId) ?? '',
      }),
      createdAt: now,
      updatedAt: now,
    })),
  )) {
    for (const r of await tx
      .insert(products)
      .values(chunk)
      .returning({ id: products.id, sku: products.sku, stock: products.stock })) {
      idOf.set(r.sku, r.id);
      touched.add(r.id);
      if (r.stock !== null) movement(r.id, null, 0, r.stock);
    }
    step(chunk.length);
  }
  const createdIds = new Set(idOf.values());
  for (const p of plan.products) if (p.id !== null) idOf.set(p.sku, p.id);

  // Changed products: their changed columns, and the search columns when what they are made of changed.
  const updated = plan.products.filter(
    (p) => p.id !== null && (Object.keys(p.changed).length || p.pricesChanged),
  );
  const searchIds = updated.filter((p) => p.searchChanged).map((p) => p.id!);
  const tagNames = new Map<number, string[]>();
  for (let i = 0; i < searchIds.length; i += 5_000) {
    const rows = await tx
      .select({ productId: productTags.productId, name: tags.name })
      .from(productTags)
      .innerJoin(tags, eq(tags.id, productTags.tagId))
      .where(inArray(productTags.productId, searchIds.slice(i, i + 5_000)));
    for (const t of rows) tagNames.set(t.productId, [...(tagNames.get(t.productId) ?? []), t.name]);
  }
  // The stock history needs the stock each changed row holds now (an order may have taken some since the
  // plan read it): read under a row lock, so it stays so until the commit.
  const productStock = await stockNow(
    tx,
    products,
    updated.filter((p) => 'stock' in p.changed).map((p) => p.id!),
  );
  // A slug the file changes: the old address answers 301 to the new one.
  const slugChanged = updated.filter((p) => 'slug' in p.changed);
  const oldSlugs = new Map<number, string>();
  for (let i = 0; i < slugChanged.length; i += 5_000) {
    const ids = slugChanged.slice(i, i + 5_000).map((p) => p.id!);
    for (const r of await tx
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(inArray(products.id, ids))) {
      oldSlugs.set(r.id, r.slug);
    }
  }
  for (const p of updated) {
    touched.add(p.id!);
    const before = productStock.get(p.id!);
    if (before != null && p.state.stock !== null) movement(p.id!, null, before, p.state.stock);
    step(1);
    // Only its prices changed: nothing of its own row to write but `updated_at`, set below for all at once.
    if (!Object.keys(p.changed).length) continue;
    await tx
      .update(products)
      .set({
        ...p.changed,
        ...(p.searchChanged
          ? searchColumns({
              name: p.state.name,
              sku: p.sku,
              shortDescription: p.state.shortDescription,
              tagNames: tagNames.get(p.id!) ?? [],
              category: plan.categoryNames.get(p.state.categoryId) ?? '',
            })
          : {}),
        updatedAt: now,
      })
      .where(eq(products.id, p.id!));
  }
  await rememberOldSlugs(
    tx,
    slugChanged.map((p) => ({ productId: p.id!, from: oldSlugs.get(p.id!)!, to: p.state.slug })),
  );
  for (const [id, optionGroups] of plan.groupUpdates) {
    await tx.update(products).set({ optionGroups, updatedAt: now }).where(eq(products.id, id));
    touched.add(id);
  }

  // New variants (of new and stored products), then changed ones.
  const newVariants = plan.variants.filter((v) => v.id === null);
  const variantIdOf = new Map<string, number>();
  for (const chunk of chunked(
    newVariants.map((v) => ({
      productId: idOf.get(v.parentSku) ?? v.parentId!,
      sku: v.sku,
      position: v.position,
      ...v.state,
    })),
  )) {
    for (const r of await tx.insert(productVariants).values(chunk).returning({
      id: productVariants.id,
      sku: productVariants.sku,
      productId: productVariants.productId,
      stock: productVariants.stock,
    })) {
      variantIdOf.set(r.sku, r.id);
      touched.add(r.productId);
      movement(r.productId, r.id, 0, r.stock);
    }
    step(chunk.length);
  }
  const variantStock = await stockNow(
    tx,
    productVariants,
    plan.variants.filter((v) => v.id !== null && 'stock' in v.changed).map((v) => v.id!),
  );
  for (const v of plan.variants) {
    if (v.id === null) continue;
    variantIdOf.set(v.sku, v.id);
    if (!Object.keys(v.changed).length && !v.pricesChanged) continue;
    const before = variantStock.get(v.id);
    if (before != null) movement(v.parentId!, v.id, before, v.state.stock);
    if (Object.keys(v.changed).length) {
      await tx.update(productVariants).set(v.changed).where(eq(productVariants.id, v.id));
    }
    touched.add(v.parentId!);
    step(1);
  }

  // Price lists: those that changed are replaced whole (a few deletes, then multi-row inserts).
  const ownChanged = plan.products.filter((p) => p.pricesChanged).map((p) => idOf.get(p.sku)!);
  const storedOwn = ownChanged.filter((id) => !createdIds.has(id));
  for (let i = 0; i < storedOwn.length; i += 5_000) {
    await tx
      .delete(productPrices)
      .where(
        and(inArray(productPrices.productId, storedOwn.slice(i, i + 5_000)), isNull(productPrices.variantId)),
      );
  }
  const variantsChanged = plan.variants.filter((v) => v.pricesChanged && v.id !== null).map((v) => v.id!);
  for (let i = 0; i < variantsChanged.length; i += 5_000) {
    await tx
      .delete(productPrices)
      .where(inArray(productPrices.variantId, variantsChanged.slice(i, i + 5_000)));
  }
  const prices = [
    ...plan.products
      .filter((p) => p.pricesChanged)
      .flatMap((p) => priceRows(idOf.get(p.sku)!, null, p.prices)),
    ...plan.variants
      .filter((v) => v.pricesChanged)
      .flatMap((v) => priceRows(idOf.get(v.parentSku) ?? v.parentId!, variantIdOf.get(v.sku)!, v.prices)),
  ];
  for (const chunk of chunked(prices)) await tx.insert(productPrices).values(chunk);
  for (const chunk of chunked(moved)) await tx.insert(stockMovements).values(chunk);

  // A product is versioned by `updated_at`: one whose variants or prices changed moves too.
  const stale = [...touched].filter((id) => !createdIds.has(id));
  for (let i = 0; i < stale.length; i += 5_000) {
    await tx
      .update(products)
      .set({ updatedAt: now })
      .where(inArray(products.id, stale.slice(i, i + 5_000)));
  }
  return [...touched];
}
