import { STAFF_ROLE_LABELS } from '@vitrin/shared/staff/permissions';
import { Link } from 'react-router';
import { Dashboard } from '../dashboard/dashboard.tsx';
import { has, useStaff } from '../session/staff-session.ts';
import { NAV_ITEMS } from '../shell/nav.ts';
import { Page } from '../ui/page.tsx';

/**
 * The panel's home: the dashboard for those who may read it, then the screens this member may open. Its code
 * (the chart library with it) loads as the route's, its figures beside it (the route's loader).
 */
export function HomePage() {
  const staff = useStaff();
  const screens = NAV_ITEMS.filter(
    (item) => item.to !== '/' && (!item.permission || has(staff, item.permission)),
  );
  return (
    <Page title="Ana sayfa">
      <p className="text-stone-800">
        <strong>{staff.name}</strong> ({staff.email}) olarak giriş yaptınız. Rolünüz:{' '}
        <strong>{STAFF_ROLE_LABELS[staff.role]}</strong>.
      </p>
      {has(staff, 'dashboard.read') && <Dashboard />}
      <nav aria-labelledby="screens-title">
        <h2 id="screens-title" className="mb-2 text-lg font-semibold text-stone-900">
          Ekranlar
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {screens.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="block h-full rounded-lg border border-stone-300 bg-white p-4 hover:border-amber-800"
              >
                <span className="block font-semibold text-amber-900">{item.label}</span>
                <span className="mt-1 block text-sm text-stone-700">{item.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Page>
  );
}
