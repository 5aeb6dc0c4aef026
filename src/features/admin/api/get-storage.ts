import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorageDto } from '@domain/admin-api-types';
import { adminKeys } from '../keys';
import { adminCall } from './admin-client';

/** GET admin/storage: bytes and objects stored, unfinished uploads, the largest files. */
export function getStorage(signal?: AbortSignal): Promise<StorageDto> {
  return adminCall<StorageDto>('storage', { signal });
}

export function storageQueryOptions() {
  return queryOptions({ queryKey: adminKeys.storage(), queryFn: ({ signal }) => getStorage(signal) });
}

export function useStorage() {
  return useQuery(storageQueryOptions());
}
