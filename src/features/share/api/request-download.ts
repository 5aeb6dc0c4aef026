import { ApiError } from '@/lib/api/client';

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
