import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UploadsSummaryDto } from '@domain/admin-api-types';
import { adminKeys } from '../keys';
import { adminCall } from './admin-client';

/** GET admin/uploads/summary: total files, expiring soon, total size and downloads of every stored file. */
export function getUploadsSummary(signal?: AbortSignal): Promise<UploadsSummaryDto> {
  return adminCall<UploadsSummaryDto>('uploads/summary', { signal });
}

export function uploadsSummaryQueryOptions() {
  return queryOptions({ queryKey: adminKeys.uploadsSummary(), queryFn: ({ signal }) => getUploadsSummary(signal) });
}

export function useUploadsSummary() {
  return useQuery(uploadsSummaryQueryOptions());
}
