// The device's copy of a new job's bytes, written from the end of the file backward while the
// upload goes forward from the start (the job store's `add` runs it under the job's Web Lock).

import type { DeviceCopyState } from './device-copy/copy-state';
import type { OpenCopyWriter } from './device-copy/copy-writer';
import { idbCopyWriter } from './device-copy/idb-copy-writer';
import { firstNeededByte, type UploadJobRecord } from './job-record';

/** What the copy needs of the job store. */
export interface BackwardCopyTarget {
  /** Writes `change` of the job's record; see the store's `update`. */
  update(
    id: string,
    change: (job: UploadJobRecord) => UploadJobRecord | undefined,
  ): Promise<UploadJobRecord | undefined>;
  /** Keeps a chunk in IndexedDB, for where no `openWriter` is given or it cannot open. */
  putChunk(id: string, start: number, bytes: ArrayBuffer): Promise<void>;
  removeChunks(id: string): Promise<void>;
}

/** Whether a job may still need its stored bytes: it is there, and neither done nor cancelled. */
export function wantsBytes(job: UploadJobRecord | undefined): job is UploadJobRecord {
  return job !== undefined && job.state !== 'done' && job.state !== 'cancelled';
}

/**
 * Copies `blob` a chunk of `chunkBytes` at a time from its end back to the first byte the upload
 * still needs, noting in the job's record after each chunk how far the copy reaches. `added` is
 * the job as recorded: where the copy starts.
 */
export async function copyBackward(
  target: BackwardCopyTarget,
  added: UploadJobRecord,
  blob: Blob,
  chunkBytes: number,
  openWriter?: OpenCopyWriter,
): Promise<void> {
  const { id } = added;
  const writer =
    (await openWriter?.(id, blob).catch((error: unknown) => {
      console.info('The private file system cannot keep the copy; IndexedDB does', error);
      return undefined;
    })) ??
    idbCopyWriter(blob, {
      put: (start, bytes) => target.putChunk(id, start, bytes),
      removeAll: () => target.removeChunks(id),
    });
  const noteCopy = (copy: DeviceCopyState) =>
    target.update(id, (current) => (wantsBytes(current) ? { ...current, copy } : undefined));
  let job: UploadJobRecord | undefined = added;
  let end = blob.size;
  try {
    while (end > 0 && wantsBytes(job) && end > firstNeededByte(job)) {
      const start = Math.max(0, end - chunkBytes);
      await writer.write(start, end);
      end = start;
      job = await noteCopy({ place: writer.place, from: end, writing: true });
    }
  } finally {
    // Done, or failed (no room left, say): a runner no longer waits for it to show progress.
    if (wantsBytes(job)) job = await noteCopy({ place: writer.place, from: end, writing: false }).catch(() => job);
    // A copy of a job finished or removed meanwhile would be left behind: drop it.
    await writer.close(!wantsBytes(job));
  }
}
