// The sender's reads: a block of chunks at a time from the file (READ_BLOCK_CHUNKS says why), and
// the next block while the current one is sealed and sent. At most two blocks are held, so memory
// stays flat.
import type { ChunkPlan } from '../protocol/chunking';
import { READ_BLOCK_CHUNKS } from '../protocol/constants';

export class BlockReader {
  private readonly blocks = new Map<string, Promise<Uint8Array>>();

  constructor(
    private readonly plan: ChunkPlan,
    private readonly blobs: readonly Blob[],
    private readonly blockChunks = READ_BLOCK_CHUNKS,
  ) {}

  private load(fileIndex: number, block: number): { key: string; data: Promise<Uint8Array> } {
    const key = `${fileIndex}:${block}`;
    let data = this.blocks.get(key);
    if (!data) {
      const blob = this.blobs[fileIndex];
      const start = block * this.blockChunks * this.plan.chunkSize;
      data = blob
        ? blob
            .slice(start, start + this.blockChunks * this.plan.chunkSize)
            .arrayBuffer()
            .then((buffer) => new Uint8Array(buffer))
        : Promise.reject(new Error(`No file ${fileIndex}`));
      // A prefetch nobody waits for must not be an unhandled rejection; the reader of it sees it.
      data.catch(() => undefined);
      this.blocks.set(key, data);
    }
    return { key, data };
  }

  /** The bytes of chunk `n` (a view into its block). */
  async chunk(n: number): Promise<Uint8Array> {
    const ref = this.plan.chunk(n);
    const block = Math.floor(ref.chunkIndex / this.blockChunks);
    const current = this.load(ref.fileIndex, block);
    const keep = new Set([current.key]);
    // The chunk right after this block: the next block of this file, or the next file's first.
    const after = Math.min(n - (ref.chunkIndex % this.blockChunks) + this.blockChunks, this.plan.endOf(ref.fileIndex));
    if (after < this.plan.totalChunks) {
      const next = this.plan.chunk(after);
      keep.add(this.load(next.fileIndex, Math.floor(next.chunkIndex / this.blockChunks)).key);
    }
    for (const key of this.blocks.keys()) if (!keep.has(key)) this.blocks.delete(key);
    const bytes = await current.data;
    const offset = ref.start - block * this.blockChunks * this.plan.chunkSize;
    const length = ref.end - ref.start;
    if (bytes.length < offset + length) throw new Error('The file is shorter than when it was offered');
    return bytes.subarray(offset, offset + length);
  }
}
