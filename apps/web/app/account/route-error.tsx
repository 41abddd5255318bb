import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { ErrorScreen } from '../components/error-screen.tsx';
import { useTranslation } from '../i18n/index.ts';
import { errorMessage } from '../root.tsx';

/**
 * The error boundary of account pages: the spec's error screen with the real status, inside the page's
 * layout (`inside` for panel pages, whose layout already holds the `main` landmark).
 */
export function AccountRouteError({ inside = false }: { inside?: boolean }) {
  const error = useRouteError();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error)) {
    return (
      <ErrorScreen
        status={error.status}
        message={errorMessage(error.data, error.status, pathname)}
        inside={inside}
      />
    );
  }
  return <ErrorScreen status={500} message={t('error.unexpected')} inside={inside} />;
}
