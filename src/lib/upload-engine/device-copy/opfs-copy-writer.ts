// The page's side of opfs-copy.worker.ts: one dedicated worker per copy, writing it into the origin
// private file system. Only a page can start one (a service worker cannot start workers), so the
// page that picked the file writes its copy; the runner reads it back with `openCopyFile`.
import { WorkerCalls } from '@/lib/opfs/worker-rpc';
import type { CopyWriter } from './copy-writer';

export type OpfsCopyRequest =
  | { op: 'open'; job: string; blob: Blob }
  | { op: 'copy'; start: number; end: number }
  | { op: 'close'; remove: boolean };

class OpfsCopyWriter implements CopyWriter {
  readonly place = 'opfs';
  // A worker that did not start fails every call, and the store writes the copy another way.
  private readonly calls = new WorkerCalls<OpfsCopyRequest>(
    new Worker(new URL('./opfs-copy.worker.ts', import.meta.url), { type: 'module' }),
    "The copy's writer",
  );

  open(job: string, blob: Blob): Promise<void> {
    return this.calls.call({ op: 'open', job, blob });
  }

  write(start: number, end: number): Promise<void> {
    return this.calls.call({ op: 'copy', start, end });
  }

  async close(remove: boolean): Promise<void> {
    try {
      await this.calls.call({ op: 'close', remove });
    } finally {
      this.calls.terminate("The copy's writer was closed");
    }
  }
}

/** A writer into the origin private file system; rejects where dedicated workers or sync handles are missing. */
export async function openOpfsCopyWriter(id: string, blob: Blob): Promise<CopyWriter> {
  if (typeof Worker === 'undefined') throw new Error('No dedicated workers here');
  const writer = new OpfsCopyWriter();
  try {
    await writer.open(id, blob);
  } catch (error) {
    await writer.close(true).catch(() => undefined);
    throw error;
  }
  return writer;
}
