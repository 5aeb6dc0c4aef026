import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf, SystemLogDto } from '@domain/api-types';
import { adminKeys } from '../keys';
import { adminCall, queryString } from './admin-client';

export type SystemLogsPage = PageOf<SystemLogDto> & { eventTypes: string[] };

/** GET admin/system/logs: the system log, newest first, filterable by event type. */
export function getSystemLogs(type: string, page: number, signal?: AbortSignal): Promise<SystemLogsPage> {
  return adminCall<SystemLogsPage>(`system/logs${queryString({ type, page })}`, { signal });
}

export function systemLogsQueryOptions(type: string, page: number) {
  return queryOptions({
    queryKey: adminKeys.systemLogs(type, page),
    queryFn: ({ signal }) => getSystemLogs(type, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSystemLogs(type: string, page: number) {
  return useQuery(systemLogsQueryOptions(type, page));
}
