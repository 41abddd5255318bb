import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCategoryOption } from '@vitrin/shared/api/admin/categories';
import type { AdminCoupon, CouponInput, CouponUpdate } from '@vitrin/shared/api/admin/coupons';
import { api } from '../lib/api.ts';
import { LOADED_FRESH_MS } from '../lib/query-client.ts';

export const COUPONS_KEY = ['coupons'] as const;

/** The coupons (the screen's hook and the route's loader). */
export const couponsQuery = queryOptions({
  queryKey: COUPONS_KEY,
  queryFn: async () => (await api.get<{ items: AdminCoupon[] }>('/coupons')).items,
  staleTime: LOADED_FRESH_MS,
});

export const useCoupons = () => useQuery(couponsQuery);

/** Adds a coupon (no id) or changes one; the list is read again after it. */
export function useSaveCoupon(id?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: CouponInput | CouponUpdate) =>
      (
        await (id === undefined
          ? api.post<{ coupon: AdminCoupon }>('/coupons', values)
          : api.patch<{ coupon: AdminCoupon }>(`/coupons/${id}`, values))
      ).coupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COUPONS_KEY }),
  });
}

/** The categories a coupon may be limited to, for the form's picker. */
export function useCategoryOptions() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: async () => (await api.get<{ items: AdminCategoryOption[] }>('/categories')).items,
    staleTime: 60_000,
  });
}
