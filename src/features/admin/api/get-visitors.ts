import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf, VisitorDto, VisitorsQuery } from '@domain/admin-api-types';
import { adminKeys } from '../keys';
import { adminCall, queryString } from './admin-client';

/** GET admin/visitors: hashed visitor ids with their uploads and downloads (there are no accounts). */
export function getVisitors(page: number, signal?: AbortSignal): Promise<PageOf<VisitorDto>> {
  const query: VisitorsQuery = { page };
  return adminCall<PageOf<VisitorDto>>(`visitors${queryString({ ...query })}`, { signal });
}

export function visitorsQueryOptions(page: number) {
  return queryOptions({
    queryKey: adminKeys.visitors(page),
    queryFn: ({ signal }) => getVisitors(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useVisitors(page: number) {
  return useQuery(visitorsQueryOptions(page));
}
