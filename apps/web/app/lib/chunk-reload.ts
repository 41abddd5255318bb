import { CHUNK_RELOAD_GUARD_MS } from '@vitrin/shared/constants';

const STORAGE_KEY = 'vitrin:chunk-reload';
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR.test(message);
}

/**
 * Decides whether a failed route chunk may reload the page: at most once per 10 s per path, remembered in
 * sessionStorage so the rule survives the reload itself.
 */
export function mayReload(path: string, now: number, storage: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  let seen: Record<string, number> = {};
  try {
    seen = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    seen = {};
  }
  const last = seen[path];
  if (last !== undefined && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  seen[path] = now;
  storage.setItem(STORAGE_KEY, JSON.stringify(seen));
  return true;
}

/** Reloads for a chunk error when the guard allows it; returns whether it did. */
export function reloadForChunkError(error: unknown): boolean {
  if (typeof window === 'undefined' || !isChunkLoadError(error)) return false;
  if (!mayReload(window.location.pathname, Date.now(), window.sessionStorage)) return false;
  window.location.reload();
  return true;
}

export function installChunkReloadGuard(): () => void {
  const onError = (event: ErrorEvent) => reloadForChunkError(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => reloadForChunkError(event.reason);
  // Vite reports failed preloads of route modules with this event.
  const onPreloadError = (event: Event) => {
    if (reloadForChunkError((event as Event & { payload?: unknown }).payload)) event.preventDefault();
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('vite:preloadError', onPreloadError);
  };
}
