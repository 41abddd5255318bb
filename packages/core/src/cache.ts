import { sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';

/** PostgreSQL channel on which app nodes tell each other to drop their in-process caches. */
export const CACHE_CHANNEL = 'vitrin_cache';

/**
 * What a change touched. Without `products`, anything (settings, categories, a bulk import): every cache
 * is dropped and the catalogue index is built again. With `products`, only those products' catalogue data
 * changed: the catalogue index refreshes them alone. `stockOnly` (an order took or gave back their stock):
 * nothing else is dropped either, pages and answers kept elsewhere stay.
 */
export interface Change {
  products?: readonly number[];
  stockOnly?: boolean;
}

/**
 * In-process caches of hot, rarely changing data (settings, menu, pages). Every change to such data calls
 * `invalidateAll()`, which also tells the other app nodes through `onInvalidate` (PostgreSQL NOTIFY).
 */
export interface Cache {
  value<T>(name: string, load: () => Promise<T>): () => Promise<T>;
  keyed<T>(name: string, load: (key: string) => Promise<T>): Keyed<T>;
  /**
   * Drops everything here and notifies other processes. `products` names the products changed when the
   * change is theirs alone, so that the catalogue index refreshes them instead of being built again.
   */
  invalidateAll(products?: readonly number[]): Promise<void>;
  /** Drops everything here only (called when another process changed data); a stock change drops nothing. */
  clearLocal(change?: Change): void;
  /** Called after a change here, to tell other processes. */
  onInvalidate(listener: (change: Change) => Promise<void> | void): void;
  /** Called whenever local caches are dropped, for caches kept outside (the page cache). */
  onClear(listener: () => void): void;
  /** Called for every change, stock changes included, for caches that refresh what changed. */
  onChange(listener: (change: Change) => void): void;
}

/** A keyed cache: loads a key on its first call; `peek` gives what is already loaded, never loading. */
export interface Keyed<T> {
  (key: string): Promise<T>;
  peek(key: string): T | undefined;
}

const MAX_KEYS_PER_STORE = 2000;

interface Entry {
  promise: Promise<unknown>;
  loaded: boolean;
  value: unknown;
}

export function createCache(): Cache {
  const stores = new Set<Map<string, Entry>>();
  const listeners: Array<(change: Change) => Promise<void> | void> = [];
  const clearListeners: Array<() => void> = [];
  const changeListeners: Array<(change: Change) => void> = [];

  function keyed<T>(_name: string, load: (key: string) => Promise<T>): Keyed<T> {
    const store = new Map<string, Entry>();
    stores.add(store);
    const get = (key: string): Promise<T> => {
      const hit = store.get(key);
      if (hit) return hit.promise as Promise<T>;
      // Bounded so that requests for endless made-up keys cannot grow memory without limit.
      if (store.size >= MAX_KEYS_PER_STORE) store.clear();
      const entry: Entry = { promise: load(key), loaded: false, value: undefined };
      store.set(key, entry);
      entry.promise.then(
        (value) => {
          entry.loaded = true;
          entry.value = value;
        },
        // A failed load must not be remembered.
        () => {
          if (store.get(key) === entry) store.delete(key);
        },
      );
      return entry.promise as Promise<T>;
    };
    return Object.assign(get, {
      peek(key: string): T | undefined {
        const hit = store.get(key);
        return hit?.loaded ? (hit.value as T) : undefined;
      },
    });
  }

  const clearLocal = (change: Change = {}) => {
    if (!change.stockOnly) {
      for (const store of stores) store.clear();
      for (const listener of clearListeners) listener();
    }
    for (const listener of changeListeners) listener(change);
  };

  return {
    keyed,
    value<T>(name: string, load: () => Promise<T>) {
      const get = keyed(name, () => load());
      return () => get('');
    },
    clearLocal,
    async invalidateAll(products) {
      const change: Change = products ? { products } : {};
      clearLocal(change);
      for (const listener of listeners) await listener(change);
    },
    onInvalidate(listener) {
      listeners.push(listener);
    },
    onClear(listener) {
      clearListeners.push(listener);
    },
    onChange(listener) {
      changeListeners.push(listener);
    },
  };
}

/** NOTIFY payloads are at most 8000 bytes; a change naming more products than fit is sent as "anything". */
const MAX_PAYLOAD = 7900;

/** A change as a NOTIFY payload: `origin`, then `products 1,2,3` or `stock 1,2,3` when it names products. */
export function encodeChange(origin: string, change: Change): string {
  if (!change.products) return origin;
  const payload = `${origin} ${change.stockOnly ? 'stock' : 'products'} ${change.products.join(',')}`;
  return payload.length <= MAX_PAYLOAD ? payload : origin;
}

/** The origin and change of a payload made by `encodeChange` (an unknown form is a change of anything). */
export function decodeChange(payload: string): { origin: string; change: Change } {
  const [origin = '', kind, list] = payload.split(' ');
  const products = list?.split(',').map(Number);
  if ((kind !== 'products' && kind !== 'stock') || !products?.every(Number.isSafeInteger))
    return { origin, change: {} };
  return { origin, change: { products, stockOnly: kind === 'stock' } };
}

/** The origin of changes announced by a transaction: every app node applies them, the one that made them too. */
export const EVERY_NODE = '*';

/**
 * Tells every app node, this one included, that an order's transaction changed the stock of these products,
 * when (and only if) it commits: the NOTIFY is part of the transaction.
 */
export async function announceStock(tx: Pick<Db, 'execute'>, productIds: Iterable<number>): Promise<void> {
  const products = [...new Set(productIds)];
  if (!products.length) return;
  await tx.execute(
    sql`select pg_notify(${CACHE_CHANNEL}, ${encodeChange(EVERY_NODE, { products, stockOnly: true })})`,
  );
}
