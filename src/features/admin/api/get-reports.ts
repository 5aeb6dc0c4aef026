import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf, ReportDto, ReportsQuery } from '@domain/admin-api-types';
import { adminKeys } from '../keys';
import { adminCall, queryString } from './admin-client';

/** GET admin/reports: reports of files, newest first, by status. */
export function getReports(query: ReportsQuery, signal?: AbortSignal): Promise<PageOf<ReportDto>> {
  return adminCall<PageOf<ReportDto>>(`reports${queryString({ ...query })}`, { signal });
}

export function reportsQueryOptions(query: ReportsQuery) {
  return queryOptions({
    queryKey: adminKeys.reportsList(query),
    queryFn: ({ signal }) => getReports(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReports(query: ReportsQuery) {
  return useQuery(reportsQueryOptions(query));
}
