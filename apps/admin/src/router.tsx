import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import type { DashboardAnswer } from '@vitrin/shared/api/admin/dashboard';
import type { Permission } from '@vitrin/shared/staff/permissions';
import type { ComponentType } from 'react';
import { createBrowserRouter, Link } from 'react-router';
import { couponsQuery } from './coupons/coupons-api.ts';
import { customerListQuery, customerQuery } from './customers/customers-api.ts';
import { dashboardQuery } from './dashboard/dashboard-query.ts';
import { api, whenSessionStale } from './lib/api.ts';
import { queryClient } from './lib/query-client.ts';
import { LoginPage } from './login/login-page.tsx';
import { orderListQuery, orderQuery } from './orders/orders-api.ts';
import { paths } from './paths.ts';
import { productQuery } from './products/product-editor-api.ts';
import { productListQuery } from './products/products-api.ts';
import { reviewListQuery } from './reviews/reviews-api.ts';
import { Allowed, RequireStaff } from './session/require-staff.tsx';
import { has, SESSION_KEY, sessionQuery } from './session/staff-session.ts';
import { loadScreen, PanelLoading, RouteError } from './shell/route-error.tsx';
import { Shell } from './shell/shell.tsx';
import { ticketQuery, ticketQueueQuery } from './tickets/tickets-api.ts';
import { Page } from './ui/page.tsx';

function NotFound() {
  return (
    <Page title="Sayfa bulunamadı">
      <p>
        Panelde böyle bir ekran yok.{' '}
        <Link to={paths.home} className="text-amber-900 underline">
          Ana sayfaya dönün
        </Link>
        .
      </p>
    </Page>
  );
}

/** The staff member, asked as the navigation starts (beside the screen's code); null without a session. */
async function staffNow() {
  try {
    return await queryClient.ensureQueryData(sessionQuery);
  } catch {
    // RequireStaff shows why the session could not be read.
    return null;
  }
}

/**
 * The home screen's loader: the dashboard's figures are fetched while the screen's code loads, not after
 * it, and beside the session (every role reads the dashboard; its answer leaves out what a role may not
 * see). Without a session its 401 is quiet: the session's own answer sends to the login. A failure is left
 * to the screen, which says it.
 */
async function homeLoader() {
  await Promise.all([
    staffNow(),
    queryClient.prefetchQuery({
      ...dashboardQuery,
      queryFn: () => api.get<DashboardAnswer>('/dashboard', { quiet401: true }),
    }),
  ]);
  return null;
}

interface LoaderArgs {
  request: Request;
  params: Record<string, string | undefined>;
}

/**
 * A screen's loader: its first data is fetched while its code loads (the same query the screen's hook
 * reads, so the screen finds it in the cache), beside the session. A staff member known not to have the
 * permission asks nothing (the screen says no); a failure is left to the screen, which says it, and a 401
 * sends to the login as from the screen.
 */
function loads<T, K extends QueryKey>(
  permission: Permission,
  query: (
    search: URLSearchParams,
    params: Partial<Record<string, string>>,
  ) => FetchQueryOptions<T, Error, T, K>,
) {
  return async ({ request, params }: LoaderArgs) => {
    const known = queryClient.getQueryData(sessionQuery.queryKey);
    const allowed = known === undefined || (known !== null && has(known, permission));
    const search = new URL(request.url).searchParams;
    await Promise.all([staffNow(), allowed && queryClient.prefetchQuery(query(search, params))]);
    return null;
  };
}

/** The address a navigation is opening (the address bar shows the last screen's until it is loaded). */
function pendingHref() {
  const next = router.state.navigation.location;
  return next ? router.createHref(next) : undefined;
}

/** A screen of one permission (its menu line in shell/nav.ts), its code loaded on the first visit. */
function permitted(permission: Permission, load: () => Promise<ComponentType>) {
  return async () => {
    const Screen = await loadScreen(load, pendingHref);
    return {
      element: (
        <Allowed permission={permission}>
          <Screen />
        </Allowed>
      ),
    };
  };
}

/** A screen any staff member opens, its code loaded on the first visit. */
const screen = (load: () => Promise<ComponentType>) => async () => ({
  Component: await loadScreen(load, pendingHref),
});

/**
 * The panel's screens; a screen of one permission goes through `permitted`. Errors (a screen's code gone
 * after an update, an error in a screen) show the panel's Turkish error screen: inside the menu's frame for
 * a screen, on its own above it.
 */
export const router = createBrowserRouter(
  [
    {
      errorElement: <RouteError />,
      HydrateFallback: PanelLoading,
      // The session is asked at once, beside the first screen's code.
      loader: async () => {
        await staffNow();
        return null;
      },
      children: [
        { path: paths.login, element: <LoginPage /> },
        {
          element: <RequireStaff />,
          children: [
            // A page to print, without the menu around it.
            {
              path: paths.packingSlip,
              lazy: permitted(
                'orders.read',
                async () => (await import('./documents/packing-slip-page.tsx')).PackingSlipPage,
              ),
            },
            {
              element: <Shell />,
              children: [
                {
                  errorElement: <RouteError framed />,
                  children: [
                    // The screens load with their first visit: the login does not wait for their code (tables, the QR
                    // code maker, charts and PDF). A screen whose first paint needs data fetches it beside its
                    // code (its loader: the home's figures, a list of the address' filters, one order or product).
                    {
                      index: true,
                      loader: homeLoader,
                      lazy: screen(async () => (await import('./home/home-page.tsx')).HomePage),
                    },
                    {
                      path: paths.account,
                      lazy: screen(async () => (await import('./account/account-page.tsx')).AccountPage),
                    },
                    {
                      path: paths.totp,
                      lazy: screen(async () => (await import('./account/totp-page.tsx')).TotpPage),
                    },
                    {
                      path: paths.staff,
                      lazy: permitted(
                        'staff.manage',
                        async () => (await import('./staff/staff-page.tsx')).StaffPage,
                      ),
                    },
                    {
                      path: paths.orders,
                      loader: loads('orders.read', (search) => orderListQuery(search).options),
                      lazy: permitted(
                        'orders.read',
                        async () => (await import('./orders/orders-page.tsx')).OrdersPage,
                      ),
                    },
                    {
                      path: paths.order,
                      loader: loads('orders.read', (_, { number = '' }) => orderQuery(number)),
                      lazy: permitted(
                        'orders.read',
                        async () => (await import('./orders/order-page.tsx')).OrderPage,
                      ),
                    },
                    {
                      path: paths.customers,
                      loader: loads('customers.read', customerListQuery),
                      lazy: permitted(
                        'customers.read',
                        async () => (await import('./customers/customers-page.tsx')).CustomersPage,
                      ),
                    },
                    {
                      path: paths.customer,
                      loader: loads('customers.read', (_, { id = '' }) => customerQuery(id)),
                      lazy: permitted(
                        'customers.read',
                        async () => (await import('./customers/customer-page.tsx')).CustomerPage,
                      ),
                    },
                    {
                      path: paths.tickets,
                      loader: loads('tickets.read', (search) => ticketQueueQuery(search).options),
                      lazy: permitted(
                        'tickets.read',
                        async () => (await import('./tickets/tickets-page.tsx')).TicketsPage,
                      ),
                    },
                    {
                      path: paths.reviews,
                      loader: loads('reviews.answer', (search) => reviewListQuery(search).options),
                      lazy: permitted(
                        'reviews.answer',
                        async () => (await import('./reviews/reviews-page.tsx')).ReviewsPage,
                      ),
                    },
                    {
                      path: paths.savedReplies,
                      lazy: permitted(
                        'tickets.write',
                        async () => (await import('./tickets/saved-replies-page.tsx')).SavedRepliesPage,
                      ),
                    },
                    {
                      path: paths.ticket,
                      loader: loads('tickets.read', (_, { ticketNo = '' }) => ticketQuery(ticketNo)),
                      lazy: permitted(
                        'tickets.read',
                        async () => (await import('./tickets/ticket-page.tsx')).TicketPage,
                      ),
                    },
                    {
                      path: paths.products,
                      loader: loads('catalog.read', (search) => productListQuery(search).options),
                      lazy: permitted(
                        'catalog.read',
                        async () => (await import('./products/products-page.tsx')).ProductsPage,
                      ),
                    },
                    {
                      path: paths.productImports,
                      lazy: permitted(
                        'catalog.write',
                        async () => (await import('./imports/imports-page.tsx')).ImportsPage,
                      ),
                    },
                    {
                      path: paths.categories,
                      lazy: permitted(
                        'catalog.read',
                        async () => (await import('./categories/categories-page.tsx')).CategoriesPage,
                      ),
                    },
                    {
                      path: paths.tags,
                      lazy: permitted(
                        'catalog.read',
                        async () => (await import('./tags/tags-page.tsx')).TagsPage,
                      ),
                    },
                    {
                      path: paths.trendyol,
                      lazy: permitted(
                        'catalog.read',
                        async () => (await import('./marketplace/trendyol-page.tsx')).TrendyolPage,
                      ),
                    },
                    {
                      path: paths.menu,
                      lazy: permitted(
                        'content.write',
                        async () => (await import('./menu/menu-page.tsx')).MenuPage,
                      ),
                    },
                    {
                      path: paths.audit,
                      lazy: permitted(
                        'audit.read',
                        async () => (await import('./audit/audit-page.tsx')).AuditPage,
                      ),
                    },
                    {
                      path: paths.coupons,
                      loader: loads('coupons.write', () => couponsQuery),
                      lazy: permitted(
                        'coupons.write',
                        async () => (await import('./coupons/coupons-page.tsx')).CouponsPage,
                      ),
                    },
                    {
                      path: paths.pages,
                      lazy: permitted(
                        'content.write',
                        async () => (await import('./content/pages-page.tsx')).PagesPage,
                      ),
                    },
                    {
                      path: paths.pageNew,
                      lazy: permitted(
                        'content.write',
                        async () => (await import('./content/page-editor-page.tsx')).PageEditorPage,
                      ),
                    },
                    {
                      path: paths.page,
                      lazy: permitted(
                        'content.write',
                        async () => (await import('./content/page-editor-page.tsx')).PageEditorPage,
                      ),
                    },
                    {
                      path: paths.blogPosts,
                      lazy: permitted(
                        'content.write',
                        async () => (await import('./blog/blog-posts-page.tsx')).BlogPostsPage,
                      ),
                    },
                    {
                      path: paths.blogCategories,
                      lazy: permitted(
                        'content.write',
                        async () => (await import('./blog/blog-categories-page.tsx')).BlogCategoriesPage,
                      ),
                    },
                    {
                      path: paths.blogTags,
                      lazy: permitted(
                        'content.write',
                        async () => (await import('./blog/blog-tags-page.tsx')).BlogTagsPage,
                      ),
                    },
                    {
                      path: paths.blogPostNew,
                      lazy: permitted(
                        'content.write',
                        async () => (await import('./blog/blog-editor-page.tsx')).BlogEditorPage,
                      ),
                    },
                    {
                      path: paths.blogPost,
                      lazy: permitted(
                        'content.write',
                        async () => (await import('./blog/blog-editor-page.tsx')).BlogEditorPage,
                      ),
                    },
                    {
                      path: paths.settings,
                      lazy: permitted(
                        'settings.write',
                        async () => (await import('./settings/settings-page.tsx')).SettingsPage,
                      ),
                    },
                    {
                      path: paths.socialAccounts,
                      lazy: permitted(
                        'content.write',
                        async () => (await import('./social/social-accounts-page.tsx')).SocialAccountsPage,
                      ),
                    },
                    {
                      path: paths.productNew,
                      lazy: permitted(
                        'catalog.write',
                        async () => (await import('./products/product-editor-page.tsx')).ProductEditorPage,
                      ),
                    },
                    {
                      path: paths.product,
                      loader: loads('catalog.read', (_, { id }) => productQuery(Number(id))),
                      lazy: permitted(
                        'catalog.read',
                        async () => (await import('./products/product-editor-page.tsx')).ProductEditorPage,
                      ),
                    },
                    { path: '*', element: <NotFound /> },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
  { basename: '/admin' },
);

// A session that expired or was revoked is forgotten: RequireStaff then sends to the login, remembering the
// screen. One allowed less is read again: the menu and the screens follow, or the TOTP set-up comes first.
whenSessionStale((error) =>
  error.status === 401
    ? queryClient.setQueryData(SESSION_KEY, null)
    : queryClient.invalidateQueries({ queryKey: SESSION_KEY }),
);
