import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationsDto } from '@domain/admin-api-types';
import { DASHBOARD_REFRESH_MS } from '@domain/constants';
import { adminKeys } from '../keys';
import { adminCall } from './admin-client';

/** GET admin/notifications: new reports and takedowns, when enableNotifications is on. */
export function getNotifications(signal?: AbortSignal): Promise<NotificationsDto> {
  return adminCall<NotificationsDto>('notifications', { signal });
}

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.notifications(),
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
