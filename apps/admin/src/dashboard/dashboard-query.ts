import { useQuery } from '@tanstack/react-query';
import type { DashboardAnswer } from '@vitrin/shared/api/admin/dashboard';
import { api } from '../lib/api.ts';

/**
 * How often the dashboard asks again while it is open (and at once when the tab comes back): new orders
 * and tickets show without a reload. ARCHITECTURE says why this is polling and not server-sent events.
 */
export const DASHBOARD_REFRESH_MS = 10_000;

export const useDashboard = () =>
  useQuery({
    queryKey: ['dashboard'],
    queryFn: () => api.get<DashboardAnswer>('/dashboard'),
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
