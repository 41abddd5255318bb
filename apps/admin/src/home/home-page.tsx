import { STAFF_ROLE_LABELS } from '@vitrin/shared/staff/permissions';
import { lazy, Suspense } from 'react';
import { has, useStaff } from '../session/staff-session.ts';
import { Loading, Page } from '../ui/page.tsx';

// The chart library comes with the dashboard, not with the panel's first load.
const Dashboard = lazy(async () => ({ default: (await import('../dashboard/dashboard.tsx')).Dashboard }));

/** The panel's home: the dashboard for those who may read it. */
export function HomePage() {
  const staff = useStaff();
  return (
    <Page title="Ana sayfa">
      <p className="text-stone-800">
        <strong>{staff.name}</strong> ({staff.email}) olarak giriş yaptınız. Rolünüz:{' '}
        <strong>{STAFF_ROLE_LABELS[staff.role]}</strong>.
      </p>
      {has(staff, 'dashboard.read') && (
        <Suspense fallback={<Loading />}>
          <Dashboard />
        </Suspense>
      )}
    </Page>
  );
}
