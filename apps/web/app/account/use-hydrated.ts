import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False for the server HTML and during hydration, true right after: a form can offer what needs JavaScript
 * (a district list that follows the chosen province) without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
