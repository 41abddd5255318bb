import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STAFF_ROLE_LABELS } from '@vitrin/shared/staff/permissions';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { api } from '../lib/api.ts';
import { paths } from '../paths.ts';
import { has, mustSetUpTotp, useStaff } from '../session/staff-session.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { NAV_ITEMS } from './nav.ts';
import { useShopName } from './shop-name.ts';

/** The frame of every screen after the login: the shop, who is logged in, the menu (a drawer on a phone). */
export function Shell() {
  const staff = useStaff();
  const shopName = useShopName();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useMutation({
    mutationFn: () => api.delete('/session'),
    onSettled: () => {
      queryClient.clear();
      navigate(paths.login, { replace: true });
    },
  });

  // A link followed in the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  useEffect(() => {
    if (!drawerOpen) return;
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false);
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [drawerOpen]);

  // Until two-step verification is set up, the set-up is the only screen there is.
  const items = mustSetUpTotp(staff)
    ? []
    : NAV_ITEMS.filter((item) => !item.permission || has(staff, item.permission));

  const nav = (
    <nav aria-label="Panel menüsü">
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.to === paths.home}
              className={({ isActive }) =>
                `block rounded-md px-3 py-2 text-sm font-medium ${
                  isActive ? 'bg-amber-800 text-white' : 'text-stone-800 hover:bg-stone-200'
                }`
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );

  return (
    <div className="min-h-dvh bg-stone-100 text-stone-900">
      <a
        href="#icerik"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2"
      >
        İçeriğe geç
      </a>
      <header className="flex items-center gap-3 border-b border-stone-300 bg-white px-4 py-3">
        <button
          type="button"
          className="rounded-md border border-stone-400 px-3 py-2 text-sm md:hidden"
          aria-expanded={drawerOpen}
          aria-controls="panel-menu"
          onClick={() => setDrawerOpen((open) => !open)}
        >
          Menü
        </button>
        <p className="min-w-0 flex-1 truncate font-semibold">
          {shopName || 'Yönetim'}
          {/* On a phone the shop's name alone: the header has room for little beside the buttons. */}
          {shopName && <span className="hidden font-normal text-stone-600 sm:inline"> · Yönetim</span>}
        </p>
        <div className="hidden items-center gap-2 text-sm sm:flex">
          <span>{staff.name}</span>
          <Badge tone="info">{STAFF_ROLE_LABELS[staff.role]}</Badge>
        </div>
        <Button look="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
          Çıkış yap
        </Button>
      </header>
      <div className="mx-auto flex max-w-7xl">
        <aside className="hidden w-56 shrink-0 p-4 md:block">{nav}</aside>
        {drawerOpen && (
          <aside id="panel-menu" aria-label="Menü" className="fixed inset-0 z-40 md:hidden">
            <button
              type="button"
              tabIndex={-1}
              aria-label="Menüyü kapat"
              className="absolute inset-0 bg-black/40"
              onClick={() => setDrawerOpen(false)}
            />
            <div className="absolute inset-y-0 left-0 flex w-72 max-w-[85%] flex-col gap-4 overflow-y-auto bg-white p-4">
              <div className="flex items-start justify-between gap-2 text-sm">
                <div>
                  <p className="font-medium">{staff.name}</p>
                  <Badge tone="info">{STAFF_ROLE_LABELS[staff.role]}</Badge>
                </div>
                {/* The drawer just opened: its first control takes the focus. */}
                <Button look="secondary" autoFocus onClick={() => setDrawerOpen(false)}>
                  Kapat
                </Button>
              </div>
              {nav}
            </div>
          </aside>
        )}
        <main id="icerik" className="min-w-0 flex-1 p-4 md:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
