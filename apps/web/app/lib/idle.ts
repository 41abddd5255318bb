/**
 * Runs `work` when the browser is idle (soon after a page has started), and returns a cancel function. For
 * what reads storage or the cookie jar, both synchronous calls into the browser: not while the page is
 * hydrating. Browsers without `requestIdleCallback` (Safari) run it after a short delay.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work);
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, 200);
  return () => window.clearTimeout(timer);
}
