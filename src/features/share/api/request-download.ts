import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/client';
import { downloadFile } from '@/lib/download-file';
import { shareKeys } from '../keys';

/**
 * The API's answer when the file is gone (expired, deleted, its downloads used up): the page turns
 * into the screen that says which.
 */
export function isGone(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'file_not_found' || error.code === 'file_removed' || error.code === 'download_limit_reached')
  );
}

/**
 * Downloads the file. When the server says it is gone, the share's metadata is fetched again so
 * the page turns into 'File not found' instead of a failure banner.
 */
export function useRequestDownload(shareId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => downloadFile(shareId, document.referrer),
    onError: async (error) => {
      if (isGone(error)) await queryClient.invalidateQueries({ queryKey: shareKeys.detail(shareId) });
    },
  });
}
