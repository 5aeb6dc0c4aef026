import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPageDto, AdminPagesDto } from '@domain/admin-api-types';
import { adminKeys } from '../keys';
import { adminCall } from './admin-client';

/** GET admin/pages: home, about and how-it-works in English and Turkish, drafts included. */
export async function getAdminPages(signal?: AbortSignal): Promise<AdminPageDto[]> {
  return (await adminCall<AdminPagesDto>('pages', { signal })).pages;
}

export function adminPagesQueryOptions() {
  return queryOptions({ queryKey: adminKeys.pages(), queryFn: ({ signal }) => getAdminPages(signal) });
}

export function useAdminPages() {
  return useQuery(adminPagesQueryOptions());
}
