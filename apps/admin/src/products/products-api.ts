import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductBulkRequest, ProductListAnswer } from '@vitrin/shared/api/admin/products';
import { generatePath, useSearchParams } from 'react-router';
import { ApiError, api } from '../lib/api.ts';
import { LOADED_FRESH_MS } from '../lib/query-client.ts';
import { paths } from '../paths.ts';

export const PRODUCTS_KEY = ['products'] as const;

/** The list's filters as the address holds them (prices in lira as typed: `150,50`). */
export const PRODUCT_FILTERS = [
  'q',
  'categoryId',
  'stock',
  'active',
  'minPrice',
  'maxPrice',
  'sort',
] as const;
export type ProductFilterValues = Record<(typeof PRODUCT_FILTERS)[number], string>;

/** The product's screen in the panel (the editor). */
export const productScreen = (id: number) => generatePath(paths.product, { id: String(id) });

/** Only what is set is sent: the API takes an absent filter as none, not an empty one. */
const onlySet = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));

/** The filters as the address holds them, and the list's query (the screen's hook and the route's loader). */
export function productListQuery(search: URLSearchParams) {
  const filters = Object.fromEntries(
    PRODUCT_FILTERS.map((name) => [name, search.get(name) ?? '']),
  ) as ProductFilterValues;
  const page = Number(search.get('page')) || 1;
  const query = new URLSearchParams(onlySet({ ...filters, page: page === 1 ? '' : String(page) })).toString();
  return {
    filters,
    options: queryOptions({
      queryKey: [...PRODUCTS_KEY, query],
      queryFn: () => api.get<ProductListAnswer>(`/products${query ? `?${query}` : ''}`),
      staleTime: LOADED_FRESH_MS,
    }),
  };
}

/**
 * The products list with its filters, sort and page in the address (a reload or a shared link keeps them).
 * A 400 of the API is `badFilters`, for the form to show on its fields.
 */
export function useProductList() {
  const [search, setSearch] = useSearchParams();
  const { filters, options } = productListQuery(search);
  const list = useQuery({ ...options, placeholderData: keepPreviousData });
  const go = (values: ProductFilterValues, to = 1) =>
    setSearch(onlySet({ ...values, page: to === 1 ? '' : String(to) }));
  const badFilters = list.error instanceof ApiError && list.error.status === 400 ? list.error : undefined;
  return { filters, list, go, badFilters };
}

/** One action on the selected products, all or nothing; the lists are read again after it. */
export function useBulkAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBulkRequest) => api.post<{ changed: number }>('/products/bulk', body),
    onSuccess: () => client.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  });
}
