// How a copy of a file to upload is written to the device, whatever holds it: the origin private
// file system through a worker (opfs-copy-writer.ts), or IndexedDB (the store's own writer, where
// OPFS sync handles are missing). The store drives either the same way (`add`).
import type { CopyPlace } from './copy-state';

export interface CopyWriter {
  readonly place: CopyPlace;
  /** Writes the file's bytes [start, end); they are on disk once this resolves. */
  write(start: number, end: number): Promise<void>;
  /** Ends the copy; `remove`: the job no longer needs it (done, cancelled, removed). */
  close(remove: boolean): Promise<void>;
}

/** Opens a writer for the copy of job `id`'s file; rejects where this kind of storage is missing. */
export type OpenCopyWriter = (id: string, blob: Blob) => Promise<CopyWriter>;

/**
 * How much of a file one write of its copy holds: 16 MiB. After each, the copy's progress is written
 * to the job's record, and the writer looks whether it has met the upload; a larger one costs fewer
 * records, a smaller one stops closer to where the upload is.
 */
export const COPY_CHUNK_BYTES = 16 * 1024 * 1024;
