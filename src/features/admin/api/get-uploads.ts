import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminFileDto, PageOf, UploadsQuery } from '@domain/admin-api-types';
import { adminKeys } from '../keys';
import { adminCall, queryString } from './admin-client';

/** GET admin/uploads: one page of stored files, searched, filtered and sorted by the server. */
export function getUploads(query: UploadsQuery, signal?: AbortSignal): Promise<PageOf<AdminFileDto>> {
  return adminCall<PageOf<AdminFileDto>>(`uploads${queryString({ ...query })}`, { signal });
}

export function uploadsQueryOptions(query: UploadsQuery) {
  return queryOptions({
    queryKey: adminKeys.uploadsList(query),
    queryFn: ({ signal }) => getUploads(query, signal),
    // The table keeps showing the last page while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useUploads(query: UploadsQuery) {
  return useQuery(uploadsQueryOptions(query));
}
