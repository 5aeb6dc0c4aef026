import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardDto } from '@domain/admin-api-types';
import { DASHBOARD_REFRESH_MS } from '@domain/constants';
import { adminKeys } from '../keys';
import { adminCall } from './admin-client';

/** GET admin/dashboard: the server first brings today's daily analytics up to date (docs/product.md §7). */
export function getDashboard(signal?: AbortSignal): Promise<DashboardDto> {
  return adminCall<DashboardDto>('dashboard', { signal });
}

export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => getDashboard(signal),
    // docs/product.md §4: on load and every 30 s.
    refetchInterval: DASHBOARD_REFRESH_MS,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
