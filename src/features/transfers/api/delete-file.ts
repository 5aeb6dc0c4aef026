import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OWNER_TOKEN_HEADER } from '@domain/api-types';
import { apiClient } from '@/lib/api/app-client';
import { ApiError } from '@/lib/api/client';
import { localFailure } from '@/lib/api/failure';
import { forgetOwnedFile, getOwnerToken } from '@/lib/upload-engine/owned-files';
import { transfersKeys } from '../keys';
import type { MyTransfers } from './get-my-files';

/**
 * DELETE shares/{shareId} with this device's owner token, then forgets the owner record. A file the
 * server no longer has counts as deleted: the person wanted it gone, and it is. A file this device
 * holds no record of fails with owner_token_missing (docs/product.md §4: 'File not found in local list').
 */
export async function deleteFile(shareId: string, signal?: AbortSignal): Promise<void> {
  const ownerToken = await getOwnerToken(shareId);
  if (ownerToken === undefined) throw localFailure('owner_token_missing', 'File not found in local list');
  try {
    await apiClient.call<void>(`shares/${encodeURIComponent(shareId)}`, {
      method: 'DELETE',
      headers: { [OWNER_TOKEN_HEADER]: ownerToken },
      signal,
    });
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'file_not_found')) throw error;
  }
  await forgetOwnedFile(shareId);
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => deleteFile(shareId),
    onSuccess: async (_result, shareId) => {
      // The row goes at once; the refetch then confirms against the server.
      queryClient.setQueryData<MyTransfers>(transfersKeys.list(), (list) =>
        list === undefined
          ? list
          : {
              ...list,
              files: list.files.filter((file) => file.shareId !== shareId),
              transfers: list.transfers.map((transfer) => ({
                ...transfer,
                files: transfer.files.filter((file) => file.shareId !== shareId),
              })),
            },
      );
      await queryClient.invalidateQueries({ queryKey: transfersKeys.all });
    },
  });
}
