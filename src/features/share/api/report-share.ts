import { useMutation } from '@tanstack/react-query';
import type { ReportCreated, ReportRequest } from '@domain/api-types';
import { apiClient } from '@/lib/api/app-client';

/** POST shares/{shareId}/report: 201 { id }; 429 rate_limited; 404/410 when the file is gone. */
export function reportShare(shareId: string, report: ReportRequest): Promise<ReportCreated> {
  return apiClient.call<ReportCreated>(`shares/${encodeURIComponent(shareId)}/report`, { body: report });
}

export function useReportShare(shareId: string) {
  return useMutation({ mutationFn: (report: ReportRequest) => reportShare(shareId, report) });
}
