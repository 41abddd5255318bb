import type { ProductListing as Listing } from '@vitrin/shared/api/catalog';
import { LISTING_SORTS } from '@vitrin/shared/api/catalog';
import type { ListingQuery } from '@vitrin/shared/api/catalog-query';
import { useCallback, useRef, useState } from 'react';
import { Form, useLocation } from 'react-router';
import { useHydrated } from '../account/use-hydrated.ts';
import { useTranslation } from '../i18n/index.ts';
import { keptParams } from '../lib/listing-query.ts';
import { activeFilterCount, FILTERS_ID, ListingFilters } from './listing-filters.tsx';
import { Pagination } from './pagination.tsx';
import { ProductGrid } from './product-card.tsx';
import { useListingForm } from './use-listing-form.ts';

/** The parameter the sort form owns; the rest of the URL (filters, search text) rides along. */
const SORT_PARAMS = ['sort'] as const;

/** Filters (a GET form: works without JavaScript, lives in the URL), sort, result count, grid, pagination. */
export function ProductListing({
  listing,
  query,
  searchable = false,
}: {
  listing: Listing;
  query: ListingQuery;
  /** Search results offer ranking by relevance; other listings do not. */
  searchable?: boolean;
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const sortForm = useListingForm(SORT_PARAMS);
  const hydrated = useHydrated();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const opener = useRef<HTMLAnchorElement>(null);
  // Closing the drawer puts focus back on the button that opened it.
  const closeFilters = useCallback(() => {
    setFiltersOpen(false);
    opener.current?.focus();
  }, []);
  const active = activeFilterCount(query);
  return (
    <div className="flex flex-col gap-8 lg:grid lg:grid-cols-[16rem_1fr]">
      <ListingFilters listing={listing} query={query} open={filtersOpen} onClose={closeFilters} />

      <section aria-labelledby="results-title">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          {/* A heading: on a phone the filters' heading is hidden, and the cards' h3 need an h2 above. */}
          <h2 id="results-title" className="text-sm font-normal text-ink-600" aria-live="polite">
            {t('catalog.results', { count: listing.total })}
          </h2>
          {/* On a phone the filters come after the products: without JavaScript this link leads there. */}
          <a
            ref={opener}
            href={`#${FILTERS_ID}`}
            onClick={(e) => {
              e.preventDefault();
              setFiltersOpen(true);
            }}
            aria-expanded={filtersOpen}
            className="inline-flex items-center gap-2 rounded-lg border border-ink-800 px-3 py-1.5 text-sm font-medium lg:hidden"
            data-testid="open-filters"
          >
            {t('catalog.filter')}
            {active > 0 && (
              <span className="rounded-full bg-clay-700 px-2 text-xs text-white">
                <span aria-hidden="true">{active}</span>
                <span className="sr-only">{t('catalog.activeFilters', { count: active })}</span>
              </span>
            )}
          </a>
          <Form ref={sortForm} method="get" preventScrollReset className="flex items-center gap-2 text-sm">
            {keptParams(search, SORT_PARAMS).map(([k, v]) => (
              <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
            ))}
            <label htmlFor="listing-sort">{t('catalog.sort')}</label>
            <select
              id="listing-sort"
              name="sort"
              defaultValue={query.sort}
              data-value={query.sort}
              className="rounded border border-sand-300 bg-white px-2 py-1.5"
            >
              {LISTING_SORTS.filter((s) => searchable || s !== 'relevance').map((s) => (
                <option key={s} value={s}>
                  {t(`catalog.sorts.${s}`)}
                </option>
              ))}
            </select>
            {/* Without JavaScript the choice is sent by this button; once scripts run, a change sends it. A real
                element, not <noscript>: checkers and browsers with scripts blocked see a form that can be sent. */}
            <button
              type="submit"
              hidden={hydrated}
              className="rounded border border-ink-800 px-2 py-1"
              data-testid="sort-submit"
            >
              {t('catalog.sortSubmit')}
            </button>
          </Form>
        </div>
        {listing.items.length ? (
          <ProductGrid products={listing.items} />
        ) : (
          <p className="rounded-xl border border-sand-200 bg-white p-8 text-center text-ink-700">
            {t('catalog.noResults')}
          </p>
        )}
        <Pagination page={listing.page} pageCount={listing.pageCount} />
      </section>
    </div>
  );
}
