import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { type CatalogueSlice, loadProduct } from './catalogue.ts';

/** Stock counts read now (they change with every order, so they are never cached). */
export interface FreshStock {
  products: Map<number, number | null>;
  variants: Map<number, number>;
}

/**
 * What the cart prices lines from (names, prices, variants, VAT, personalization rules), kept in-process
 * per product between catalogue changes: every change goes through the catalogue admin, which drops the
 * caches of every app node. Adding to the cart then needs no catalogue query. Stock is not kept: the caller
 * reads it in its own statement and lays it over the cached rows. Checkout never uses this: the order's
 * transaction reads prices and stock again.
 */
export function createCartCatalogue(db: Db, cache: Cache) {
  const product = cache.keyed('cart-catalogue', (key) => loadProduct(db, Number(key)));

  return async function slice(
    productIds: Iterable<number>,
    stock: FreshStock = { products: new Map(), variants: new Map() },
  ): Promise<CatalogueSlice> {
    const out: CatalogueSlice = { products: new Map(), variants: new Map(), prices: new Map() };
    const ids = [...new Set(productIds)];
    const cached = await Promise.all(ids.map((id) => product(String(id))));
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
  };
}
