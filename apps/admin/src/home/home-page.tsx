import { STAFF_ROLE_LABELS } from '@vitrin/shared/staff/permissions';
import { Link } from 'react-router';
import { has, useStaff } from '../session/staff-session.ts';
import { NAV_ITEMS } from '../shell/nav.ts';
import { Page } from '../ui/page.tsx';

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
      <ul className="grid gap-3 sm:grid-cols-2">
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
    </Page>
  );
}
