import type { StockAdjustReason, StockMovement } from '@vitrin/shared/api/admin/products';
import { STOCK_TYPE } from '@vitrin/shared/constants';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { AuditActor } from '../../audit/record.ts';
import { recordAudit } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import {
  products,
  productVariants,
  type STOCK_MOVEMENT_REASONS,
  staff,
  stockMovements,
} from '../../db/schema.ts';
import type { Tx } from '../../orders/stock.ts';
import { productAdminError, productNotFound } from './errors.ts';

export const STOCK_HISTORY_PER_PAGE = 50;

export interface Movement {
  productId: number;
  variantId: number | null;
  before: number;
  after: number;
  reason: (typeof STOCK_MOVEMENT_REASONS)[number];
  note?: string;
  actor?: AuditActor;
  orderId?: number | null;
}

/** Writes one row of the stock history in the transaction of the change; a change of nothing writes nothing. */
export async function recordMovement(tx: Tx, m: Movement): Promise<number | null> {
  if (m.before === m.after) return null;
  const [row] = await tx
    .insert(stockMovements)
    .values({
      productId: m.productId,
      variantId: m.variantId,
      change: m.after - m.before,
      stockBefore: m.before,
      stockAfter: m.after,
      reason: m.reason,
      note: m.note ?? '',
      staffId: m.actor?.kind === 'staff' ? m.actor.staffId : null,
      orderId: m.orderId ?? null,
    })
    .returning({ id: stockMovements.id });
  return row?.id ?? null;
}

export interface Adjustment {
  variantId?: number;
  change: number;
  reason: StockAdjustReason;
  note: string;
}

/**
 * Adds `change` (negative: removes) to the counted stock of a product or one of its variants with one
 * conditional update, so stock never goes below zero (409, nothing changed), and writes the movement and the
 * audit row in the same transaction. Answers the movement's id.
 */
export async function adjustStock(
  tx: Tx,
  productId: number,
  a: Adjustment,
  actor: AuditActor,
): Promise<number> {
  const [product] = await tx
    .select({ id: products.id, stockType: products.stockType, stock: products.stock })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product) throw productNotFound();
  const below = () =>
    productAdminError('STOK_EKSIYE_DUSEMEZ', 'Stok sıfırın altına düşemez; hiçbir şey değişmedi.', {
      change: 'Eldeki stoktan fazla düşülemez',
    });
  let before: number;
  let after: number;
  if (product.stockType === STOCK_TYPE.Variant || a.variantId !== undefined) {
    if (a.variantId === undefined) {
      throw productAdminError('VARYANT_SECIN', 'Varyantlı üründe stok her varyant için ayrı tutulur.', {
        variantId: 'Varyant seçin',
      });
    }
    const [updated] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${a.change}` })
      .where(
        and(
          eq(productVariants.id, a.variantId),
          eq(productVariants.productId, productId),
          gte(productVariants.stock, -a.change),
        ),
      )
      .returning({ stock: productVariants.stock });
    if (!updated) {
      const [exists] = await tx
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(and(eq(productVariants.id, a.variantId), eq(productVariants.productId, productId)));
      if (!exists) {
        throw productAdminError('VARYANT_BULUNAMADI', 'Bu üründe böyle bir varyant yok.', {
          variantId: 'Böyle bir varyant yok',
        });
      }
      throw below();
    }
    after = updated.stock;
    before = after - a.change;
  } else {
    if (product.stock === null) {
      throw productAdminError('STOK_SINIRSIZ', 'Bu ürünün stoğu sınırsız; adet değişimi yapılamaz.');
    }
    const [updated] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${a.change}` })
      .where(and(eq(products.id, productId), gte(products.stock, -a.change)))
      .returning({ stock: products.stock });
    if (!updated || updated.stock === null) throw below();
    after = updated.stock;
    before = after - a.change;
  }
  await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
  const id = await recordMovement(tx, {
    productId,
    variantId: a.variantId ?? null,
    before,
    after,
    reason: a.reason,
    note: a.note,
    actor,
  });
  await recordAudit(tx, {
    actor,
    action: 'product.stock',
    entity: 'product',
    entityId: productId,
    before: { stock: before, ...(a.variantId ? { variantId: a.variantId } : {}) },
    after: { stock: after, reason: a.reason, ...(a.note ? { note: a.note } : {}) },
  });
  return id!;
}

/** The stock history of a product (its variants' too), newest first; `only` narrows it to one movement. */
export async function stockHistory(
  db: Db,
  productId: number,
  page: number,
  only?: number,
): Promise<{ items: StockMovement[]; page: number; pageCount: number; total: number }> {
  const where = only
    ? and(eq(stockMovements.productId, productId), eq(stockMovements.id, only))
    : eq(stockMovements.productId, productId);
  const [[{ total } = { total: 0 }], list] = await Promise.all([
    db.select({ total: count() }).from(stockMovements).where(where),
    db
      .select({
        id: stockMovements.id,
        at: stockMovements.createdAt,
        variantId: stockMovements.variantId,
        variantSku: productVariants.sku,
        change: stockMovements.change,
        stockBefore: stockMovements.stockBefore,
        stockAfter: stockMovements.stockAfter,
        reason: stockMovements.reason,
        note: stockMovements.note,
        staffId: stockMovements.staffId,
        staffName: staff.name,
        orderId: stockMovements.orderId,
      })
      .from(stockMovements)
      .leftJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
      .leftJoin(staff, eq(staff.id, stockMovements.staffId))
      .where(where)
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(STOCK_HISTORY_PER_PAGE)
      .offset((page - 1) * STOCK_HISTORY_PER_PAGE),
  ]);
  return {
    items: list.map(({ staffId, staffName, at, ...m }) => ({
      ...m,
      at: at.toISOString(),
      staff: staffId !== null ? { id: staffId, name: staffName ?? '' } : null,
    })),
    page,
    pageCount: Math.max(1, Math.ceil(total / STOCK_HISTORY_PER_PAGE)),
    total,
  };
}
