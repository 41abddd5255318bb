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

const NAVIGATION_KEY = 'vitrin:navigation';
/** Where a client-side navigation under way is going: a chunk that fails on the way loads it in full. */
let pendingNavigation: string | null = null;

/**
 * Remembers the navigation under way across a reload. React Router reloads the *current* page when a route
 * module fails to load, which would drop the visitor's click; the next page load then finishes the trip.
 */
export function setPendingNavigation(href: string | null) {
  pendingNavigation = href;
  try {
    const from = window.location.pathname + window.location.search;
    if (href) window.sessionStorage.setItem(NAVIGATION_KEY, JSON.stringify({ href, from, at: Date.now() }));
    else window.sessionStorage.removeItem(NAVIGATION_KEY);
  } catch {
    // Storage may be unavailable (private mode); then only the plain reload remains.
  }
}

/** On page load: a navigation that was cut short by a reload in the last 10 s is completed, once. */
export function resumeInterruptedNavigation(): boolean {
  let saved: { href?: unknown; from?: unknown; at?: unknown } | null = null;
  try {
    saved = JSON.parse(window.sessionStorage.getItem(NAVIGATION_KEY) ?? 'null');
    window.sessionStorage.removeItem(NAVIGATION_KEY);
  } catch {
    return false;
  }
  if (!saved || typeof saved.href !== 'string' || typeof saved.at !== 'number') return false;
  const here = window.location.pathname + window.location.search;
  const fresh = Date.now() - saved.at < CHUNK_RELOAD_GUARD_MS;
  // Only the reload of the page the trip started from continues it; any other page load forgets it.
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const reloaded = entry?.type === 'reload' && saved.from === here;
  if (!fresh || !reloaded || saved.href === here || !saved.href.startsWith('/')) return false;
  if (!mayReload(saved.href.split('?')[0]!, Date.now(), window.sessionStorage)) return false;
  window.location.replace(saved.href);
  return true;
}

/** Loads the page (or the navigation's target) in full for a chunk error when the guard allows it. */
export function reloadForChunkError(error: unknown): boolean {
  if (typeof window === 'undefined' || !isChunkLoadError(error)) return false;
  const target = pendingNavigation ?? window.location.pathname + window.location.search;
  if (!mayReload(target.split('?')[0]!, Date.now(), window.sessionStorage)) return false;
  if (target === window.location.pathname + window.location.search) window.location.reload();
  else window.location.assign(target);
  return true;
}

/** Notes a link's target the moment it is clicked, before the router starts loading its modules. */
function rememberClickedLink(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return;
  const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!anchor || anchor.target === '_blank' || anchor.origin !== window.location.origin) return;
  setPendingNavigation(anchor.pathname + anchor.search);
}

export function installChunkReloadGuard(): () => void {
  resumeInterruptedNavigation();
  document.addEventListener('click', rememberClickedLink, true);
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
    document.removeEventListener('click', rememberClickedLink, true);
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('vite:preloadError', onPreloadError);
  };
}
