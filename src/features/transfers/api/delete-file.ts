import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/supabase';
import type { FileDto } from '@domain/api-types';
import { forgetOwnedFile, getOwnerToken } from '@/lib/upload-engine/store';
import { transfersKeys } from '../keys';

/** SPEC §4: deleting a file this device holds no record of. */
export const NOT_IN_LOCAL_LIST_MESSAGE = 'File not found in local list';

/**
 * DELETE shares/{shareId} with this device's owner token, then forgets the owner record. A file the
 * server no longer has (404) counts as deleted: the person wanted it gone, and it is.
 */
export async function deleteFile(shareId: string, signal?: AbortSignal): Promise<void> {
  const ownerToken = await getOwnerToken(shareId);
  if (ownerToken === undefined) throw new Error(NOT_IN_LOCAL_LIST_MESSAGE);
  try {
    await callApi<void>(`shares/${encodeURIComponent(shareId)}`, {
      method: 'DELETE',
      headers: { 'x-owner-token': ownerToken },
      signal,
    });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  await forgetOwnedFile(shareId);
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => deleteFile(shareId),
    onSuccess: async (_result, shareId) => {
      // The row goes at once; the refetch then confirms against the server.
      queryClient.setQueryData<FileDto[]>(transfersKeys.list(), (files) =>
        files?.filter((file) => file.shareId !== shareId),
      );
      await queryClient.invalidateQueries({ queryKey: transfersKeys.all });
    },
  });
}
