import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemLogsPage, SystemLogsQuery } from '@domain/admin-api-types';
import { adminKeys } from '../keys';
import { adminCall, queryString } from './admin-client';

/** GET admin/system/logs: the system log, newest first, filterable by event type. */
export function getSystemLogs(type: string, page: number, signal?: AbortSignal): Promise<SystemLogsPage> {
  const query: SystemLogsQuery = { type, page };
  return adminCall<SystemLogsPage>(`system/logs${queryString({ ...query })}`, { signal });
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
