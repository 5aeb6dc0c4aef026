// How an offer is cut into chunks. Chunks are counted over the whole offer ("global" numbers), so a
// position is one number: every chunk before it is done. Empty files have no chunks.
import { CHUNK_SIZE } from './constants';

export interface ChunkRef {
  fileIndex: number;
  chunkIndex: number;
  /** Byte range of the chunk in its file. */
  start: number;
  end: number;
}

export function chunkCount(size: number, chunkSize = CHUNK_SIZE): number {
  return Math.ceil(size / chunkSize);
}

/** The chunks of a list of file sizes, with lookups both ways. */
export class ChunkPlan {
  /** firstChunk[i]: global number of file i's first chunk; the last entry is the total. */
  private readonly firstChunk: number[];
  readonly totalBytes: number;

  constructor(
    readonly sizes: readonly number[],
    readonly chunkSize = CHUNK_SIZE,
  ) {
    this.firstChunk = [0];
    for (const size of sizes) this.firstChunk.push((this.firstChunk.at(-1) ?? 0) + chunkCount(size, chunkSize));
    this.totalBytes = sizes.reduce((sum, size) => sum + size, 0);
  }

  get totalChunks(): number {
    return this.firstChunk.at(-1) ?? 0;
  }

  /** The chunk with global number `n` (0 <= n < totalChunks). */
  chunk(n: number): ChunkRef {
    if (!Number.isInteger(n) || n < 0 || n >= this.totalChunks) throw new RangeError(`No chunk ${n}`);
    // Binary search for the last file whose first chunk is <= n (skipping empty files).
    let low = 0;
    let high = this.sizes.length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if ((this.firstChunk[mid] ?? 0) <= n) low = mid;
      else high = mid - 1;
    }
    const chunkIndex = n - (this.firstChunk[low] ?? 0);
    const start = chunkIndex * this.chunkSize;
    return { fileIndex: low, chunkIndex, start, end: Math.min(start + this.chunkSize, this.sizes[low] ?? 0) };
  }

  /** Global number just after file `fileIndex`'s last chunk. */
  endOf(fileIndex: number): number {
    return this.firstChunk[fileIndex + 1] ?? this.totalChunks;
  }

  /** Bytes of all chunks before position `next`. */
  bytesBefore(next: number): number {
    if (next >= this.totalChunks) return this.totalBytes;
    const { fileIndex, start } = this.chunk(next);
    let bytes = start;
    for (let i = 0; i < fileIndex; i++) bytes += this.sizes[i] ?? 0;
    return bytes;
  }
}
