import { and, eq, inArray, isNull } from 'drizzle-orm';
import { searchColumns } from '../catalog/search-columns.ts';
import type { Db } from '../db/client.ts';
import { productPrices, products, productTags, productVariants, tags } from '../db/schema.ts';
import type { Plan, Prices } from './plan.ts';

/** PostgreSQL takes at most 65 535 parameters per statement; multi-row inserts stay well below. */
const MAX_PARAMS = 30_000;

function chunked<T extends object>(rows: T[]): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMS / Math.max(1, Object.keys(rows[0] ?? {}).length)));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const priceRows = (productId: number, variantId: number | null, prices: Prices) =>
  [...prices].map(([priceType, p]) => ({ productId, variantId, priceType, ...p }));

/**
 * Writes a plan without errors in the caller's transaction: new products and variants in multi-row
 * inserts, changed ones one update each, changed price lists replaced. Answers the ids of the products
 * that changed (new ones included). `progress` is told how many rows are written.
 */
export async function writePlan(tx: Db, plan: Plan, progress: (done: number) => void): Promise<number[]> {
  const now = new Date();
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
      .returning({ id: products.id, sku: products.sku })) {
      idOf.set(r.sku, r.id);
      touched.add(r.id);
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
  for (const p of updated) {
    touched.add(p.id!);
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
    })) {
      variantIdOf.set(r.sku, r.id);
      touched.add(r.productId);
    }
    step(chunk.length);
  }
  for (const v of plan.variants) {
    if (v.id === null) continue;
    variantIdOf.set(v.sku, v.id);
    if (!Object.keys(v.changed).length && !v.pricesChanged) continue;
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
