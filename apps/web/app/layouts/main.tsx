import { Outlet } from 'react-router';
import { SiteFooter } from '../components/site-footer.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { RouteErrorScreen } from '../lib/route-error.tsx';

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
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <div className="flex-1">
        <RouteErrorScreen />
      </div>
      <SiteFooter />
    </div>
  );
}
