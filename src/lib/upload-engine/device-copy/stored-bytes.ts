// The bytes of a job as a runner reads them back: the file handed over by the page, a copy in the
// origin private file system, or a copy in IndexedDB chunks. Each part is read as it is sent, from
// disk, so no file is ever whole in memory.
import { localFailure } from '@/lib/api/failure';
import { openCopyFile } from './opfs-files';

/** The stored bytes of a job: its file from byte `from` to the end. */
export interface StoredBytes {
  /** What comes before was sent before the copy got there (the file's size when nothing is stored). */
  from: number;
  /** The file's bytes [start, end), `start >= from`. */
  read(start: number, end: number): Promise<Blob>;
}

function lost(): Error {
  return localFailure('file_missing', 'The file is no longer stored on this device.');
}

/** Nothing stored: a resume needs the file picked again. */
export function nothingStored(size: number): StoredBytes {
  return { from: size, read: (start, end) => (start < end ? Promise.reject(lost()) : Promise.resolve(new Blob([]))) };
}

/** A whole file: the one the page handed over, or a whole copy kept by an earlier version. */
export function wholeBlob(blob: Blob): StoredBytes {
  return { from: 0, read: (start, end) => Promise.resolve(blob.slice(start, end)) };
}

/** The copy in the origin private file system, holding the file from `from` on. */
export async function privateFileBytes(id: string, size: number, from: number): Promise<StoredBytes> {
  const file = await openCopyFile(id);
  if (file === undefined || file.size !== size) return nothingStored(size);
  return { from, read: (start, end) => Promise.resolve(file.slice(start, end)) };
}

/** One stored chunk: an ArrayBuffer, or a Blob written by earlier versions. */
export type StoredChunk = ArrayBuffer | Blob;

/**
 * A copy in chunks, each keyed by its first byte and reaching to the next one (the last, to the
 * file's end). Only the chunks from `from` on count, and they must begin there. A chunk that reads
 * back at another length than its place is lost, never cut to fit: WebKit stores a Blob slice as the
 * whole file, and cutting that gives the right length and the wrong bytes.
 */
export function chunkedBytes(
  starts: readonly number[],
  size: number,
  from: number,
  get: (start: number) => Promise<StoredChunk | undefined>,
): StoredBytes {
  const used = starts.filter((start) => start >= from).sort((a, b) => a - b);
  if (from >= size || used[0] !== from) return nothingStored(size);
  return {
    from,
    async read(start, end) {
      const pieces: Blob[] = [];
      for (let i = 0; i < used.length; i += 1) {
        const first = used[i] ?? size;
        const last = used[i + 1] ?? size;
        if (last <= start || first >= end) continue;
        const value = await get(first);
        const chunk = value instanceof Blob ? value : value === undefined ? undefined : new Blob([value]);
        if (chunk === undefined || chunk.size !== last - first) throw lost();
        pieces.push(chunk.slice(Math.max(start, first) - first, Math.min(end, last) - first));
      }
      return new Blob(pieces);
    },
  };
}
