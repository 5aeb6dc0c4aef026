import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSettingsDto } from '@domain/admin-api-types';
import { adminKeys } from '../keys';
import { adminCall } from './admin-client';

/** GET admin/settings: the service's settings as stored. */
export function getAdminSettings(signal?: AbortSignal): Promise<AdminSettingsDto> {
  return adminCall<AdminSettingsDto>('settings', { signal });
}

export function adminSettingsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.settings(), queryFn: ({ signal }) => getAdminSettings(signal) });
}

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}
