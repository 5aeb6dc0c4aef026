import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DownloadsPage, DownloadsQuery } from '@domain/admin-api-types';
import { adminKeys } from '../keys';
import { adminCall, queryString } from './admin-client';

/** GET admin/downloads: the download log, newest first, filtered by file and country. */
export function getDownloads(query: DownloadsQuery, signal?: AbortSignal): Promise<DownloadsPage> {
  return adminCall<DownloadsPage>(`downloads${queryString({ ...query })}`, { signal });
}

export function downloadsQueryOptions(query: DownloadsQuery) {
  return queryOptions({
    queryKey: adminKeys.downloads(query),
    queryFn: ({ signal }) => getDownloads(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDownloads(query: DownloadsQuery) {
  return useQuery(downloadsQueryOptions(query));
}
