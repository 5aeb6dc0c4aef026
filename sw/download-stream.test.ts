// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWorkerScope } from '@/test/worker-scope';
import type {
  StreamDownloadChunk,
  StreamDownloadSignal,
  ZipDownloadStart,
} from '@/lib/download-pipeline/stream-download-messages';
import { registerDownloadStreams } from './download-stream';

/** The worker with its download streams registered, and a way to open a download URL on it. */
function worker() {
  const { scope, dispatch } = fakeWorkerScope('activated');
  Object.assign(scope, { location: new URL('https://ulak.test/') });
  registerDownloadStreams(scope);
  const open = (path: string): Promise<Response> | null => {
    let answer: Promise<Response> | null = null;
    dispatch('fetch', {
      request: new Request(`https://ulak.test${path}`),
      respondWith: (response: Response | Promise<Response>) => (answer = Promise.resolve(response)),
    });
    return answer;
  };
  return { dispatch, open };
}

/** The page's side: announces a stream and feeds `chunks` one per pull. */
function announce(dispatch: ReturnType<typeof worker>['dispatch'], id: string, chunks: Uint8Array[]) {
  const { port1: page, port2 } = new MessageChannel();
  const signals: StreamDownloadSignal['type'][] = [];
  const ready = new Promise<void>((resolve) => {
    page.onmessage = (event: MessageEvent<StreamDownloadSignal>) => {
      signals.push(event.data.type);
      if (event.data.type === 'ready') resolve();
      if (event.data.type !== 'pull') return;
      const next = chunks.shift();
      page.postMessage((next ? { type: 'chunk', chunk: next } : { type: 'end' }) satisfies StreamDownloadChunk);
    };
  });
  dispatch('message', {
    data: { type: 'STREAM_DOWNLOAD', id, fileName: 'tatil ç.zip', contentType: 'application/zip', size: 6 },
    ports: [port2],
  });
  return { ready, signals, close: () => page.close() };
}

describe('the service worker’s streamed downloads', () => {
  it('answer the download URL once with the page’s chunks, as an attachment under the file’s name', async () => {
    const { dispatch, open } = worker();
    const page = announce(dispatch, 'abc', [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5, 6])]);
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
    const page = announce(dispatch, 'def', [new Uint8Array(10), new Uint8Array(10), new Uint8Array(10)]);
    await page.ready;
    const response = await open('/download-stream/def');
    await response?.body?.cancel();
    await expect.poll(() => page.signals.includes('cancel')).toBe(true);
    expect(open('/s/Ab3dE5gH')).toBeNull();
    expect((await open('/download-stream/unknown'))?.status).toBe(404);
    page.close();
  });

  describe('a zip asked for before the app is there', () => {
    /** A stand-in for the bucket: each path answers its own bytes. */
    let bucket: Server;
    let origin = '';
    beforeAll(async () => {
      bucket = createServer((req, res) => res.end(`bytes of ${req.url ?? ''}`));
      await new Promise<void>((resolve) => bucket.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(bucket.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => bucket.close(() => resolve())));

    /** Posts a ZIP_DOWNLOAD and resolves once the worker says it is ready (or after 200 ms: ignored). */
    function askZip(dispatch: ReturnType<typeof worker>['dispatch'], data: unknown): Promise<boolean> {
      const { port1: page, port2 } = new MessageChannel();
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 200);
        page.onmessage = () => {
          clearTimeout(timer);
          page.close();
          resolve(true);
        };
        dispatch('message', { data, ports: [port2] });
      });
    }

    it('is built by the worker from the files’ URLs and answered once as an attachment', async () => {
      const { dispatch, open } = worker();
      const start: ZipDownloadStart = {
        type: 'ZIP_DOWNLOAD',
        id: 'zip-1',
        fileName: 'Ab3dE5gH.zip',
        files: [
          { url: `${origin}/a`, name: 'a.txt', path: '', size: 'bytes of /a'.length },
          { url: `${origin}/b`, name: 'b.txt', path: 'docs/2026', size: 'bytes of /b'.length },
        ],
      };
      expect(await askZip(dispatch, start)).toBe(true);
      const response = await open('/download-stream/zip-1');
      expect(response?.headers.get('content-type')).toBe('application/zip');
      expect(response?.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Ab3dE5gH.zip");
      const zip = Buffer.from(await (response as Response).arrayBuffer());
      expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
      for (const text of ['a.txt', 'docs/2026/b.txt', 'bytes of /a', 'bytes of /b'])
        expect(zip.includes(text)).toBe(true);
      expect((await open('/download-stream/zip-1'))?.status).toBe(404);
    });

    it('is refused when a file’s URL is not http(s)', async () => {
      const { dispatch, open } = worker();
      const start = {
        type: 'ZIP_DOWNLOAD',
        id: 'zip-2',
        fileName: 'x.zip',
        files: [{ url: 'file:///etc/passwd', name: 'p', path: '', size: 1 }],
      };
      expect(await askZip(dispatch, start)).toBe(false);
      expect((await open('/download-stream/zip-2'))?.status).toBe(404);
    });
  });
});
