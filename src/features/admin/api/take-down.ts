import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TakedownRequest, TakedownResult } from '@domain/admin-api-types';
import { adminKeys } from '../keys';
import { adminCall } from './admin-client';

/** POST admin/shares/{shareId}/takedown: object and record deleted; the link then says removed. */
export function takeDown(shareId: string, reason?: string): Promise<TakedownResult> {
  const body: TakedownRequest = reason ? { reason } : {};
  return adminCall<TakedownResult>(`shares/${encodeURIComponent(shareId)}/takedown`, { body });
}

export function useTakeDown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shareId, reason }: { shareId: string; reason?: string }) => takeDown(shareId, reason),
    // Tables, summaries, reports, the dashboard and the bell all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
