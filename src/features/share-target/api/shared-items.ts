import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { newTransferSecrets } from '@/lib/crypto/transfer-secrets';
import { enqueueUploads } from '@/lib/upload-engine/client';
import { getShareInbox } from '@/lib/share-inbox/share-inbox';
import type { SharedItemRecord } from '@/lib/share-inbox/shared-item';

const sharedKeys = {
  all: ['shared-items'] as const,
};

/** What other apps shared to this one and was not uploaded or discarded yet, newest first. */
export function sharedItemsQueryOptions() {
  return queryOptions({
    queryKey: sharedKeys.all,
    queryFn: async () => (await getShareInbox().list()).reverse(),
    // Local data only: read it fresh on every visit (the worker may have added a share since).
    staleTime: 0,
    networkMode: 'always',
  });
}

export function useSharedItems() {
  return useQuery(sharedItemsQueryOptions());
}

/** A stored Blob may come back without its name (some engines drop File-ness): make it a File again. */
function toFiles(items: readonly SharedItemRecord[]): File[] {
  return items.flatMap((item) =>
    item.files.map((file) =>
      file.blob instanceof File && file.blob.name === file.name
        ? file.blob
        : new File([file.blob], file.name, { type: file.type }),
    ),
  );
}

/**
 * Hands the shared files to the upload queue (they are stored as jobs before this resolves) and
 * forgets the shares. Resolves with the number of files queued.
 */
export function useUploadShared() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (items: readonly SharedItemRecord[]) => {
      // What was shared in one go is one transfer, with one link, end-to-end encrypted as Home's.
      const refs = await enqueueUploads(toFiles(items), { transfer: { encryption: await newTransferSecrets() } });
      const inbox = getShareInbox();
      await Promise.all(items.map((item) => inbox.delete(item.id)));
      return refs.length;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharedKeys.all }),
    networkMode: 'always',
  });
}

export function useDiscardShared() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (items: readonly SharedItemRecord[]) => {
      const inbox = getShareInbox();
      await Promise.all(items.map((item) => inbox.delete(item.id)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharedKeys.all }),
    networkMode: 'always',
  });
}
