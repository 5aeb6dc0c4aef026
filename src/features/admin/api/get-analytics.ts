import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsDto, AnalyticsPeriod } from '@domain/admin-api-types';
import { DASHBOARD_REFRESH_MS } from '@domain/constants';
import { adminKeys } from '../keys';
import { adminCall } from './admin-client';

/** GET admin/analytics?days=: the daily figures, today's brought up to date first. */
export function getAnalytics(days: AnalyticsPeriod, signal?: AbortSignal): Promise<AnalyticsDto> {
  return adminCall<AnalyticsDto>(`analytics?days=${days}`, { signal });
}

export function analyticsQueryOptions(days: AnalyticsPeriod) {
  return queryOptions({
    queryKey: adminKeys.analytics(days),
    queryFn: ({ signal }) => getAnalytics(days, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(days: AnalyticsPeriod) {
  return useQuery(analyticsQueryOptions(days));
}
