// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { downloadWorker } from '@/test/download-worker';
import type { StreamDownloadChunks, StreamDownloadSignal } from '@/lib/download-pipeline/stream-download-messages';
import { registerDownloadStreams } from './download-stream';

function worker() {
  return downloadWorker(registerDownloadStreams);
}

/**
 * The page's side, as service-worker-target.ts does it: announces a stream and answers each of
 * the worker's pulls with the next of `messages` (its chunks), in order, then with the end.
 */
function announce(dispatch: ReturnType<typeof worker>['dispatch'], id: string, messages: Uint8Array[][]) {
  const { port1: page, port2 } = new MessageChannel();
  const signals: StreamDownloadSignal['type'][] = [];
  let sent = 0;
  const ready = new Promise<void>((resolve) => {
    page.onmessage = (event: MessageEvent<StreamDownloadSignal>) => {
      signals.push(event.data.type);
      if (event.data.type === 'ready') resolve();
      if (event.data.type !== 'pull') return;
      const chunks = messages.shift();
      if (chunks === undefined) {
        page.postMessage({ type: 'end' } satisfies StreamDownloadChunks);
        return;
      }
      for (const chunk of chunks) sent += chunk.byteLength;
      page.postMessage({ type: 'chunks', chunks } satisfies StreamDownloadChunks);
    };
  });
  const size = messages.flat().reduce((sum, chunk) => sum + chunk.byteLength, 0);
  dispatch('message', {
    data: { type: 'STREAM_DOWNLOAD', id, fileName: 'tatil ç.zip', contentType: 'application/zip', size },
    ports: [port2],
  });
  return { ready, signals, sent: () => sent, close: () => page.close() };
}

describe('the service worker’s streamed downloads', () => {
  it('answer the download URL once with the page’s chunks, as an attachment under the file’s name', async () => {
    const { dispatch, open } = worker();
    const page = announce(dispatch, 'abc', [
      [new Uint8Array([1, 2]), new Uint8Array([3])],
      [new Uint8Array([4, 5, 6])],
    ]);
    await page.ready;
    const response = await open('/download-stream/abc');
    expect(response?.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''tatil%20%C3%A7.zip");
    expect(response?.headers.get('content-length')).toBe('6');
    expect(response?.headers.get('x-content-type-options')).toBe('nosniff');
    expect([...new Uint8Array(await (response as Response).arrayBuffer())]).toEqual([1, 2, 3, 4, 5, 6]);
    // A second visit (a reload) finds nothing left to read.
    expect((await open('/download-stream/abc'))?.status).toBe(404);
    page.close();
  });

  it('tell the page when the browser stops reading, and leave other URLs to the app shell', async () => {
    const { dispatch, open } = worker();
    const page = announce(dispatch, 'def', [[new Uint8Array(10)], [new Uint8Array(10)], [new Uint8Array(10)]]);
    await page.ready;
    const response = await open('/download-stream/def');
    await response?.body?.cancel();
    await expect.poll(() => page.signals.includes('cancel')).toBe(true);
    expect(open('/s/Ab3dE5gH')).toBeNull();
    expect((await open('/download-stream/unknown'))?.status).toBe(404);
    page.close();
  });

  it('ask the page for a few megabytes ahead of the browser’s reads, no more, and deliver every byte in order', async () => {
    const { dispatch, open } = worker();
    // As the page sends them: 1 MiB a message, in the 64 KiB records a decrypted file comes in.
    const record = 64 * 1024;
    const messages = Array.from({ length: 40 }, (_, message) =>
      Array.from({ length: 16 }, (_, index) => new Uint8Array(record).fill(message * 16 + index)),
    );
    const page = announce(dispatch, 'ahead', messages);
    await page.ready;
    const response = (await open('/download-stream/ahead')) as Response;
    // Before the browser reads: a bounded read-ahead (8 MiB, and the message that crossed it), not the whole file.
    await expect.poll(() => page.sent()).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(page.sent()).toBeLessThanOrEqual(9 * 1024 * 1024);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let saved = 0;
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      // Each record's bytes hold its number: every record's first and last byte, where it belongs.
      for (let at = 0; at < read.value.byteLength; at += record) {
        const index = (saved + at) / record;
        expect([read.value[at], read.value[at + record - 1]]).toEqual([index % 256, index % 256]);
      }
      saved += read.value.byteLength;
    }
    expect(saved).toBe(40 * 16 * record);
    page.close();
  });
});
