import { eq } from 'drizzle-orm';
import type { AuditActor } from '../../audit/record.ts';
import { recordAudit } from '../../audit/record.ts';
import { products } from '../../db/schema.ts';
import type { Tx } from '../../orders/stock.ts';
import { productNotFound } from './errors.ts';
import { auditView, readProduct } from './read.ts';

export type RemoveResult = { result: 'deleted' | 'deactivated'; message: string };

/**
 * Deletes a product no order holds (its variants, prices, tags and stock history with it). One that orders
 * hold is taken off sale instead: the orders keep their lines, and the product can be put back on sale.
 */
export async function removeProduct(tx: Tx, id: number, actor: AuditActor): Promise<RemoveResult> {
  const product = await readProduct(tx, id);
  if (!product) throw productNotFound();
  if (product.inOrders) {
    await tx.update(products).set({ isActive: false, updatedAt: new Date() }).where(eq(products.id, id));
    await recordAudit(tx, {
      actor,
      action: 'product.deactivate',
      entity: 'product',
      entityId: id,
      before: { isActive: product.isActive },
      after: { isActive: false },
    });
    return {
      result: 'deactivated',
      message: 'Ürün siparişlerde geçtiği için silinmedi, satıştan kaldırıldı; siparişler satırlarını korur.',
    };
  }
  await tx.delete(products).where(eq(products.id, id));
  await recordAudit(tx, {
    actor,
    action: 'product.delete',
    entity: 'product',
    entityId: id,
    before: auditView(product),
    after: null,
  });
  return { result: 'deleted', message: 'Ürün silindi.' };
}
