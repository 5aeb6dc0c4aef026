// The page's side of opfs-copy.worker.ts: one dedicated worker per copy, writing it into the origin
// private file system. Only a page can start one (a service worker cannot start workers), so the
// page that picked the file writes its copy; the runner reads it back with `openCopyFile`.
import type { CopyWriter } from './copy-writer';

export type OpfsCopyRequest =
  | { id: number; op: 'open'; job: string; blob: Blob }
  | { id: number; op: 'copy'; start: number; end: number }
  | { id: number; op: 'close'; remove: boolean };

export type OpfsCopyReply = { id: number; ok: true } | { id: number; ok: false; name: string; message: string };

type Request = OpfsCopyRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

class OpfsCopyWriter implements CopyWriter {
  readonly place = 'opfs';
  private readonly worker = new Worker(new URL('./opfs-copy.worker.ts', import.meta.url), { type: 'module' });
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private broken: Error | undefined;

  constructor() {
    this.worker.onmessage = (event: MessageEvent<OpfsCopyReply>) => {
      const reply = event.data;
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.ok) waiting?.resolve();
      else waiting?.reject(Object.assign(new Error(reply.message), { name: reply.name }));
    };
    // The worker's script did not load or threw: every call fails, and the store writes another way.
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(new Error(`The copy's writer stopped: ${event.message || 'it did not start'}`));
    };
  }

  open(job: string, blob: Blob): Promise<void> {
    return this.call({ op: 'open', job, blob });
  }

  write(start: number, end: number): Promise<void> {
    return this.call({ op: 'copy', start, end });
  }

  async close(remove: boolean): Promise<void> {
    try {
      await this.call({ op: 'close', remove });
    } finally {
      this.worker.terminate();
      this.fail(new Error("The copy's writer was closed"));
    }
  }

  private call(request: Request): Promise<void> {
    if (this.broken) return Promise.reject(this.broken);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private fail(error: Error): void {
    this.broken ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
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
