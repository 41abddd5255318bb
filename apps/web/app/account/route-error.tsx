import { RouteErrorScreen } from '../lib/route-error.tsx';

/**
 * The error boundary of account pages: the spec's error screen with the real status, inside the page's
 * layout (`inside` for panel pages, whose layout already holds the `main` landmark).
 */
export function AccountRouteError({ inside = false }: { inside?: boolean }) {
  return <RouteErrorScreen inside={inside} />;
}
