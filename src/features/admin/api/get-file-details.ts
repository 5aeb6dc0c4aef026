import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminFileDetailsDto } from '@domain/admin-api-types';
import { adminKeys } from '../keys';
import { adminCall } from './admin-client';

/** GET admin/shares/{shareId}: the file, its latest downloads and its reports. */
export function getFileDetails(shareId: string, signal?: AbortSignal): Promise<AdminFileDetailsDto> {
  return adminCall<AdminFileDetailsDto>(`shares/${encodeURIComponent(shareId)}`, { signal });
}

export function fileDetailsQueryOptions(shareId: string) {
  return queryOptions({ queryKey: adminKeys.file(shareId), queryFn: ({ signal }) => getFileDetails(shareId, signal) });
}

export function useFileDetails(shareId: string | null) {
  return useQuery({ ...fileDetailsQueryOptions(shareId ?? ''), enabled: shareId !== null });
}
