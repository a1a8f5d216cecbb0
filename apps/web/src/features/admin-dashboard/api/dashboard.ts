import { type Dashboard, type DashboardPeriod, dashboardSchema } from '@shop/contract/dashboard';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const DASHBOARD_KEY = ['staff-dashboard'] as const;

/** `GET /admin/dashboard/` (staff): the figures of a period and the pending work. */
export function dashboardQuery(period: DashboardPeriod) {
  return queryOptions<Dashboard>({
    queryKey: [...DASHBOARD_KEY, period] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/dashboard/', { query: { period }, schema: dashboardSchema, signal, toast: false }),
    // Orders and payments arrive all day: the figures are read again every minute.
    refetchInterval: 60_000,
  });
}

export function useDashboard(period: DashboardPeriod, enabled: boolean) {
  return useQuery({ ...dashboardQuery(period), placeholderData: keepPreviousData, enabled });
}
