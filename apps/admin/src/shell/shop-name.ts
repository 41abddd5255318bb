import { useQuery } from '@tanstack/react-query';
import type { HomeData } from '@vitrin/shared/api/home';

/** The shop's name as its storefront shows it (a public answer, outside /api/admin). */
export function useShopName() {
  const { data } = useQuery({
    queryKey: ['shop-name'],
    queryFn: async () => {
      const response = await fetch('/api/front/home');
      if (!response.ok) return '';
      return ((await response.json()) as HomeData).global_setting.brand_name;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ?? '';
}
