import { queryOptions } from '@tanstack/react-query';
import type { IceServersDto } from '@domain/api-types';
import { apiClient } from '@/lib/api/app-client';
import { p2pKeys } from '../keys';

/**
 * GET p2p/ice-servers: the STUN servers, and TURN with short-lived credentials when the server has
 * one. Asked at run time so no TURN secret is ever built into the page.
 */
export function getIceServers(signal?: AbortSignal): Promise<IceServersDto> {
  return apiClient.call<IceServersDto>('p2p/ice-servers', { signal });
}

export function iceServersQueryOptions() {
  return queryOptions({
    queryKey: p2pKeys.iceServers(),
    queryFn: ({ signal }) => getIceServers(signal),
    // Each new peer asks again after this, so TURN credentials (hours) are always fresh enough.
    staleTime: 10 * 60_000,
  });
}
