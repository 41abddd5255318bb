/**
 * In-process caches of hot, rarely changing data (settings, menu, pages). Every change to such data calls
 * `invalidateAll()`, which also tells the other app nodes through `onInvalidate` (PostgreSQL NOTIFY).
 */
export interface Cache {
  value<T>(name: string, load: () => Promise<T>): () => Promise<T>;
  keyed<T>(name: string, load: (key: string) => Promise<T>): (key: string) => Promise<T>;
  /** Drops everything here and notifies other processes. */
  invalidateAll(): Promise<void>;
  /** Drops everything here only (called when another process changed data). */
  clearLocal(): void;
  /** Called after a change here, to tell other processes. */
  onInvalidate(listener: () => Promise<void> | void): void;
  /** Called whenever local caches are dropped, for caches kept outside (the page cache). */
  onClear(listener: () => void): void;
}

const MAX_KEYS_PER_STORE = 2000;

export function createCache(): Cache {
  const stores = new Set<Map<string, Promise<unknown>>>();
  const listeners: Array<() => Promise<void> | void> = [];
  const clearListeners: Array<() => void> = [];

  function keyed<T>(_name: string, load: (key: string) => Promise<T>) {
    const store = new Map<string, Promise<unknown>>();
    stores.add(store);
    return (key: string): Promise<T> => {
      let hit = store.get(key) as Promise<T> | undefined;
      if (!hit) {
        // Bounded so that requests for endless made-up keys cannot grow memory without limit.
        if (store.size >= MAX_KEYS_PER_STORE) store.clear();
        hit = load(key);
        store.set(key, hit);
        // A failed load must not be remembered.
        hit.catch(() => store.delete(key));
      }
      return hit;
    };
  }

  const clearLocal = () => {
    for (const store of stores) store.clear();
    for (const listener of clearListeners) listener();
  };

  return {
    keyed,
    value<T>(name: string, load: () => Promise<T>) {
      const get = keyed(name, () => load());
      return () => get('');
    },
    clearLocal,
    async invalidateAll() {
      clearLocal();
      for (const listener of listeners) await listener();
    },
    onInvalidate(listener) {
      listeners.push(listener);
    },
    onClear(listener) {
      clearListeners.push(listener);
    },
  };
}
