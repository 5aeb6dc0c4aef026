// The refusals every upload endpoint may give: storage failures a person can act on, and an upload
// that is already complete or no longer there.
import { HttpError } from '../../http.ts';
import { StorageError } from '../../storage.ts';

/** A storage failure as an answer a person can act on; unexpected ones stay 500s. */
export function storageHttpError(error: unknown, action: string): Error {
  if (error instanceof StorageError) {
    if (error.code === 'full') {
      return new HttpError(
        507,
        'storage_full',
        `${action}: the file storage is full. Nothing was lost; please try again later or contact the administrator.`,
      );
    }
    if (error.code === 'unreachable' || error.code === 'bucket_not_found' || error.code === 'auth') {
      return new HttpError(
        503,
        'storage_unavailable',
        `${action}: file storage is not available right now. Please try again later or contact the administrator.`,
      );
    }
  }
  return error instanceof Error ? error : new Error(String(error));
}

export const alreadyComplete = () => new HttpError(409, 'upload_complete', 'This upload is already complete.');

export const uploadGone = () =>
  new HttpError(409, 'upload_gone', 'This upload has expired or was cancelled. Please upload the file again.');
