import type { ProductListing as Listing, ListingQuery } from '@vitrin/shared/api/catalog';
import { LISTING_SORTS } from '@vitrin/shared/api/catalog';
import { Form, useLocation, useSubmit } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { AppLink } from './app-link.tsx';
import { Pagination } from './pagination.tsx';
import { ProductGrid } from './product-card.tsx';

const lira = (minor: number | undefined) => (minor === undefined ? '' : String(minor / 100));

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
  const { pathname, search } = useLocation();
  const submit = useSubmit();
  const chosenOptions = new Set(query.opt);
  const filtered =
    query.min !== undefined || query.max !== undefined || query.stock || query.tag.length || query.opt.length;
  return (
    <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
      <aside aria-labelledby="filters-title">
        <h2 id="filters-title" className="mb-3 text-lg font-semibold">
          {t('catalog.filters')}
        </h2>
        <Form
          method="get"
          id="listing-filters"
          className="space-y-6 rounded-xl border border-sand-200 bg-white p-4"
        >
          <input type="hidden" name="sort" value={query.sort} />
          <fieldset>
            <legend className="mb-2 text-sm font-semibold">{t('catalog.priceRange')}</legend>
            <div className="flex gap-2">
              <label className="flex-1 text-xs text-ink-600">
                {t('catalog.minPrice')}
                <input
                  name="min"
                  inputMode="decimal"
                  defaultValue={lira(query.min)}
                  className="mt-1 w-full rounded border border-sand-300 px-2 py-1.5 text-sm text-ink-900"
                />
              </label>
              <label className="flex-1 text-xs text-ink-600">
                {t('catalog.maxPrice')}
                <input
                  name="max"
                  inputMode="decimal"
                  defaultValue={lira(query.max)}
                  className="mt-1 w-full rounded border border-sand-300 px-2 py-1.5 text-sm text-ink-900"
                />
              </label>
            </div>
          </fieldset>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="stock" value="1" defaultChecked={query.stock === '1'} />
            {t('catalog.onlyInStock')}
          </label>
          {listing.facets.tags.length > 0 && (
            <fieldset>
              <legend className="mb-2 text-sm font-semibold">{t('catalog.tags')}</legend>
              <ul className="max-h-56 space-y-1 overflow-y-auto text-sm">
                {listing.facets.tags.map((tag) => (
                  <li key={tag.slug}>
                    <label className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        name="tag"
                        value={tag.slug}
                        defaultChecked={query.tag.includes(tag.slug)}
                      />
                      {tag.name} <span className="text-ink-600">({tag.count})</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
          {listing.facets.options.map((group) => (
            <fieldset key={group.name}>
              <legend className="mb-2 text-sm font-semibold">{group.name}</legend>
              <ul className="flex flex-wrap gap-2 text-sm">
                {group.values.map((value) => (
                  <li key={value}>
                    <label className="flex items-center gap-1 rounded border border-sand-300 px-2 py-1">
                      <input
                        type="checkbox"
                        name="opt"
                        value={`${group.name}:${value}`}
                        defaultChecked={chosenOptions.has(`${group.name}:${value}`)}
                      />
                      {value}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="submit"
              className="rounded-lg bg-clay-700 px-4 py-2 text-sm font-medium text-white hover:bg-clay-800"
            >
              {t('catalog.filter')}
            </button>
            {filtered ? (
              <AppLink to={pathname} className="text-sm text-clay-700 underline">
                {t('catalog.clearFilters')}
              </AppLink>
            ) : null}
          </div>
        </Form>
      </aside>

      <section aria-labelledby="results-title">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p id="results-title" className="text-sm text-ink-600" aria-live="polite">
            {t('catalog.results', { count: listing.total })}
          </p>
          <Form
            method="get"
            className="flex items-center gap-2 text-sm"
            onChange={(e) => submit(e.currentTarget)}
          >
            {[...new URLSearchParams(search)]
              .filter(([k]) => k !== 'sort' && k !== 'page')
              .map(([k, v]) => (
                <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
              ))}
            <label htmlFor="listing-sort">{t('catalog.sort')}</label>
            <select
              id="listing-sort"
              name="sort"
              defaultValue={query.sort}
              className="rounded border border-sand-300 bg-white px-2 py-1.5"
            >
              {LISTING_SORTS.filter((s) => searchable || s !== 'relevance').map((s) => (
                <option key={s} value={s}>
                  {t(`catalog.sorts.${s}`)}
                </option>
              ))}
            </select>
            <noscript>
              <button type="submit" className="rounded border border-ink-800 px-2 py-1">
                {t('catalog.sort')}
              </button>
            </noscript>
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
