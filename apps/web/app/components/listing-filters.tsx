import type { ProductListing as Listing } from '@vitrin/shared/api/catalog';
import type { ListingQuery } from '@vitrin/shared/api/catalog-query';
import { useEffect, useRef } from 'react';
import { Form, useLocation } from 'react-router';
import { useHydrated } from '../account/use-hydrated.ts';
import { useTranslation } from '../i18n/index.ts';
import { keptParams } from '../lib/listing-query.ts';
import { AppLink } from './app-link.tsx';
import { useListingForm } from './use-listing-form.ts';

function PriceField({ name, label, minor }: { name: string; label: string; minor: number | undefined }) {
  return (
    <label className="flex-1 text-xs text-ink-600">
      {label}
      <input
        name={name}
        inputMode="decimal"
        defaultValue={minor === undefined ? '' : String(minor / 100)}
        className="mt-1 w-full rounded border border-sand-300 px-2 py-1.5 text-sm text-ink-900"
      />
    </label>
  );
}

/** The parameters the filter form owns; the rest of the URL (sort, search text) rides along hidden. */
const FILTER_PARAMS = ['min', 'max', 'stock', 'tag', 'opt'] as const;

/** How many filters are on: the price range counts once. */
export function activeFilterCount(query: ListingQuery): number {
  const price = query.min !== undefined || query.max !== undefined ? 1 : 0;
  return price + (query.stock ? 1 : 0) + query.tag.length + query.opt.length;
}

export const FILTERS_ID = 'listing-filters-panel';

/**
 * The filter panel. Beside the list on wide screens; on a phone a drawer the results' "Filtrele" button
 * opens, and without JavaScript a plain section after the products (that button is then a link to it).
 * With JavaScript every change applies at once, so the "Filtrele" submit button is hidden; it stays in
 * the form for a price field's Enter.
 */
export function ListingFilters({
  listing,
  query,
  open,
  onClose,
}: {
  listing: Listing;
  query: ListingQuery;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const form = useListingForm(FILTER_PARAMS);
  const close = useRef<HTMLButtonElement>(null);
  const chosenOptions = new Set(query.opt);
  const kept = keptParams(search, FILTER_PARAMS);
  useEffect(() => {
    if (!open) return;
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  const drawer = open
    ? 'max-lg:fixed max-lg:inset-0 max-lg:z-50 max-lg:overflow-y-auto max-lg:bg-sand-50 max-lg:p-4'
    : hydrated
      ? 'max-lg:hidden'
      : '';
  return (
    <aside id={FILTERS_ID} aria-labelledby="filters-title" className={`max-lg:order-last ${drawer}`}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="filters-title" className="text-lg font-semibold">
          {t('catalog.filters')}
        </h2>
        {open && (
          <button
            ref={close}
            type="button"
            onClick={onClose}
            className="rounded-lg border border-ink-800 px-3 py-1.5 text-sm font-medium lg:hidden"
          >
            {t('catalog.closeFilters')}
          </button>
        )}
      </div>
      <Form
        ref={form}
        method="get"
        preventScrollReset
        id="listing-filters"
        className="space-y-6 rounded-xl border border-sand-200 bg-white p-4"
      >
        {kept.map(([k, v]) => (
          <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
        ))}
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">{t('catalog.priceRange')}</legend>
          <div className="flex gap-2">
            <PriceField name="min" label={t('catalog.minPrice')} minor={query.min} />
            <PriceField name="max" label={t('catalog.maxPrice')} minor={query.max} />
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
            hidden={hydrated}
            className="rounded-lg bg-clay-700 px-4 py-2 text-sm font-medium text-white hover:bg-clay-800"
          >
            {t('catalog.filter')}
          </button>
          {activeFilterCount(query) > 0 && (
            <AppLink
              to={kept.length ? `${pathname}?${new URLSearchParams(kept)}` : pathname}
              className="text-sm text-clay-700 underline"
            >
              {t('catalog.clearFilters')}
            </AppLink>
          )}
          {open && (
            <button
              type="button"
              onClick={onClose}
              className="rounded-lg bg-clay-700 px-4 py-2 text-sm font-medium text-white lg:hidden"
            >
              {t('catalog.showResults', { count: listing.total })}
            </button>
          )}
        </div>
      </Form>
    </aside>
  );
}
