// Writes the copy of a file to upload into the origin private file system through a synchronous
// access handle, which only a dedicated worker may open: a plain file write in this thread, at the
// disk's speed, with no IndexedDB transaction, no browser-process round trip per write and no
// temporary file (as the page's writable streams have). Protocol: opfs-copy-writer.ts.
import type { OpfsCopyReply, OpfsCopyRequest } from './opfs-copy-writer';
import { COPY_FOLDER } from './opfs-files';

/** What Chromium, Firefox and Safari offer in a dedicated worker (not in TypeScript's DOM lib). */
interface SyncAccessHandle {
  write(data: Uint8Array, options: { at: number }): number;
  truncate(size: number): void;
  flush(): void;
  close(): void;
}

interface Scope {
  onmessage: ((event: MessageEvent<OpfsCopyRequest>) => void) | null;
  postMessage(message: OpfsCopyReply): void;
}

const scope = self as unknown as Scope;
let open: { id: string; blob: Blob; access: SyncAccessHandle } | undefined;

async function folder(): Promise<FileSystemDirectoryHandle> {
  return (await navigator.storage.getDirectory()).getDirectoryHandle(COPY_FOLDER, { create: true });
}

function opened() {
  if (open === undefined) throw new Error('No copy is open');
  return open;
}

/** Writes the file's bytes [start, end) at the same place of the copy, and flushes them to disk. */
async function copy(start: number, end: number): Promise<void> {
  const { blob, access } = opened();
  const reader = blob.slice(start, end).stream().getReader();
  let at = start;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const data = read.value;
    // A write may take fewer bytes than given (the spec allows it); go on until all are in.
    for (let done = 0; done < data.length;) {
      const wrote = access.write(data.subarray(done), { at: at + done });
      if (wrote <= 0) throw new Error('The private file system took no bytes');
      done += wrote;
    }
    at += data.length;
  }
  if (at !== end) throw new Error('The file changed while it was copied');
  access.flush();
}

async function handle(request: OpfsCopyRequest): Promise<void> {
  switch (request.op) {
    case 'open': {
      const file = (await (await folder()).getFileHandle(request.job, { create: true })) as FileSystemFileHandle & {
        createSyncAccessHandle?: () => Promise<SyncAccessHandle>;
      };
      if (typeof file.createSyncAccessHandle !== 'function') {
        throw Object.assign(new Error('No synchronous access handles here'), { name: 'NotSupportedError' });
      }
      const access = await file.createSyncAccessHandle();
      access.truncate(0);
      open = { id: request.job, blob: request.blob, access };
      return;
    }
    case 'copy':
      return copy(request.start, request.end);
    case 'close': {
      const closing = open;
      open = undefined;
      closing?.access.close();
      if (closing !== undefined && request.remove) await (await folder()).removeEntry(closing.id);
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
