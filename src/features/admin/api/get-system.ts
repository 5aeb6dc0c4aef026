import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemDto } from '@domain/admin-api-types';
import { adminKeys } from '../keys';
import { adminCall } from './admin-client';

/** GET admin/system: health of the database, storage, mail and peer server, version, last sweep. */
export function getSystem(signal?: AbortSignal): Promise<SystemDto> {
  return adminCall<SystemDto>('system', { signal });
}

export function systemQueryOptions() {
  return queryOptions({ queryKey: adminKeys.system(), queryFn: ({ signal }) => getSystem(signal) });
}

export function useSystem() {
  return useQuery(systemQueryOptions());
}
