// The page's side of private-file-writer.worker.ts: one worker per receiving page, writing its
// received files into the origin private file system. Each call resolves when the worker has done
// it, so a chunk is acknowledged to the sender only once it is in the file.

export type WriterRequest =
  | { id: number; op: 'open'; file: number; handle: FileSystemFileHandle }
  | { id: number; op: 'write'; file: number; parts: ArrayBuffer[] }
  | { id: number; op: 'close'; file: number }
  | { id: number; op: 'abort'; file: number };

export type WriterReply = { id: number; ok: true } | { id: number; ok: false; name: string; message: string };

type Request = WriterRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export class PrivateFileWriter {
  private readonly worker = new Worker(new URL('./private-file-writer.worker.ts', import.meta.url), {
    type: 'module',
  });
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private broken: Error | undefined;

  constructor() {
    this.worker.onmessage = (event: MessageEvent<WriterReply>) => {
      const reply = event.data;
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.ok) waiting?.resolve();
      else waiting?.reject(Object.assign(new Error(reply.message), { name: reply.name }));
    };
    // The worker's script did not load or threw: every call fails, and the caller writes another way.
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(new Error(`The file writer stopped: ${event.message || 'it did not start'}`));
    };
  }

  open(file: number, handle: FileSystemFileHandle): Promise<void> {
    return this.call({ op: 'open', file, handle });
  }

  /**
   * Hands the bytes over to the worker, which writes them one after another: do not reuse them. A
   * part that spans its whole buffer moves without a copy, and the parts are not joined first:
   * joining each batch into one 2 MiB array cost a 1 GiB transfer a tenth of its speed (bench/p2p.ts;
   * most likely because an array that large is a fresh mapping of memory, page faults included, in
   * the process that also runs the data channel).
   */
  write(file: number, parts: readonly Uint8Array[]): Promise<void> {
    const buffers = parts.map((part) => {
      const whole = part.byteOffset === 0 && part.byteLength === part.buffer.byteLength;
      return (whole ? part.buffer : part.slice().buffer) as ArrayBuffer;
    });
    return this.call({ op: 'write', file, parts: buffers }, buffers);
  }

  close(file: number): Promise<void> {
    return this.call({ op: 'close', file });
  }

  abort(file: number): Promise<void> {
    return this.call({ op: 'abort', file });
  }

  terminate(): void {
    this.worker.terminate();
    this.fail(new Error('The file writer was stopped'));
  }

  private call(request: Request, transfer: Transferable[] = []): Promise<void> {
    if (this.broken) return Promise.reject(this.broken);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id }, transfer);
    });
  }

  private fail(error: Error): void {
    this.broken ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
