// The page's side of private-file-writer.worker.ts: one worker per receiving page, writing its
// received files into the origin private file system. Each call resolves when the worker has done
// it, so a chunk is acknowledged to the sender only once it is in the file.
import { WorkerCalls } from '@/lib/opfs/worker-rpc';

export type WriterRequest =
  | { op: 'open'; file: number; handle: FileSystemFileHandle }
  | { op: 'write'; file: number; parts: ArrayBuffer[] }
  | { op: 'close'; file: number }
  | { op: 'abort'; file: number };

export class PrivateFileWriter {
  // A worker that did not start fails every call, and the caller writes another way.
  private readonly calls = new WorkerCalls<WriterRequest>(
    new Worker(new URL('./private-file-writer.worker.ts', import.meta.url), { type: 'module' }),
    'The file writer',
  );

  open(file: number, handle: FileSystemFileHandle): Promise<void> {
    return this.calls.call({ op: 'open', file, handle });
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
    return this.calls.call({ op: 'write', file, parts: buffers }, buffers);
  }

  close(file: number): Promise<void> {
    return this.calls.call({ op: 'close', file });
  }

  abort(file: number): Promise<void> {
    return this.calls.call({ op: 'abort', file });
  }

  terminate(): void {
    this.calls.terminate('The file writer was stopped');
  }
}
