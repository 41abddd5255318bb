import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { type CatalogueSlice, loadProduct } from './catalogue.ts';

/** Stock counts read now (they change with every order, so they are never cached). */
export interface FreshStock {
  products: Map<number, number | null>;
  variants: Map<number, number>;
}

/** What an order's transaction read of a product its cart holds: its version and its stock now. */
export interface ProductNow {
  productId: number;
  /** Null when the product is gone: nothing cached can stand for it. */
  version: string | null;
  stock: number | null;
  variantId: number | null;
  variantStock: number | null;
}

/**
 * What the cart prices lines from (names, prices, variants, VAT, personalization rules), kept in-process
 * per product between catalogue changes: every change goes through the catalogue admin, which drops the
 * caches of every app node. Adding to the cart then needs no catalogue query. Stock is not kept: the caller
 * reads it in its own statement and lays it over the cached rows.
 */
export function createCartCatalogue(db: Db, cache: Cache) {
  const product = cache.keyed('cart-catalogue', (key) => loadProduct(db, Number(key)));

  /**
   * The cached rows of these products, with `stock` laid over them. A product whose version read now
   * (`versions`) is not the cached one was changed on another app node whose cache drop has not arrived
   * yet: it is read from the database instead.
   */
  async function slice(
    productIds: Iterable<number>,
    stock?: FreshStock,
    versions?: ReadonlyMap<number, string | null>,
  ): Promise<CatalogueSlice> {
    const ids = [...new Set(productIds)];
    const rows = await Promise.all(
      ids.map(async (id) => {
        const cached = await product(String(id));
        const now = versions?.get(id);
        return now === undefined || cached.products.get(id)?.version === now ? cached : loadProduct(db, id);
      }),
    );
    return overlay(rows, stock);
  }

  /**
   * For an order's transaction: the cached rows of these products when each is cached at the version the
   * transaction reads (a change on another app node whose cache drop has not arrived yet shows as another
   * version), with the stock it read; else null, and the transaction reads the catalogue itself. Never loads:
   * a load through `db` inside a transaction would wait for the transaction's own connection.
   */
  function current(now: readonly ProductNow[]): CatalogueSlice | null {
    const cached: CatalogueSlice[] = [];
    const stock: FreshStock = { products: new Map(), variants: new Map() };
    for (const line of now) {
      const one = product.peek(String(line.productId));
      if (line.version === null || one?.products.get(line.productId)?.version !== line.version) return null;
      cached.push(one);
      stock.products.set(line.productId, line.stock);
      if (line.variantId !== null && line.variantStock !== null)
        stock.variants.set(line.variantId, line.variantStock);
    }
    return overlay(cached, stock);
  }

  return { slice, current };
}

function overlay(
  cached: readonly CatalogueSlice[],
  stock: FreshStock = { products: new Map(), variants: new Map() },
): CatalogueSlice {
  const out: CatalogueSlice = { products: new Map(), variants: new Map(), prices: new Map() };
  for (const one of cached) {
    for (const [id, row] of one.products) {
      out.products.set(id, stock.products.has(id) ? { ...row, stock: stock.products.get(id)! } : row);
    }
    for (const [id, row] of one.variants) {
      out.variants.set(id, stock.variants.has(id) ? { ...row, stock: stock.variants.get(id)! } : row);
    }
    for (const [id, list] of one.prices) out.prices.set(id, list);
  }
  return out;
}
