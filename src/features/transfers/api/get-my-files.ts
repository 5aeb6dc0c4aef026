import { queryOptions, useQuery } from '@tanstack/react-query';
import { DAY_MS, LOOKUP_MAX_ITEMS } from '@domain/constants';
import type { FileDto, LookupRequest, OwnedFiles, OwnedItem, OwnedTransferDto } from '@domain/api-types';
import { apiClient } from '@/lib/api/app-client';
import { forgetOwnedFile, listOwnedFiles } from '@/lib/upload-engine/owned-files';
import { forgetOwnedTransfer, listOwnedTransfers } from '@/lib/upload-engine/owned-transfers';
import { UNFINISHED_STATES } from '@/lib/upload-engine/protocol';
import { getUploadStore } from '@/lib/upload-engine/store';
import { transfersKeys } from '../keys';

/** This device's transfers and its files outside any, as the server has them, newest first. */
export interface MyTransfers {
  transfers: OwnedTransferDto[];
  files: FileDto[];
  /** The device's transfer ids by share id: an upload under way knows only the former. */
  localIds: Record<string, string>;
}

export const NO_TRANSFERS: MyTransfers = { transfers: [], files: [], localIds: {} };

/**
 * This device's transfers and files: POST files/lookup with the owner tokens the upload engine
 * kept, a transfer's token standing for all its files. The server leaves out what is gone (expired,
 * deleted); its records are forgotten here, so the list never shows a dead link and the store does
 * not grow forever. A file or transfer an admin took down stays, flagged.
 */
export async function getMyFiles(signal?: AbortSignal): Promise<MyTransfers> {
  const transfers = (await listOwnedTransfers()).filter((record) => record.shareId !== null);
  const held = new Set(transfers.map((record) => record.id));
  // A file of a transfer this device holds is listed under it: no slot of its own.
  const files = (await listOwnedFiles()).filter(
    (record) => record.transferId === undefined || !held.has(record.transferId),
  );
  const items: (OwnedItem & { forget: () => Promise<void> })[] = [
    ...transfers.map((record) => ({
      shareId: record.shareId ?? '',
      ownerToken: record.ownerToken ?? '',
      forget: () => forgetTransfer(record.id),
    })),
    ...files.map((record) => ({ ...record, forget: () => forgetOwnedFile(record.shareId) })),
  ]
    .filter((item) => item.ownerToken !== '')
    .slice(0, LOOKUP_MAX_ITEMS);
  if (items.length === 0) return NO_TRANSFERS;
  const answer = await apiClient.call<OwnedFiles>('files/lookup', {
    body: { items: items.map(({ shareId, ownerToken }) => ({ shareId, ownerToken })) } satisfies LookupRequest,
    signal,
  });
  const present = new Set([...answer.files, ...answer.transfers].map((each) => each.shareId));
  // A transfer whose first file is still on its way may not be listed yet: its jobs need it.
  const jobs = await getUploadStore().list();
  const needed = new Set(jobs.filter((job) => UNFINISHED_STATES.has(job.state)).map((job) => job.transfer?.id));
  const gone = items.filter((item) => !present.has(item.shareId) && !needed.has(localIdOf(transfers, item.shareId)));
  await Promise.all(gone.map((item) => item.forget()));
  const localIds = Object.fromEntries(transfers.map((record) => [record.shareId ?? '', record.id]));
  return { transfers: answer.transfers ?? [], files: answer.files, localIds };
}

function localIdOf(records: readonly { id: string; shareId: string | null }[], shareId: string): string | undefined {
  return records.find((record) => record.shareId === shareId)?.id;
}

/** Forgets a transfer that is gone, and the owner records of its files with it. */
export async function forgetTransfer(id: string): Promise<void> {
  const files = (await listOwnedFiles()).filter((record) => record.transferId === id);
  await Promise.all(files.map((record) => forgetOwnedFile(record.shareId)));
  await forgetOwnedTransfer(id);
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
