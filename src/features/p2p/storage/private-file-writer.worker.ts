// Writes received files into the origin private file system through synchronous access handles
// (src/lib/opfs/sync-access.ts). The page's writable streams (createWritable) send every write to
// the browser process and into a temporary copy of the file, and for a 1 GiB direct transfer on the
// 2-core test machine that cost a quarter of the throughput (bench/p2p.ts). Protocol:
// private-file-writer.ts.
import { openSyncAccess, writeAllAt, type SyncAccessHandle } from '@/lib/opfs/sync-access';
import { answerCalls } from '@/lib/opfs/worker-rpc';
import type { WriterRequest } from './private-file-writer';

const files = new Map<number, { access: SyncAccessHandle; at: number }>();

function opened(file: number) {
  const entry = files.get(file);
  if (!entry) throw new Error(`File ${file} is not open`);
  return entry;
}

answerCalls<WriterRequest>(async (request) => {
  switch (request.op) {
    case 'open':
      files.set(request.file, { access: await openSyncAccess(request.handle), at: 0 });
      return;
    case 'write': {
      const entry = opened(request.file);
      for (const part of request.parts) {
        const data = new Uint8Array(part);
        writeAllAt(entry.access, data, entry.at);
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
    case 'abort':
      files.get(request.file)?.access.close();
      files.delete(request.file);
      return;
  }
});
