import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@domain/api-types';
import { apiClient } from './app-client';

export const settingsKeys = {
  all: ['settings'] as const,
};

/** GET settings: the size limit, the retention, the allowed types, maintenance, the send card's From. */
export function getSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return apiClient.call<PublicSettings>('settings', { signal });
}

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => getSettings(signal),
    // They change when the operator changes them (a limit, maintenance): rare, but a page left
    // open should notice within a minute. The API enforces them whatever the page believes.
    staleTime: 60 * 1000,
  });
}

/** The server's public settings; undefined while they load (or offline). */
export function useSettings(): PublicSettings | undefined {
  return useQuery(settingsQueryOptions()).data;
}
