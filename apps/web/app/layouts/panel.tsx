import { useEffect } from 'react';
import { NavLink, Outlet } from 'react-router';
import { LogoutForm } from '../account/logout-form.tsx';
import { accountHeaders } from '../account/meta.ts';
import { AccountRouteError } from '../account/route-error.tsx';
import { requireCustomer } from '../account/session.server.ts';
import { useTranslation } from '../i18n/index.ts';
import { storeProfile } from '../lib/use-customer.ts';
import type { Route } from './+types/panel';

/** Every panel page needs a logged-in customer: guests are sent to log in on the server, before any HTML. */
export async function loader(args: Route.LoaderArgs) {
  const customer = await requireCustomer(args);
  return { customer };
}

export const headers = accountHeaders;

const MENU = [
  { to: '/panel', key: 'panel.overview', end: true },
  { to: '/panel/address', key: 'panel.addresses', end: false },
  { to: '/panel/information', key: 'panel.information', end: false },
  { to: '/panel/orders', key: 'panel.orders', end: false },
  { to: '/panel/support', key: 'panel.support', end: false },
  { to: '/panel/reviews', key: 'panel.reviews', end: false },
] as const;

function PanelMenu({ name, email }: { name: string; email: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('panel.menu')} className="rounded-2xl border border-sand-200 bg-white p-4">
      <p className="px-3 pb-3 text-sm">
        <span className="block font-semibold text-ink-900">{name}</span>
        <span className="block break-all text-ink-600">{email}</span>
      </p>
      <ul className="flex flex-wrap gap-1 md:flex-col">
        {MENU.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              prefetch="intent"
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-clay-700 text-white' : 'text-ink-800 hover:bg-sand-100'}`
              }
            >
              {t(item.key)}
            </NavLink>
          </li>
        ))}
      </ul>
      <LogoutForm className="mt-3 border-t border-sand-200 pt-3">
        <button
          type="submit"
          className="w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-ink-800 hover:bg-sand-100"
        >
          {t('panel.logout')}
        </button>
      </LogoutForm>
    </nav>
  );
}

export default function PanelLayout({ loaderData }: Route.ComponentProps) {
  const { customer } = loaderData;
  const { id, firstName, lastName, email } = customer;
  useEffect(() => {
    // The header reads the profile from here (spec: auth state in local storage), without asking the API.
    storeProfile({ id, firstName, lastName, email });
  }, [id, firstName, lastName, email]);
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <div className="grid gap-8 md:grid-cols-[15rem_1fr]">
        <div>
          <PanelMenu name={`${firstName} ${lastName}`} email={email} />
        </div>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <AccountRouteError />;
}
