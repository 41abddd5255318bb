import { CouponCard } from '../cart/coupon-card.tsx';
import { AppLink } from '../components/app-link.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { RouteErrorScreen } from '../lib/route-error.tsx';
import { catalogMeta, LISTING_CACHE } from '../lib/seo.ts';
import type { Route } from './+types/coupons';

export const meta: Route.MetaFunction = ({ matches }) =>
  catalogMeta(matches, {
    title: i18n.t('coupons.title'),
    description: i18n.t('coupons.description'),
    path: '/coupons',
  });

/**
 * Public coupons are the same for every visitor, so the page is rendered on the server and cached like the
 * catalogue. `now` travels with the data: the browser shows the same days left as the server HTML.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { coupons: await context.coupons(), now: Date.now() };
}

export const headers: Route.HeadersFunction = () => LISTING_CACHE;

export default function CouponsRoute({ loaderData }: Route.ComponentProps) {
  const { coupons, now } = loaderData;
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-semibold text-ink-900">{t('coupons.title')}</h1>
      <p className="mt-2 max-w-2xl text-ink-700">{t('coupons.intro')}</p>
      {coupons.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-sand-200 bg-white p-8 text-center">
          <h2 className="text-xl font-semibold text-ink-900">{t('coupons.empty')}</h2>
          <p className="mt-2 text-ink-700">{t('coupons.emptyText')}</p>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {coupons.map((coupon) => (
            <li key={coupon.code}>
              <CouponCard coupon={coupon} now={now} />
            </li>
          ))}
        </ul>
      )}
      <p className="mt-8">
        <AppLink to="/cart" className="text-clay-700 underline underline-offset-2">
          {t('coupons.toCart')}
        </AppLink>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorScreen />;
}
