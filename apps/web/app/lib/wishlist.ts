/**
 * Favourites and the compare list as the browser sees them: the REST calls of `@vitrin/shared/api/wishlist`
 * and one store of "which products are in which list" for the hearts, compare buttons and header counts.
 * Server HTML (cached for everyone) shows every button in its neutral state; the store fills them in after
 * hydration, like the cart count (`cart.ts`). No value import of `api-client.ts` (see `api-context.tsx`).
 */
import type { CompareView, WishlistView } from '@vitrin/shared/api/wishlist';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { ApiClient } from './api-client.ts';
import { whenIdle } from './idle.ts';
import { hasSignedInCookie } from './use-customer.ts';

export type ListName = 'wishlist' | 'compare';

export interface ListsState {
  wishlist: readonly number[];
  compare: readonly number[];
}

/** The ids this browser last saw; also "this browser has (had) a list" (the list cookies are httpOnly). */
const STORAGE_KEY = 'vitrin:lists';

let current: ListsState | null = null;
const listeners = new Set<() => void>();

function emit(state: ListsState | null): void {
  current = state;
  for (const listener of listeners) listener();
}

function isIds(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((v) => Number.isInteger(v) && v > 0);
}

function stored(): ListsState | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<ListsState>) : null;
    return value && isIds(value.wishlist) && isIds(value.compare)
      ? { wishlist: value.wishlist, compare: value.compare }
      : null;
  } catch {
    return null;
  }
}

/** Sets one list's ids after an answer and remembers them for the next page and the other tabs. */
export function setListIds(name: ListName, ids: readonly number[]): void {
  const next = { wishlist: current?.wishlist ?? [], compare: current?.compare ?? [], [name]: ids };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage refused (private mode): the buttons are still right on this page.
  }
  emit(next);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Both lists' ids, or null while unknown (always null in server HTML). */
export function useLists(): ListsState | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

let syncedSignedIn: boolean | null = null;

async function refresh(api: ApiClient): Promise<void> {
  syncedSignedIn = hasSignedInCookie();
  try {
    const [wishlist, compare] = await Promise.all([
      api<WishlistView>('/api/front/wishlist', { quiet: true }),
      api<CompareView>('/api/front/compare', { quiet: true }),
    ]);
    setListIds('wishlist', wishlist.productIds);
    setListIds('compare', compare.productIds);
  } catch {
    // The buttons keep what they showed; the list pages show the truth.
  }
}

/**
 * Keeps the store right after hydration (once the browser is idle: it reads storage): asked for when this
 * browser remembers lists, and again whenever the visitor logs in or out (a customer's favourites live on
 * the server; a guest's join the account at login), after which they are remembered. Visitors who never
 * used a list cost the API nothing.
 */
export function useListsSync(api: ApiClient): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const cancel = whenIdle(() => {
      const remembered = stored();
      if (remembered) {
        emit(remembered);
        void refresh(api);
      } else {
        syncedSignedIn = hasSignedInCookie();
      }
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) emit(stored());
    };
    window.addEventListener('storage', onStorage);
    return () => {
      cancel();
      window.removeEventListener('storage', onStorage);
    };
  }, [api]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again on purpose whenever the path changes.
  useEffect(() => {
    if (syncedSignedIn !== null && syncedSignedIn !== hasSignedInCookie()) void refresh(api);
  }, [api, pathname]);
}

export const wishlistApi = {
  async add(api: ApiClient, productId: number): Promise<WishlistView> {
    const view = await api<WishlistView>('/api/front/wishlist', { method: 'POST', body: { productId } });
    setListIds('wishlist', view.productIds);
    return view;
  },
  async remove(api: ApiClient, productId: number): Promise<WishlistView> {
    const view = await api<WishlistView>(`/api/front/wishlist/${productId}`, { method: 'DELETE' });
    setListIds('wishlist', view.productIds);
    return view;
  },
};

export const compareApi = {
  async add(api: ApiClient, productId: number): Promise<CompareView> {
    const view = await api<CompareView>('/api/front/compare', { method: 'POST', body: { productId } });
    setListIds('compare', view.productIds);
    return view;
  },
  async remove(api: ApiClient, productId: number): Promise<CompareView> {
    const view = await api<CompareView>(`/api/front/compare/${productId}`, { method: 'DELETE' });
    setListIds('compare', view.productIds);
    return view;
  },
};
