import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail } from '@vitrin/shared/api/admin/orders';
import { api } from '../lib/api.ts';
import { paths } from '../paths.ts';

export const orderKey = (orderNo: string) => ['order', orderNo] as const;
/** The order's admin API path, and its screen in the panel. */
export const orderPath = (orderNo: string) => `/orders/${encodeURIComponent(orderNo)}`;
export const orderScreen = (orderNo: string) => paths.order.replace(':number', encodeURIComponent(orderNo));

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
