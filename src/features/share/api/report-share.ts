import { useMutation } from '@tanstack/react-query';
import type { ReportReason } from '@domain/api-types';
import { apiClient } from '@/lib/api/app-client';

export interface ShareReport {
  reason: ReportReason;
  text?: string;
}

/** POST shares/{shareId}/report: 201 { id }; 429 rate_limited; 404/410 when the file is gone. */
export function reportShare(shareId: string, report: ShareReport): Promise<{ id: string }> {
  return apiClient.call<{ id: string }>(`shares/${encodeURIComponent(shareId)}/report`, { body: report });
}

export function useReportShare(shareId: string) {
  return useMutation({ mutationFn: (report: ShareReport) => reportShare(shareId, report) });
}
