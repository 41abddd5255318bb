import type { CompareItemView } from '@vitrin/shared/api/wishlist';
import { type ReactNode, useEffect, useState } from 'react';
import { Form, type ShouldRevalidateFunction, useSearchParams } from 'react-router';
import { accountMeta, NO_STORE } from '../account/meta.ts';
import { useHydrated } from '../account/use-hydrated.ts';
import { AppLink } from '../components/app-link.tsx';
import { BuyOrChoose } from '../components/cart/buy-or-choose.tsx';
import { Price } from '../components/price.tsx';
import { ResponsiveImage } from '../components/responsive-image.tsx';
import { RemoveFromList } from '../components/wishlist/remove-from-list.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { RouteErrorScreen } from '../lib/route-error.tsx';
import { setListIds } from '../lib/wishlist.ts';
import { ListNotice } from '../wishlist/list-notice.tsx';
import { addedNotice, listAction } from '../wishlist/list-page.server.ts';
import type { Route } from './+types/compare';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('compare.title'));

/** One visitor's compare list (a cookie): never stored by a cache. */
export const headers: Route.HeadersFunction = () => NO_STORE;

/** `?fark=1` shows only the rows where the products differ (works without JavaScript too). */
const DIFF_PARAM = 'fark';

export async function loader({ request, context }: Route.LoaderArgs) {
  const compare = await context.wishlist.compare();
  return { compare, added: addedNotice(request, compare.productIds) };
}

/**
 * Plain form posts (also without JavaScript): a product's compare button elsewhere adds, the table's buttons
 * remove; the table is shown again, with the same filter.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const diff = new URL(request.url).searchParams.get(DIFF_PARAM) === '1';
  return listAction(
    request,
    { add: context.wishlist.addToCompare, remove: context.wishlist.removeFromCompare },
    diff ? `/compare?${DIFF_PARAM}=1` : '/compare',
  );
}

/** Switching the filter changes nothing on the server: no new request. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
};

const EMPTY = '—';

interface Row {
  key: string;
  label: string;
  /** Plain text per product, compared to find the differences. */
  values: string[];
  cells?: ReactNode[];
}

function useRows(items: CompareItemView[]): Row[] {
  const { t } = useTranslation();
  const stockText = (i: CompareItemView) =>
    i.stock.state === 'out'
      ? t('catalog.outOfStock')
      : i.stock.state === 'low'
        ? t('catalog.lowStock', { count: i.stock.remaining ?? 0 })
        : t('catalog.inStock');
  const groupNames = [...new Set(items.flatMap((i) => i.optionGroups.map((g) => g.name)))];
  const specKeys = [...new Set(items.flatMap((i) => i.specifications.map((s) => s.key)))];
  return [
    {
      key: 'price',
      label: t('compare.price'),
      values: items.map((i) => String(i.price?.amountMinor ?? '')),
      cells: items.map((i) => <Price key={i.id} price={i.price} />),
    },
    { key: 'vat', label: t('compare.vat'), values: items.map((i) => `%${i.vatRate}`) },
    { key: 'stock', label: t('compare.stock'), values: items.map(stockText) },
    ...groupNames.map((name) => ({
      key: `option:${name}`,
      label: `${t('compare.options')}: ${name}`,
      values: items.map((i) => i.optionGroups.find((g) => g.name === name)?.values.join(', ') || EMPTY),
    })),
    ...specKeys.map((key) => ({
      key: `spec:${key}`,
      label: key,
      values: items.map((i) => i.specifications.find((s) => s.key === key)?.value || EMPTY),
    })),
  ];
}

const isDifferent = (row: Row) => new Set(row.values).size > 1;

function ProductHead({ item }: { item: CompareItemView }) {
  const titleId = `compare-${item.id}-title`;
  return (
    <div className="flex flex-col gap-3">
      <AppLink to={`/product/${item.slug}`} tabIndex={-1} aria-hidden="true">
        <ResponsiveImage
          path={item.image}
          alt=""
          width={200}
          height={200}
          sizes="200px"
          widths={[160, 320, 480]}
          className="aspect-square w-full rounded-lg bg-sand-100 object-cover"
        />
      </AppLink>
      <AppLink
        id={titleId}
        to={`/product/${item.slug}`}
        className="font-semibold text-ink-900 hover:text-clay-700 hover:underline"
      >
        {item.name}
      </AppLink>
    </div>
  );
}

/** A product's buttons: a row of their own, so they line up across products whatever their names' length. */
function ProductActions({ item }: { item: CompareItemView }) {
  const { t } = useTranslation();
  const titleId = `compare-${item.id}-title`;
  const buyable = item.stock.state !== 'out' && item.price !== null;
  return (
    <div className="flex flex-col gap-2">
      {buyable && <BuyOrChoose product={item} describedBy={titleId} />}
      <RemoveFromList productId={item.id} describedBy={titleId} label={t('compare.remove')} />
    </div>
  );
}

/** The filter: a GET form (works without JavaScript); with JavaScript the box applies itself at once. */
function DifferencesToggle({ on }: { on: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [, setSearchParams] = useSearchParams();
  // The box follows the click at once; the URL (and so `on`) follows a moment later.
  const [checked, setChecked] = useState(on);
  useEffect(() => setChecked(on), [on]);
  return (
    <Form method="get" className="flex items-center gap-3" preventScrollReset>
      <label className="inline-flex cursor-pointer items-center gap-2 font-medium text-ink-900">
        <input
          type="checkbox"
          name={DIFF_PARAM}
          value="1"
          checked={checked}
          onChange={(e) => {
            const next = e.currentTarget.checked;
            setChecked(next);
            setSearchParams(next ? { [DIFF_PARAM]: '1' } : {}, { replace: true, preventScrollReset: true });
          }}
          className="h-5 w-5 accent-clay-700"
          data-testid="compare-diff"
        />
        {t('compare.onlyDifferences')}
      </label>
      {!hydrated && (
        <button type="submit" className="rounded-lg border border-ink-800 px-3 py-1.5 text-sm font-medium">
          {t('catalog.filter')}
        </button>
      )}
    </Form>
  );
}

function EmptyCompare({ max }: { max: number }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl border border-sand-200 bg-white p-8 text-center" data-testid="compare-empty">
      <h2 className="text-xl font-semibold text-ink-900">{t('compare.empty')}</h2>
      <p className="mt-2 text-ink-700">{t('compare.emptyText', { max })}</p>
      <AppLink
        to="/"
        className="mt-6 inline-block rounded-lg bg-clay-700 px-5 py-2.5 font-medium text-white hover:bg-clay-800"
      >
        {t('compare.shop')}
      </AppLink>
    </div>
  );
}

const stickyCell = 'sticky left-0 z-10 bg-sand-50 shadow-[1px_0_0_var(--color-sand-200)]';

export default function CompareRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { compare, added } = loaderData;
  const [searchParams] = useSearchParams();
  const onlyDifferences = searchParams.get(DIFF_PARAM) === '1';
  const rows = useRows(compare.items);
  const shown = onlyDifferences ? rows.filter(isDifferent) : rows;
  useEffect(() => setListIds('compare', compare.productIds), [compare.productIds]);

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-semibold text-ink-900">{t('compare.title')}</h1>
      <p className="mt-2 text-ink-700">{t('compare.intro', { max: compare.max })}</p>
      {actionData ? (
        <ListNotice refused message={actionData.message} returnTo={actionData.returnTo} className="mt-6" />
      ) : (
        added && <ListNotice message={t('compare.added')} returnTo={added.returnTo} className="mt-6" />
      )}
      {compare.count === 0 ? (
        <div className="mt-6">
          <EmptyCompare max={compare.max} />
        </div>
      ) : (
        <>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <DifferencesToggle on={onlyDifferences} />
            <p className="text-sm text-ink-600 md:hidden">{t('compare.scrollHint')}</p>
          </div>
          {/* Relative: the screen-reader-only texts in cells (absolutely placed) stay inside the scrolling box
              instead of widening the page on a phone. */}
          <section
            className="relative mt-4 overflow-x-auto rounded-xl border border-sand-200 bg-white"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (the first column stays in view).
            tabIndex={0}
            aria-label={t('compare.caption')}
            data-testid="compare-table"
          >
            {/* Equal columns (fixed layout), so pictures and names line up across products too. */}
            <table
              className="w-full table-fixed border-collapse text-left text-sm"
              style={{ minWidth: `${8 + compare.items.length * 12}rem` }}
            >
              <caption className="sr-only">{t('compare.caption')}</caption>
              <thead>
                <tr className="border-b border-sand-200 align-top">
                  <td className={`${stickyCell} w-32 p-3 text-ink-600`}>
                    <span className="sr-only">{t('compare.feature')}</span>
                  </td>
                  {compare.items.map((item) => (
                    <th key={item.id} scope="col" className="p-3 font-normal" data-testid="compare-column">
                      <ProductHead item={item} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr className="border-b border-sand-200 align-top">
                  <th scope="row" className={`${stickyCell} p-3 font-semibold text-ink-900`}>
                    {t('compare.actions')}
                  </th>
                  {compare.items.map((item) => (
                    <td key={item.id} className="p-3" data-testid="compare-actions">
                      <ProductActions item={item} />
                    </td>
                  ))}
                </tr>
                {shown.map((row) => (
                  <tr key={row.key} className="border-b border-sand-200 last:border-0">
                    <th scope="row" className={`${stickyCell} p-3 font-semibold text-ink-900`}>
                      {row.label}
                    </th>
                    {compare.items.map((item, i) => (
                      <td key={item.id} className="p-3 text-ink-800">
                        {row.cells?.[i] ?? row.values[i]}
                      </td>
                    ))}
                  </tr>
                ))}
                {shown.length === 0 && (
                  <tr>
                    <td colSpan={compare.items.length + 1} className="p-4 text-ink-700">
                      {t('compare.noDifferences')}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </section>
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorScreen />;
}
