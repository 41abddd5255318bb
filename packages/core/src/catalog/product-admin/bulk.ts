import type { productBulkRequest } from '@vitrin/shared/api/admin/products';
import { PRICE_TYPE } from '@vitrin/shared/constants';
import type { z } from '@vitrin/shared/zod';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AuditActor } from '../../audit/record.ts';
import { recordAudit } from '../../audit/record.ts';
import { categories, productPrices, products } from '../../db/schema.ts';
import type { Tx } from '../../orders/stock.ts';
import { categoryMissing, productAdminError } from './errors.ts';
import { refreshSearchColumns } from './search.ts';

export type BulkInput = z.output<typeof productBulkRequest>;

/** Price types a percentage moves: what the shop sells at, never the purchase price (cost). */
const SELLING_TYPES = [2, 3, 4, 5];

/**
 * One action on many products, all or nothing in the caller's transaction: an unknown id refuses the whole
 * request. An audit row per product changed. Answers the ids of the products it changed.
 */
export async function bulkAction(tx: Tx, input: BulkInput, actor: AuditActor): Promise<number[]> {
  const ids = [...new Set(input.ids)];
  const found = await tx
    .select({ id: products.id, isActive: products.isActive, categoryId: products.categoryId })
    .from(products)
    .where(inArray(products.id, ids));
  if (found.length !== ids.length) {
    const known = new Set(found.map((p) => p.id));
    const missing = ids.filter((id) => !known.has(id));
    throw productAdminError(
      'URUN_BULUNAMADI',
      `Seçilen ürünlerden bazıları bulunamadı: ${missing.join(', ')}`,
      {
        ids: 'Bulunamayan ürün var; hiçbir ürün değişmedi',
      },
    );
  }
  const now = new Date();
  const audit = (
    id: number,
    action: string,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ) => recordAudit(tx, { actor, action, entity: 'product', entityId: id, before, after });

  switch (input.action) {
    case 'activate':
    case 'deactivate': {
      const isActive = input.action === 'activate';
      const changed = found.filter((p) => p.isActive !== isActive).map((p) => p.id);
      if (changed.length) {
        await tx.update(products).set({ isActive, updatedAt: now }).where(inArray(products.id, changed));
      }
      for (const id of changed)
        await audit(id, `product.${input.action}`, { isActive: !isActive }, { isActive });
      return changed;
    }
    case 'move-category': {
      const categoryId = input.categoryId!;
      const [category] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, categoryId));
      if (!category) throw categoryMissing();
      const moved = found.filter((p) => p.categoryId !== categoryId);
      if (moved.length) {
        await tx
          .update(products)
          .set({ categoryId, updatedAt: now })
          .where(
            inArray(
              products.id,
              moved.map((p) => p.id),
            ),
          );
        // The category's name is part of the search text.
        await refreshSearchColumns(
          tx,
          moved.map((p) => p.id),
        );
      }
      for (const p of moved) await audit(p.id, 'product.move', { categoryId: p.categoryId }, { categoryId });
      return moved.map((p) => p.id);
    }
    case 'change-price-percent': {
      const percent = input.percent!;
      const own = (list: number[]) =>
        tx
          .select({
            productId: productPrices.productId,
            type: productPrices.priceType,
            amount: productPrices.amountMinor,
          })
          .from(productPrices)
          .where(and(inArray(productPrices.productId, list), isNull(productPrices.variantId)));
      const before = await own(ids);
      // Whole kuruş, half away from zero; a price never falls to nothing.
      await tx
        .update(productPrices)
        .set({
          amountMinor: sql`greatest(1, round(${productPrices.amountMinor} * (100 + ${percent}::numeric) / 100))::int`,
        })
        .where(
          and(
            inArray(productPrices.productId, ids),
            inArray(productPrices.priceType, SELLING_TYPES),
            ne(productPrices.amountMinor, 0),
          ),
        );
      await tx.update(products).set({ updatedAt: now }).where(inArray(products.id, ids));
      const after = await own(ids);
      const pricesOf = (list: typeof before, id: number) =>
        Object.fromEntries(
          list
            .filter((p) => p.productId === id && p.type !== PRICE_TYPE.Purchase)
            .map((p) => [`price${p.type}`, p.amount]),
        );
      for (const id of ids) {
        await audit(
          id,
          'product.prices',
          { ...pricesOf(before, id), percent: null },
          { ...pricesOf(after, id), percent },
        );
      }
      return ids;
    }
  }
}
