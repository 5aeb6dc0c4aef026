import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OWNER_TOKEN_HEADER } from '@domain/api-types';
import { apiClient } from '@/lib/api/app-client';
import { ApiError } from '@/lib/api/client';
import { localFailure } from '@/lib/api/failure';
import { findOwnedTransfer } from '@/lib/upload-engine/owned-transfers';
import { transfersKeys } from '../keys';
import { forgetTransfer, type MyTransfers } from './get-my-files';

/**
 * DELETE shares/{shareId} of a transfer with this device's owner token of it: the server deletes
 * the transfer and every file in it. Then the device forgets it. A transfer the server no longer
 * has counts as deleted: the person wanted it gone, and it is.
 */
export async function deleteTransfer(shareId: string, signal?: AbortSignal): Promise<void> {
  const record = await findOwnedTransfer(shareId);
  if (record?.ownerToken == null) throw localFailure('owner_token_missing', 'Transfer not found in local list');
  try {
    await apiClient.call<void>(`shares/${encodeURIComponent(shareId)}`, {
      method: 'DELETE',
      headers: { [OWNER_TOKEN_HEADER]: record.ownerToken },
      signal,
    });
  } catch (error) {
    if (!(error instanceof ApiError && (error.code === 'file_not_found' || error.code === 'transfer_not_found'))) {
      throw error;
    }
  }
  await forgetTransfer(record.id);
}

export function useDeleteTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => deleteTransfer(shareId),
    onSuccess: async (_result, shareId) => {
      // The group goes at once; the refetch then confirms against the server.
      queryClient.setQueryData<MyTransfers>(transfersKeys.list(), (list) =>
        list === undefined ? list : { ...list, transfers: list.transfers.filter((each) => each.shareId !== shareId) },
      );
      await queryClient.invalidateQueries({ queryKey: transfersKeys.all });
    },
  });
}
