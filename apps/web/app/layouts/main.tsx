import { isRouteErrorResponse, Outlet, useLocation, useRouteError } from 'react-router';
import { ErrorScreen } from '../components/error-screen.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { useTranslation } from '../i18n/index.ts';
import { errorMessage } from '../root.tsx';

/** The main storefront layout: header, the page, footer. */
export default function MainLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter />
    </div>
  );
}

/** Errors of pages inside the layout keep the header and footer around the error screen. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? errorMessage(error.data, status, pathname)
    : t('error.unexpected');
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <div className="flex-1">
        <ErrorScreen status={status} message={message} />
      </div>
      <SiteFooter />
    </div>
  );
}
