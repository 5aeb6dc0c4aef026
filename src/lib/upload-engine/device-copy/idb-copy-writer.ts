// The copy's writer where the origin private file system has no synchronous access handles: chunks
// of the file as ArrayBuffers in IndexedDB. Never Blob slices: WebKit stores each slice as the
// whole file (six 16 MiB chunks of a 200 MB file took 1.2 GB, and each read back as the whole
// file), and refuses Blobs in IndexedDB altogether in a private window; ArrayBuffers store fine in
// both.
import type { CopyWriter } from './copy-writer';

export interface ChunkStore {
  put(start: number, bytes: ArrayBuffer): Promise<void>;
  removeAll(): Promise<void>;
}

export function idbCopyWriter(blob: Blob, chunks: ChunkStore): CopyWriter {
  return {
    place: 'idb',
    async write(start, end) {
      await chunks.put(start, await blob.slice(start, end).arrayBuffer());
    },
    async close(remove) {
      if (remove) await chunks.removeAll();
    },
  };
}
