import type { PaymentSession } from '@vitrin/shared/api/orders';
import { Outlet, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { RouteErrorScreen } from '../lib/route-error.tsx';
import '../i18n/tr-secure-pay.ts';

/** The 3-D Secure page's own minimal layout: a bank's payment page, not the shop (no menus to wander off to). */
export default function SecurePayLayout() {
  const { t } = useTranslation();
  const page = useRouteLoaderData<{ session: PaymentSession | null }>('routes/secure-pay');
  const session = page?.session ?? null;
  // Who takes the card: the test bank only for the test provider; a real provider by name; else the shop.
  const provider = session?.provider?.name;
  const heading =
    provider === 'test'
      ? t('securePay.bank')
      : provider === 'iyzico' || provider === 'paytr'
        ? t(`securePay.providerNames.${provider}`)
        : (session?.shopName ?? t('securePay.title'));
  return (
    <div className="flex min-h-screen flex-col bg-sand-100">
      <header className="border-b border-sand-200 bg-white">
        <div className="mx-auto flex max-w-xl items-center justify-between px-4 py-4">
          <p className="font-semibold text-ink-900">{heading}</p>
          <p className="flex items-center gap-1.5 text-sm text-ink-700">
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="currentColor">
              <path d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 6H6V4.5a2 2 0 1 1 4 0V7Z" />
            </svg>
            3-D Secure
          </p>
        </div>
      </header>
      <div className="flex-1">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorScreen />;
}
