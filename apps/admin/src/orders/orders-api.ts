import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail, AdminOrderList } from '@vitrin/shared/api/admin/orders';
import { api } from '../lib/api.ts';
import { LOADED_FRESH_MS } from '../lib/query-client.ts';
import { paths } from '../paths.ts';
import { addressListQuery } from '../ui/address-list.ts';

export const ORDER_FILTERS = ['q', 'status', 'paymentMethod', 'channel', 'from', 'to'] as const;
export type OrderFilterValues = Record<(typeof ORDER_FILTERS)[number], string>;
/** The orders list of the address' filters and page (the screen's hook and the route's loader). */
export const orderListQuery = (search: URLSearchParams) =>
  addressListQuery<(typeof ORDER_FILTERS)[number], AdminOrderList>('orders', ORDER_FILTERS, search);

export const orderKey = (orderNo: string) => ['order', orderNo] as const;
/** The order's admin API path, and its screen in the panel. */
export const orderPath = (orderNo: string) => `/orders/${encodeURIComponent(orderNo)}`;
export const orderScreen = (orderNo: string) => paths.order.replace(':number', encodeURIComponent(orderNo));
export const orderQuery = (orderNo: string) =>
  queryOptions({
    queryKey: orderKey(orderNo),
    queryFn: () => api.get<AdminOrderDetail>(orderPath(orderNo)),
    staleTime: LOADED_FRESH_MS,
  });

/** A write on one order whose answer is the order again: the detail is replaced and the lists read again. */
export function useOrderWrite<B>(orderNo: string, path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.post<AdminOrderDetail>(`${orderPath(orderNo)}/${path}`, body),
    onSuccess: (detail) => {
      client.setQueryData(orderKey(orderNo), detail);
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
