import {
  type ProductListFilter,
  productBulkRequest,
  productRequest,
  stockAdjustRequest,
} from '@vitrin/shared/api/admin/products';
import { isCost } from '@vitrin/shared/pricing';
import type { AuditActor } from '../../audit/record.ts';
import type { Cache } from '../../cache.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { DomainError, parseInput } from '../../errors.ts';
import { DEFAULT_LOW_STOCK } from '../../reports/service.ts';
import type { SettingsService } from '../../settings/service.ts';
import { bulkAction } from './bulk.ts';
import { productAdminError, productNotFound } from './errors.ts';
import { listProducts } from './list.ts';
import { readProduct } from './read.ts';
import { removeProduct } from './remove.ts';
import { saveProduct } from './save.ts';
import { adjustStock, stockHistory } from './stock.ts';

/** A race the checks before the write could not see: another save took the SKU or the slug meanwhile. */
function uniqueRace(err: unknown): never {
  if (err instanceof DomainError || !isUniqueViolation(err)) throw err;
  const slug = /slug/.test(String((err as { constraint?: string }).constraint ?? (err as Error).message));
  throw slug
    ? productAdminError('SLUG_KAYITLI', 'Bu adres başka bir ürünün; başka bir slug seçin.', {
        slug: 'Bu slug başka bir üründe',
      })
    : productAdminError('SKU_KAYITLI', 'SKU başka bir üründe kullanılıyor.', {
        sku: 'Bu SKU başka bir üründe kullanılıyor',
      });
}

/**
 * Products in the staff panel (`/api/admin/products…`): the list, one product with everything its form edits,
 * create and edit of all four stock types, bulk actions, delete, stock adjustments and their history. Every
 * change is one transaction with its audit row, then drops the caches on every app node, page cache included:
 * a change of one product names it (the catalogue index reads just it again), a bulk action builds the index
 * again once.
 */
export function createProductAdmin(db: Db, cache: Cache, settings: SettingsService) {
  async function listContext() {
    const values: Record<string, unknown> = await settings.all();
    const threshold = values.low_stock_threshold;
    return {
      lowStockAt: typeof threshold === 'number' ? threshold : DEFAULT_LOW_STOCK,
      usdRate: Number(values.usd_rate) || 1,
      eurRate: Number(values.eur_rate) || 1,
    };
  }

  async function found(id: number) {
    const product = await readProduct(db, id);
    if (!product) throw productNotFound();
    return product;
  }

  /** One product for its form; `withCost: false` (staff who may not change prices) leaves the purchase price out. */
  async function get(id: number, { withCost }: { withCost: boolean }) {
    const product = await found(id);
    if (withCost) return product;
    const sold = <T extends { priceType: number }>(prices: T[]) => prices.filter((p) => !isCost(p.priceType));
    return {
      ...product,
      prices: sold(product.prices),
      variants: product.variants.map((v) => ({ ...v, prices: sold(v.prices) })),
    };
  }

  async function save(actor: AuditActor, id: number | null, body: unknown) {
    const input = parseInput(productRequest, body);
    const productId = await db.transaction((tx) => saveProduct(tx, id, input, actor)).catch(uniqueRace);
    await cache.invalidateAll([productId]);
    return found(productId);
  }

  return {
    async list(filter: ProductListFilter) {
      return listProducts(db, filter, await listContext());
    },

    get,

    create: (actor: AuditActor, body: unknown) => save(actor, null, body),

    update: (actor: AuditActor, id: number, body: unknown) => save(actor, id, body),

    async remove(actor: AuditActor, id: number) {
      const result = await db.transaction((tx) => removeProduct(tx, id, actor));
      await cache.invalidateAll([id]);
      return result;
    },

    async bulk(actor: AuditActor, body: unknown) {
      const input = parseInput(productBulkRequest, body);
      const changed = await db.transaction((tx) => bulkAction(tx, input, actor));
      // Many products at once: the catalogue index is built again once rather than read product by product.
      if (changed.length) await cache.invalidateAll();
      return { changed: changed.length };
    },

    async adjustStock(actor: AuditActor, id: number, body: unknown) {
      const input = parseInput(stockAdjustRequest, body);
      const movementId = await db.transaction((tx) =>
        adjustStock(
          tx,
          id,
          {
            change: input.change,
            reason: input.reason,
            note: input.note,
            ...(input.variantId !== undefined ? { variantId: input.variantId } : {}),
          },
          actor,
        ),
      );
      await cache.invalidateAll([id]);
      const { items } = await stockHistory(db, id, 1, movementId);
      return items[0]!;
    },

    async stockHistory(id: number, page: number) {
      await found(id);
      return stockHistory(db, id, page);
    },
  };
}

export type ProductAdmin = ReturnType<typeof createProductAdmin>;
