import type { ProductDetail } from '@vitrin/shared/api/catalog';
import {
  COMPARE_LIMIT_CODE,
  type CompareItemView,
  type CompareView,
  MAX_COMPARE_ITEMS,
  productIdSchema,
  productRefInput,
} from '@vitrin/shared/api/wishlist';
import { productNotFound } from '../cart/errors.ts';
import type { CatalogService, Shopper } from '../catalog/service.ts';
import type { Db } from '../db/client.ts';
import { DomainError, parseInput } from '../errors.ts';
import { activeSlugs } from '../wishlist/queries.ts';

export interface CompareChange {
  view: CompareView;
  /** The new list of product ids, for the cookie. */
  ids: number[];
}

export const compareLimit = () =>
  new DomainError(
    409,
    COMPARE_LIMIT_CODE,
    `En fazla ${MAX_COMPARE_ITEMS} ürün karşılaştırabilirsiniz. Yeni bir ürün eklemek için listeden bir ürünü çıkarın.`,
  );

/** The compare table's column of a product: the product page's public data, trimmed. */
function column(p: ProductDetail): CompareItemView {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    image: p.images[0] ?? null,
    stockType: p.stockType,
    vatRate: p.vatRate,
    stock: p.stock,
    price: p.price,
    optionGroups: p.optionGroups,
    specifications: p.specifications,
  };
}

/**
 * The compare list (Karşılaştır): up to four product ids kept in a cookie for guests and customers alike.
 * Each column is read through the catalogue's product page data (cached for retail shoppers), so the table
 * shows exactly what the product pages show, never the purchase price.
 */
export function createCompareService(db: Db, { catalog }: { catalog: CatalogService }) {
  async function view(ids: readonly number[], shopper: Shopper): Promise<CompareView> {
    const found = await activeSlugs(db, ids);
    const details = await Promise.all(found.map((p) => catalog.product(p.slug, shopper)));
    const items = details.flatMap((d) => (d ? [column(d)] : []));
    return {
      items,
      productIds: items.map((i) => i.id),
      count: items.length,
      max: MAX_COMPARE_ITEMS,
    };
  }

  return {
    view,

    /** Adds a product (once); a fifth is refused with KARSILASTIRMA_LIMITI. */
    async add(ids: readonly number[], input: unknown, shopper: Shopper): Promise<CompareChange> {
      const { productId } = parseInput(productRefInput, input);
      const [found] = await activeSlugs(db, [productId]);
      if (!found) throw productNotFound();
      // Products no longer sold do not take a place.
      const kept = (await activeSlugs(db, ids)).map((p) => p.id);
      if (kept.includes(productId)) return { view: await view(kept, shopper), ids: kept };
      if (kept.length >= MAX_COMPARE_ITEMS) throw compareLimit();
      const next = [...kept, productId];
      return { view: await view(next, shopper), ids: next };
    },

    async remove(ids: readonly number[], productIdParam: unknown, shopper: Shopper): Promise<CompareChange> {
      const productId = parseInput(productIdSchema, productIdParam, 'productId');
      const next = ids.filter((id) => id !== productId);
      return { view: await view(next, shopper), ids: next };
    },
  };
}

export type CompareService = ReturnType<typeof createCompareService>;
