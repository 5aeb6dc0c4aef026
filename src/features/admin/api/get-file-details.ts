import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminShareDetailsDto } from '@domain/admin-api-types';
import { adminKeys } from '../keys';
import { adminCall } from './admin-client';

/** GET admin/shares/{shareId}: a file with its latest downloads, or a transfer with its files; and their reports. */
export function getFileDetails(shareId: string, signal?: AbortSignal): Promise<AdminShareDetailsDto> {
  return adminCall<AdminShareDetailsDto>(`shares/${encodeURIComponent(shareId)}`, { signal });
}

export function fileDetailsQueryOptions(shareId: string) {
  return queryOptions({ queryKey: adminKeys.file(shareId), queryFn: ({ signal }) => getFileDetails(shareId, signal) });
}

export function useFileDetails(shareId: string | null) {
  return useQuery({ ...fileDetailsQueryOptions(shareId ?? ''), enabled: shareId !== null });
}
