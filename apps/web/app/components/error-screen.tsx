import type { ProductCard } from '@vitrin/shared/api/catalog';
import { MAX_QUERY_LENGTH } from '@vitrin/shared/api/catalog';
import { useTranslation } from '../i18n/index.ts';
import { ProductGrid } from './product-card.tsx';

/**
 * The spec's error screen: status code, message, 'Sayfa Bulunamadı' and an 'Anasayfa' button to '/'. A 404
 * also offers a search and, when the page has them, a few products: a dead link should not end the visit.
 */
export function ErrorScreen({
  status,
  message,
  inside = false,
  products = [],
}: {
  status: number;
  message: string;
  /** Rendered inside a page that already has its `main` (the account panel). */
  inside?: boolean;
  products?: ProductCard[];
}) {
  const { t } = useTranslation();
  const Tag = inside ? 'div' : 'main';
  return (
    <Tag {...(inside ? {} : { id: 'main' })} className="mx-auto max-w-7xl px-4 py-16">
      <div className="mx-auto flex max-w-2xl flex-col items-center text-center">
        <p className="text-7xl font-bold text-clay-700" data-testid="error-status">
          <span className="sr-only">{t('error.status')}: </span>
          {status}
        </p>
        <h1 className="mt-4 text-3xl font-semibold text-ink-900">{t('error.notFound')}</h1>
        <p className="mt-3 break-words text-ink-600" data-testid="error-message">
          {message}
        </p>
        {status === 404 && (
          <search className="mt-8 w-full max-w-md">
            <form action="/search" method="get" className="flex gap-2">
              <label htmlFor="not-found-search" className="sr-only">
                {t('error.searchLabel')}
              </label>
              <input
                id="not-found-search"
                name="q"
                type="search"
                required
                maxLength={MAX_QUERY_LENGTH}
                placeholder={t('header.searchPlaceholder')}
                className="w-full rounded-lg border border-sand-300 px-3 py-2 focus:border-clay-600 focus:outline-2 focus:outline-clay-600"
              />
              <button
                type="submit"
                className="rounded-lg border border-clay-700 px-4 py-2 font-medium text-clay-800 hover:bg-sand-100"
              >
                {t('header.searchButton')}
              </button>
            </form>
          </search>
        )}
        {/* A plain link: after an error the router state may be broken, a full load is the safe way home. */}
        <a
          href="/"
          className="mt-8 rounded-lg bg-clay-700 px-6 py-3 font-medium text-white hover:bg-clay-800"
        >
          {t('error.home')}
        </a>
      </div>
      {products.length > 0 && (
        <section aria-labelledby="not-found-products" className="mt-16">
          <h2 id="not-found-products" className="mb-4 text-xl font-semibold text-ink-900">
            {t('error.goOn')}
          </h2>
          <ProductGrid products={products} eager={0} />
        </section>
      )}
    </Tag>
  );
}
