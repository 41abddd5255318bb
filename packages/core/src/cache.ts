/**
 * In-process caches of hot, rarely changing data (settings, menu, pages). Every change to such data calls
 * `invalidateAll()`, which also tells the other app nodes through `onInvalidate` (PostgreSQL NOTIFY).
 */
export interface Cache {
  value<T>(name: string, load: () => Promise<T>): () => Promise<T>;
  keyed<T>(name: string, load: (key: string) => Promise<T>): Keyed<T>;
  /** Drops everything here and notifies other processes. */
  invalidateAll(): Promise<void>;
  /** Drops everything here only (called when another process changed data). */
  clearLocal(): void;
  /** Called after a change here, to tell other processes. */
  onInvalidate(listener: () => Promise<void> | void): void;
  /** Called whenever local caches are dropped, for caches kept outside (the page cache). */
  onClear(listener: () => void): void;
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
  const listeners: Array<() => Promise<void> | void> = [];
  const clearListeners: Array<() => void> = [];

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
