import './context.ts';
import { useEffect } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteError,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheetHref from './app.css?url';
import { ErrorScreen } from './components/error-screen.tsx';
import {
  isMaintenanceInfo,
  type MaintenanceInfo,
  MaintenancePreviewBar,
  MaintenanceScreen,
} from './components/maintenance-screen.tsx';
import { i18n, useTranslation } from './i18n/index.ts';
import { syncAdminKeyCookie } from './lib/admin-key.ts';
import { ApiProvider, useApi } from './lib/api-context.tsx';
import { useBuildWatch } from './lib/build-watch.ts';
import { installChunkReloadGuard, reloadForChunkError, setPendingNavigation } from './lib/chunk-reload.ts';
import { whenIdle } from './lib/idle.ts';
import { useNonce } from './lib/nonce.ts';
import { errorMessage } from './lib/route-error.tsx';
import { Toasts } from './lib/toasts.tsx';
import type { RootData } from './lib/use-home.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // One stylesheet for the whole shop (7 kB compressed), cached across pages and visits. Inlined into every
  // page (as before), it was parsed again with each document, in one task with the end of the HTML: 12-54 ms
  // of the main thread per page load in Lighthouse's traces here (bench/RESULTS.md).
  { rel: 'stylesheet', href: stylesheetHref },
];

export const meta: Route.MetaFunction = ({ error }) => {
  if (isRouteErrorResponse(error) && isMaintenanceInfo(error.data)) {
    return [{ title: i18n.t('maintenance.title') }, { name: 'robots', content: 'noindex' }];
  }
  if (error) return [{ title: i18n.t('error.title') }, { name: 'robots', content: 'noindex' }];
  return [];
};

/** Loads the home data once for every page (spec section 1); in maintenance, answers 503 instead. */
export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  const home = await context.home();
  if (context.maintenance) {
    const settings = home.global_setting;
    throw data(
      {
        maintenance: true,
        brandName: settings.brand_name,
        logo: settings.logo,
        image: settings.maintenance_image,
        text: settings.maintenance_text,
        contactEmail: settings.contact_email,
        apiBase: context.publicConfig.apiBase,
      } satisfies MaintenanceInfo,
      { status: 503 },
    );
  }
  return {
    // The server builds every page's request on PUBLIC_URL (ssr.ts), never on the client's Host header:
    // canonical links and JSON-LD made from this origin are the same for every visitor of a cached page.
    origin: new URL(request.url).origin,
    home,
    pageLinks: await context.pageLinks(),
    publicConfig: context.publicConfig,
    maintenancePreview: context.maintenancePreview,
  };
}

export function shouldRevalidate() {
  // Settings, menu and social accounts are loaded once; pages do not reload them on navigation.
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="tr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#9a3f1f" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-sand-50 text-ink-900 antialiased">
        {children}
        <Toasts />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Tests and monitoring can tell a hydrated page from server HTML. */
function markHydrated() {
  document.documentElement.dataset.hydrated = 'true';
}

function ClientPlumbing({ buildVersion }: { buildVersion: string }) {
  const api = useApi();
  const navigation = useNavigation();
  useBuildWatch(api, buildVersion);
  useEffect(() => {
    const cancelSync = whenIdle(() => syncAdminKeyCookie());
    const uninstall = installChunkReloadGuard();
    markHydrated();
    return () => {
      cancelSync();
      uninstall();
    };
  }, []);
  useEffect(() => {
    const target = navigation.location;
    if (navigation.state === 'idle') setPendingNavigation(null);
    else if (target) setPendingNavigation(target.pathname + target.search);
  }, [navigation.state, navigation.location]);
  return null;
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <ApiProvider baseURL={loaderData.publicConfig.apiBase}>
      <ClientPlumbing buildVersion={loaderData.publicConfig.buildVersion} />
      {loaderData.maintenancePreview && <MaintenancePreviewBar />}
      <Outlet />
    </ApiProvider>
  );
}

function MaintenanceBoundary({ info }: { info: MaintenanceInfo }) {
  useEffect(() => {
    // A visitor who just put the bypass key into localStorage gets the site after one reload.
    if (syncAdminKeyCookie()) window.location.reload();
    else markHydrated();
  }, []);
  return <MaintenanceScreen info={info} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  useEffect(() => {
    reloadForChunkError(error);
  }, [error]);
  if (isRouteErrorResponse(error)) {
    if (isMaintenanceInfo(error.data)) return <MaintenanceBoundary info={error.data} />;
    return <ErrorScreen status={error.status} message={errorMessage(error.data, error.status, pathname)} />;
  }
  return <ErrorScreen status={500} message={t('error.unexpected')} />;
}
