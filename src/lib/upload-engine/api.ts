// The calls the upload engine makes to the API, through the one API client (the engine's tests
// hand it a client whose fetch is the real API handler). Shapes and limits: @domain/api-types.

import {
  OWNER_TOKEN_HEADER,
  type CompleteUploadRequest,
  type CreatedTransfer,
  type CreateTransferRequest,
  type CreateUploadRequest,
  type CreatedUpload,
  type FileDto,
  type FinishedPart,
  type SignedParts,
  type SignPartsRequest,
  type StoredPart,
  type StoredParts,
} from '@domain/api-types';
import type { ApiClient } from '@/lib/api/client';

export interface UploadApi {
  createTransfer(transfer: CreateTransferRequest, signal?: AbortSignal): Promise<CreatedTransfer>;
  createUpload(file: CreateUploadRequest, signal?: AbortSignal): Promise<CreatedUpload>;
  signParts(fileId: string, ownerToken: string, partNumbers: number[], signal?: AbortSignal): Promise<SignedParts>;
  completeUpload(fileId: string, ownerToken: string, parts: FinishedPart[], signal?: AbortSignal): Promise<FileDto>;
  abortUpload(fileId: string, ownerToken: string, signal?: AbortSignal): Promise<void>;
  /** The parts the bucket already holds (GET uploads/{id}/parts), with their sizes. */
  listParts(fileId: string, ownerToken: string, signal?: AbortSignal): Promise<StoredPart[]>;
}

export function createUploadApi(client: ApiClient): UploadApi {
  const upload = (fileId: string, what: string) => `uploads/${encodeURIComponent(fileId)}/${what}`;
  const owner = (ownerToken: string) => ({ [OWNER_TOKEN_HEADER]: ownerToken });
  return {
    createTransfer: (transfer, signal) =>
      client.call<CreatedTransfer>('transfers', { body: transfer satisfies CreateTransferRequest, signal }),
    createUpload: ({ name, size, type, transfer, path, uploadKey }, signal) =>
      client.call<CreatedUpload>('uploads', {
        body: {
          name,
          size,
          type,
          ...(transfer === undefined
            ? {}
            : { transfer: { shareId: transfer.shareId, ownerToken: transfer.ownerToken } }),
          ...(path === undefined || path === '' ? {} : { path }),
          ...(uploadKey === undefined ? {} : { uploadKey }),
        } satisfies CreateUploadRequest,
        signal,
      }),
    signParts: (fileId, ownerToken, partNumbers, signal) =>
      client.call<SignedParts>(upload(fileId, 'parts'), {
        body: { partNumbers } satisfies SignPartsRequest,
        headers: owner(ownerToken),
        signal,
      }),
    completeUpload: (fileId, ownerToken, parts, signal) =>
      client.call<FileDto>(upload(fileId, 'complete'), {
        body: { parts } satisfies CompleteUploadRequest,
        headers: owner(ownerToken),
        signal,
      }),
    listParts: async (fileId, ownerToken, signal) =>
      (await client.call<StoredParts>(upload(fileId, 'parts'), { headers: owner(ownerToken), signal })).parts,
    abortUpload: async (fileId, ownerToken, signal) => {
      await client.call<void>(upload(fileId, 'abort'), { method: 'POST', headers: owner(ownerToken), signal });
    },
  };
}
