import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminProduct,
  ProductRequest,
  StockAdjustRequest,
  StockMovement,
} from '@vitrin/shared/api/admin/products';
import { api } from '../lib/api.ts';
import { LOADED_FRESH_MS } from '../lib/query-client.ts';
import { PRODUCTS_KEY } from './products-api.ts';

/** One product's queries (the form's product, its stock history) sit under the list's key. */
export const productKey = (id: number) => [...PRODUCTS_KEY, 'product', id] as const;

/** The stored product the editor opens (the screen's hook and the route's loader). */
export const productQuery = (id: number) =>
  queryOptions({
    queryKey: productKey(id),
    queryFn: async () => (await api.get<{ product: AdminProduct }>(`/products/${id}`)).product,
    staleTime: LOADED_FRESH_MS,
  });

export function useProduct(id: number | undefined) {
  return useQuery({ ...productQuery(id ?? 0), enabled: id !== undefined });
}

/** Adds a product (no id) or saves the whole form of one; the lists are read again after it. */
export function useSaveProduct(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: ProductRequest) =>
      (
        await (id === undefined
          ? api.post<{ product: AdminProduct }>('/products', request)
          : api.put<{ product: AdminProduct }>(`/products/${id}`, request))
      ).product,
    onSuccess: async (product) => {
      client.setQueryData(productKey(product.id), product);
      await client.invalidateQueries({ queryKey: PRODUCTS_KEY, refetchType: 'none' });
    },
  });
}

export interface StockHistoryAnswer {
  items: StockMovement[];
  page: number;
  pageCount: number;
  total: number;
}

export function useStockHistory(id: number, page: number) {
  return useQuery({
    queryKey: [...productKey(id), 'stock-history', page],
    queryFn: () => api.get<StockHistoryAnswer>(`/products/${id}/stock-history?page=${page}`),
    placeholderData: keepPreviousData,
  });
}

/** One stock adjustment; the product (its stock) and its history are read again after it. */
export function useAdjustStock(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: StockAdjustRequest) =>
      (await api.post<{ movement: StockMovement }>(`/products/${id}/stock`, body)).movement,
    onSuccess: () => client.invalidateQueries({ queryKey: productKey(id) }),
  });
}
