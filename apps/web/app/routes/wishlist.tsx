import type { WishlistItemView } from '@vitrin/shared/api/wishlist';
import { formatMoney } from '@vitrin/shared/money';
import { useEffect } from 'react';
import { accountMeta, NO_STORE } from '../account/meta.ts';
import { AppLink } from '../components/app-link.tsx';
import { BuyOrChoose } from '../components/cart/buy-or-choose.tsx';
import { Price } from '../components/price.tsx';
import { ResponsiveImage } from '../components/responsive-image.tsx';
import { RemoveFromList } from '../components/wishlist/remove-from-list.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { RouteErrorScreen } from '../lib/route-error.tsx';
import { useCustomer } from '../lib/use-customer.ts';
import { setListIds } from '../lib/wishlist.ts';
import { ListNotice } from '../wishlist/list-notice.tsx';
import { addedNotice, listAction } from '../wishlist/list-page.server.ts';
import type { Route } from './+types/wishlist';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('wishlist.title'));

/** One visitor's favourites: rendered on the server for them, never stored by a cache. */
export const headers: Route.HeadersFunction = () => NO_STORE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const wishlist = await context.wishlist.view();
  return { wishlist, added: addedNotice(request, wishlist.productIds) };
}

/**
 * Plain form posts (also without JavaScript): a heart elsewhere adds, the page's buttons remove; the page is
 * shown again with the new list.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return listAction(request, context.wishlist, '/wishlist');
}

function WishlistItem({ item }: { item: WishlistItemView }) {
  const { t } = useTranslation();
  const { product } = item;
  const titleId = `wishlist-${product.id}-title`;
  const buyable = product.inStock && product.price !== null;
  return (
    <li
      className="flex flex-col gap-4 rounded-xl border border-sand-200 bg-white p-4 sm:flex-row"
      data-testid="wishlist-item"
    >
      <AppLink to={`/product/${product.slug}`} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <ResponsiveImage
          path={product.image}
          alt=""
          width={120}
          height={120}
          sizes="120px"
          widths={[160, 320]}
          className="h-28 w-28 rounded-lg bg-sand-100 object-cover"
        />
      </AppLink>
      <div className="flex flex-1 flex-col gap-2">
        <h2 id={titleId} className="text-base font-semibold text-ink-900">
          <AppLink to={`/product/${product.slug}`} className="hover:text-clay-700 hover:underline">
            {product.name}
          </AppLink>
        </h2>
        <Price price={product.price} />
        <p
          className={`text-sm font-medium ${product.inStock ? 'text-emerald-800' : 'text-ink-700'}`}
          data-testid="wishlist-stock"
        >
          {product.inStock ? t('catalog.inStock') : t('catalog.outOfStock')}
        </p>
        {item.priceDropMinor > 0 && (
          <p
            className="w-fit rounded bg-emerald-50 px-2 py-1 text-sm font-medium text-emerald-900"
            data-testid="wishlist-price-drop"
          >
            {t('wishlist.priceDrop', { amount: formatMoney(item.priceDropMinor) })}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:w-48">
        {buyable && (
          <BuyOrChoose product={product} describedBy={titleId} chooseLabel={t('wishlist.chooseOptions')} />
        )}
        <RemoveFromList productId={product.id} describedBy={titleId} label={t('wishlist.remove')} />
      </div>
    </li>
  );
}

function EmptyWishlist() {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl border border-sand-200 bg-white p-8 text-center" data-testid="wishlist-empty">
      <h2 className="text-xl font-semibold text-ink-900">{t('wishlist.empty')}</h2>
      <p className="mt-2 text-ink-700">{t('wishlist.emptyText')}</p>
      <AppLink
        to="/"
        className="mt-6 inline-block rounded-lg bg-clay-700 px-5 py-2.5 font-medium text-white hover:bg-clay-800"
      >
        {t('wishlist.shop')}
      </AppLink>
    </div>
  );
}

export default function WishlistRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { customer } = useCustomer();
  const { wishlist, added } = loaderData;
  // The page knows the truth: the hearts and the header count follow it.
  useEffect(() => setListIds('wishlist', wishlist.productIds), [wishlist.productIds]);
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-semibold text-ink-900">{t('wishlist.title')}</h1>
        {wishlist.count > 0 && (
          <p className="text-ink-700" data-testid="wishlist-count">
            {t('wishlist.count', { count: wishlist.count })}
          </p>
        )}
      </div>
      {actionData ? (
        <ListNotice refused message={actionData.message} returnTo={actionData.returnTo} className="mb-6" />
      ) : (
        added && <ListNotice message={t('wishlist.added')} returnTo={added.returnTo} className="mb-6" />
      )}
      {wishlist.count === 0 ? (
        <EmptyWishlist />
      ) : (
        <>
          <p className="mb-4 text-ink-700">{t('wishlist.intro')}</p>
          {!customer && <p className="mb-4 text-sm text-ink-700">{t('wishlist.guestNote')}</p>}
          <ul className="space-y-4">
            {wishlist.items.map((item) => (
              <WishlistItem key={item.product.id} item={item} />
            ))}
          </ul>
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorScreen />;
}
