import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
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

/**
 * For a route's loader: the screen's first render already shows the server's limits. Rendered
 * before they arrive, it showed the built-in ones, then rendered again when they came (a task of
 * about 100 ms after the first paint at Lighthouse's 4x slowed CPU). One try: offline or failing,
 * the screen renders at once with the built-in ones, and its own query tries again.
 */
export async function preloadSettings(queryClient: QueryClient): Promise<void> {
  await queryClient.ensureQueryData({ ...settingsQueryOptions(), retry: false }).catch(() => undefined);
}
