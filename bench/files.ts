// The files the benches send, and the check of what a browser saved: made on disk and hashed as
// they are written or read, never held whole in Node's memory.
import { createHash, randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { MIB } from '../supabase/functions/_shared/domain/constants.ts';
import { sha256OfFile } from '../tests/e2e/fixtures/test-files.ts';

export interface BenchFile {
  path: string;
  size: number;
  sha256: string;
}

/** Random bytes (nothing on the way can compress them) written to `file`, hashed as written. */
export async function makeFile(file: string, size: number): Promise<BenchFile> {
  const handle = await open(file, 'w');
  const hash = createHash('sha256');
  const chunk = randomBytes(16 * MIB);
  try {
    for (let written = 0; written < size; written += chunk.length) {
      const part = chunk.subarray(0, Math.min(chunk.length, size - written));
      hash.update(part);
      await handle.write(part);
    }
  } finally {
    await handle.close();
  }
  return { path: file, size, sha256: hash.digest('hex') };
}

/**
 * A file of `size` zero bytes that takes no room on disk (a sparse file): for a size only the
 * memory figures need. Only encrypted uploads take it: their stored bytes are random all the same.
 */
export async function makeSparseFile(file: string, size: number): Promise<BenchFile> {
  const handle = await open(file, 'w');
  try {
    await handle.truncate(size);
  } finally {
    await handle.close();
  }
  return { path: file, size, sha256: await sha256OfFile(file) };
}

/** The first `length` bytes of a file. */
export async function headOf(file: string, length: number): Promise<Buffer> {
  const handle = await open(file);
  try {
    const head = Buffer.alloc(length);
    const { bytesRead } = await handle.read(head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
