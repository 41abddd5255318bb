import type { Permission } from '@vitrin/shared/staff/permissions';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { messageOf } from '../lib/api.ts';
import { paths } from '../paths.ts';
import { FormError } from '../ui/field.tsx';
import { Loading } from '../ui/page.tsx';
import { has, mustSetUpTotp, useStaff, useStaffSession } from './staff-session.ts';

/** The screens behind the login: to the login page without a session, to the TOTP set-up when it is due. */
export function RequireStaff() {
  const session = useStaffSession();
  const location = useLocation();
  if (session.isPending) {
    return (
      <main className="p-6">
        <Loading />
      </main>
    );
  }
  if (session.isError) {
    return (
      <main className="p-6">
        <FormError message={messageOf(session.error)} />
      </main>
    );
  }
  if (!session.data) {
    const next = location.pathname + location.search;
    const search = next === paths.home ? '' : `?next=${encodeURIComponent(next)}`;
    return <Navigate to={`${paths.login}${search}`} replace />;
  }
  if (mustSetUpTotp(session.data) && location.pathname !== paths.totp) {
    return <Navigate to={paths.totp} replace />;
  }
  return <Outlet />;
}

/** A screen of one permission: others are told they may not open it (the API refuses them too). */
export function Allowed({ permission, children }: { permission: Permission; children: ReactNode }) {
  const staff = useStaff();
  if (has(staff, permission)) return children;
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-2xl font-semibold text-stone-900">Yetkiniz yok</h1>
      <p className="text-stone-700">Bu ekranı açma yetkiniz yok. Gerekirse mağaza sahibinden isteyin.</p>
    </div>
  );
}
