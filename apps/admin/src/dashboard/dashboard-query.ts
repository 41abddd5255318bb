import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardAnswer } from '@vitrin/shared/api/admin/dashboard';
import { api } from '../lib/api.ts';

/**
 * How often the dashboard asks again while it is open (and at once when the tab comes back): new orders
 * and tickets show without a reload. docs/decisions/011-dashboard-polling.md says why this is polling and not server-sent events.
 */
export const DASHBOARD_REFRESH_MS = 10_000;

/** The dashboard's figures: what the home route's loader fetches beside the screen's code, and the screen reads. */
export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: () => api.get<DashboardAnswer>('/dashboard'),
  // What the loader fetched a moment ago is not asked again as the screen mounts.
  staleTime: DASHBOARD_REFRESH_MS / 2,
});

export const useDashboard = () =>
  useQuery({ ...dashboardQuery, refetchInterval: DASHBOARD_REFRESH_MS, refetchOnWindowFocus: true });
