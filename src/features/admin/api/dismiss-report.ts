import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportDismissed } from '@domain/admin-api-types';
import { adminKeys } from '../keys';
import { adminCall } from './admin-client';

/** POST admin/reports/{id}/dismiss: the file stays, the report is closed. */
export function dismissReport(id: string): Promise<ReportDismissed> {
  return adminCall<ReportDismissed>(`reports/${encodeURIComponent(id)}/dismiss`, { method: 'POST' });
}

export function useDismissReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.reports() }),
  });
}
