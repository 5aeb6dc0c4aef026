// Writes received files into the origin private file system through synchronous access handles,
// which only a dedicated worker may open. A write here is a plain file write in this thread; the
// page's writable streams (createWritable) send every write to the browser process and into a
// temporary copy of the file, and for a 1 GiB direct transfer on the 2-core test machine that cost
// a quarter of the throughput (bench/p2p.ts). Protocol: private-file-writer.ts.
import type { WriterReply, WriterRequest } from './private-file-writer';

/** What Chromium, Firefox and Safari offer in a dedicated worker (not in TypeScript's DOM lib). */
interface SyncAccessHandle {
  write(data: Uint8Array, options: { at: number }): number;
  flush(): void;
  close(): void;
}

interface Scope {
  onmessage: ((event: MessageEvent<WriterRequest>) => void) | null;
  postMessage(message: WriterReply): void;
}

const scope = self as unknown as Scope;
const files = new Map<number, { access: SyncAccessHandle; at: number }>();

function opened(file: number) {
  const entry = files.get(file);
  if (!entry) throw new Error(`File ${file} is not open`);
  return entry;
}

async function handle(request: WriterRequest): Promise<void> {
  switch (request.op) {
    case 'open': {
      const source = request.handle as FileSystemFileHandle & { createSyncAccessHandle(): Promise<SyncAccessHandle> };
      files.set(request.file, { access: await source.createSyncAccessHandle(), at: 0 });
      return;
    }
    case 'write': {
      const entry = opened(request.file);
      for (const part of request.parts) {
        const data = new Uint8Array(part);
        // A write may take fewer bytes than given (the spec allows it); go on until all are in.
        for (let done = 0; done < data.length;) {
          const wrote = entry.access.write(data.subarray(done), { at: entry.at + done });
          if (wrote <= 0) throw new Error('The private file system took no bytes');
          done += wrote;
        }
        entry.at += data.length;
      }
      return;
    }
    case 'close': {
      const entry = opened(request.file);
      files.delete(request.file);
      entry.access.flush();
      entry.access.close();
      return;
    }
    case 'abort': {
      files.get(request.file)?.access.close();
      files.delete(request.file);
      return;
    }
  }
}

scope.onmessage = (event) => {
  const request = event.data;
  handle(request).then(
    () => scope.postMessage({ id: request.id, ok: true }),
    (error: unknown) =>
      scope.postMessage({
        id: request.id,
        ok: false,
        name: error instanceof Error ? error.name : 'Error',
        message: error instanceof Error ? error.message : String(error),
      }),
  );
};
