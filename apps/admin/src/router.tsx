import { createBrowserRouter, Link } from 'react-router';
import { AccountPage } from './account/account-page.tsx';
import { TotpPage } from './account/totp-page.tsx';
import { AuditPage } from './audit/audit-page.tsx';
import { HomePage } from './home/home-page.tsx';
import { whenSessionLost } from './lib/api.ts';
import { queryClient } from './lib/query-client.ts';
import { LoginPage } from './login/login-page.tsx';
import { paths } from './paths.ts';
import { Allowed, RequireStaff } from './session/require-staff.tsx';
import { SESSION_KEY } from './session/staff-session.ts';
import { Shell } from './shell/shell.tsx';
import { StaffPage } from './staff/staff-page.tsx';
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

/** The panel's screens; a screen of one permission is wrapped in Allowed (its menu line is in shell/nav.ts). */
export const router = createBrowserRouter(
  [
    { path: paths.login, element: <LoginPage /> },
    {
      element: <RequireStaff />,
      children: [
        {
          element: <Shell />,
          children: [
            { index: true, element: <HomePage /> },
            { path: paths.account, element: <AccountPage /> },
            { path: paths.totp, element: <TotpPage /> },
            {
              path: paths.staff,
              element: (
                <Allowed permission="staff.manage">
                  <StaffPage />
                </Allowed>
              ),
            },
            {
              path: paths.audit,
              element: (
                <Allowed permission="audit.read">
                  <AuditPage />
                </Allowed>
              ),
            },
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ],
  { basename: '/admin' },
);

// A session that expired or was revoked: forget it; RequireStaff then sends to the login, remembering the screen.
whenSessionLost(() => queryClient.setQueryData(SESSION_KEY, null));
