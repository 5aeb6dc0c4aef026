// Writes the copy of a file to upload into the origin private file system through a synchronous
// access handle (src/lib/opfs/sync-access.ts): at the disk's speed, with no IndexedDB transaction.
// Protocol: opfs-copy-writer.ts.
import { byteReader } from '@/lib/byte-reader';
import { openSyncAccess, writeAllAt, type SyncAccessHandle } from '@/lib/opfs/sync-access';
import { answerCalls } from '@/lib/opfs/worker-rpc';
import type { OpfsCopyRequest } from './opfs-copy-writer';
import { COPY_FOLDER } from './opfs-files';

let open: { id: string; blob: Blob; access: SyncAccessHandle } | undefined;

async function folder(): Promise<FileSystemDirectoryHandle> {
  return (await navigator.storage.getDirectory()).getDirectoryHandle(COPY_FOLDER, { create: true });
}

function opened() {
  if (open === undefined) throw new Error('No copy is open');
  return open;
}

/** Bytes read and written at a time, through one buffer. */
const CHUNK_SIZE = 1024 * 1024;

/** Writes the file's bytes [start, end) at the same place of the copy, and flushes them to disk. */
async function copy(start: number, end: number): Promise<void> {
  const { blob, access } = opened();
  const reader = byteReader(blob.slice(start, end).stream(), CHUNK_SIZE);
  let at = start;
  while (at < end) {
    const bytes = await reader.next(Math.min(CHUNK_SIZE, end - at));
    if (bytes.byteLength === 0) break;
    writeAllAt(access, bytes, at);
    at += bytes.byteLength;
  }
  if (at !== end) throw new Error('The file changed while it was copied');
  access.flush();
}

answerCalls<OpfsCopyRequest>(async (request) => {
  switch (request.op) {
    case 'open': {
      const access = await openSyncAccess(await (await folder()).getFileHandle(request.job, { create: true }));
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
});
