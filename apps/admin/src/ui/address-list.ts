import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ApiError, api } from '../lib/api.ts';
import { LOADED_FRESH_MS } from '../lib/query-client.ts';

/** The filters as the address holds them, and the list's query (the route's loader fetches the same). */
export function addressListQuery<N extends string, Answer>(
  resource: string,
  names: readonly N[],
  search: URLSearchParams,
) {
  const filters = Object.fromEntries(names.map((name) => [name, search.get(name) ?? ''])) as Record<
    N,
    string
  >;
  const page = Number(search.get('page')) || 1;
  const query = new URLSearchParams({ ...filters, page: String(page) }).toString();
  return {
    filters,
    options: queryOptions({
      queryKey: [resource, query],
      queryFn: () => api.get<Answer>(`/${resource}?${query}`),
      staleTime: LOADED_FRESH_MS,
    }),
  };
}

/**
 * A list of the API whose filters and page live in the address, so a filtered page can be shared and gone
 * back to: the filters as the address has them, the API's answer, and `go` to other filters or another page.
 * A 400 of the API (filters it refuses) is `badFilters`, for the filter form to show on its fields.
 */
export function useAddressList<N extends string, Answer>(
  /** The API's list under /api/admin, also the first part of its query key ('orders'). */
  resource: string,
  names: readonly N[],
) {
  const [search, setSearch] = useSearchParams();
  const { filters, options } = addressListQuery<N, Answer>(resource, names, search);
  const list = useQuery({ ...options, placeholderData: keepPreviousData });
  const go = (values: Record<N, string>, to = 1) =>
    setSearch(
      Object.fromEntries(
        Object.entries<string>({ ...values, page: to === 1 ? '' : String(to) }).filter(
          ([, value]) => value !== '',
        ),
      ),
    );
  const badFilters = list.error instanceof ApiError && list.error.status === 400 ? list.error : undefined;
  return { filters, list, go, badFilters };
}
