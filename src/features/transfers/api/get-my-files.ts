import { queryOptions, useQuery } from '@tanstack/react-query';
import { DAY_MS, FILE_LIST_LIMIT } from '@domain/constants';
import type { FileDto, LookupRequest, OwnedFiles } from '@domain/api-types';
import { apiClient } from '@/lib/api/app-client';
import { forgetOwnedFile, listOwnedFiles } from '@/lib/upload-engine/owned-files';
import { transfersKeys } from '../keys';

/**
 * This device's files, newest first: POST files/lookup with the owner records the upload engine
 * kept. The server leaves out files that are gone (expired, deleted); their records are forgotten
 * here, so the list never shows a dead link and the store does not grow forever.
 */
export async function getMyFiles(signal?: AbortSignal): Promise<FileDto[]> {
  const owned = (await listOwnedFiles()).slice(0, FILE_LIST_LIMIT);
  if (owned.length === 0) return [];
  const { files } = await apiClient.call<OwnedFiles>('files/lookup', {
    body: { items: owned.map(({ shareId, ownerToken }) => ({ shareId, ownerToken })) } satisfies LookupRequest,
    signal,
  });
  const present = new Set(files.map((file) => file.shareId));
  await Promise.all(owned.filter((record) => !present.has(record.shareId)).map((r) => forgetOwnedFile(r.shareId)));
  return files;
}

export function myFilesQueryOptions() {
  return queryOptions({
    queryKey: transfersKeys.list(),
    queryFn: ({ signal }) => getMyFiles(signal),
    // Uploads finish on Home, in other tabs and in the service worker, none of which can tell this
    // query; the list is one small request, so every visit asks again.
    staleTime: 0,
    // Kept (and saved to IndexedDB) long after the screen closes, so Transfers opens with the last
    // known list offline; see persist-transfers.ts.
    gcTime: DAY_MS,
  });
}

export function useMyFiles() {
  return useQuery(myFilesQueryOptions());
}
