import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../keys';
import { adminCall } from './admin-client';

/** POST admin/shares/{shareId}/takedown: object and record deleted; the link then says removed. */
export function takeDown(shareId: string, reason?: string): Promise<{ shareId: string; removed: boolean }> {
  return adminCall(`shares/${encodeURIComponent(shareId)}/takedown`, { body: reason ? { reason } : {} });
}

export function useTakeDown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shareId, reason }: { shareId: string; reason?: string }) => takeDown(shareId, reason),
    // Tables, summaries, reports, the dashboard and the bell all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
