import { data, useLocation } from 'react-router';
import { ErrorScreen } from '../components/error-screen.tsx';
import { i18n } from '../i18n/index.ts';
import { notFoundMessage } from '../lib/route-error.tsx';
import type { Route } from './+types/not-found';

/** How many of the newest products a 404 offers to go on with. */
const SUGGESTED_PRODUCTS = 4;

export const meta: Route.MetaFunction = () => [
  { title: i18n.t('error.title') },
  { name: 'robots', content: 'noindex' },
];

/**
 * `/404` and every unknown path: the error screen with a real 404, rendered as this page (not thrown to
 * the error boundary) so that it can offer the newest products.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { newProducts } = await context.homeShelves();
  return data({ products: newProducts.slice(0, SUGGESTED_PRODUCTS) }, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return <ErrorScreen status={404} message={notFoundMessage(pathname)} products={loaderData.products} />;
}
