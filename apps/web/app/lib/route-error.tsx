import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { ErrorScreen } from '../components/error-screen.tsx';
import { i18n } from '../i18n/index.ts';

/**
 * The message of a thrown response: ours carry `{ message }`; React Router's own 404 gets the 404 line and
 * its 405 (a form posted to a page that takes none) one of its own, never React Router's English text.
 */
export function errorMessage(data: unknown, status: number, pathname: string): string {
  if (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { message?: unknown }).message === 'string'
  ) {
    return (data as { message: string }).message;
  }
  if (status === 404) return notFoundMessage(pathname);
  return i18n.t(status === 405 ? 'error.noForm' : 'error.unexpected');
}

/** The one Turkish line of every 404 page, whatever found nothing (an unknown path, slug or id). */
export function notFoundMessage(pathname: string): string {
  return i18n.t('error.notFoundText', { path: pathname });
}

/** The status and message of the error a route's boundary caught (what the error screen shows). */
export function useRouteErrorDetails(): { status: number; message: string } {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error)) {
    return { status: error.status, message: errorMessage(error.data, error.status, pathname) };
  }
  return { status: 500, message: i18n.t('error.unexpected') };
}

/**
 * The spec's error screen with the real status, for a route's `ErrorBoundary` (`inside` for pages whose
 * layout already holds the `main` landmark).
 */
export function RouteErrorScreen({ inside = false }: { inside?: boolean }) {
  const { status, message } = useRouteErrorDetails();
  return <ErrorScreen status={status} message={message} inside={inside} />;
}
