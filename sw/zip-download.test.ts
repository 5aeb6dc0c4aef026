// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ZipDownloadSignal, ZipDownloadStart } from '@/lib/download-pipeline/stream-download-messages';
import type { ZipFile } from '@/lib/download-pipeline/zip-files';
import { downloadWorker } from '@/test/download-worker';
import { encryptWhole, randomBytes, testCipher } from '@/test/e2e-crypto';
import { bucket, bucketFile } from '@/test/fake-bucket';
import { registerDownloadStreams } from './download-stream';
import { registerZipDownloads } from './zip-download';

// The app's Download all made by the worker: the page hands over the files (a stand-in bucket
// serves them), the worker answers the download URL with the zip and tells the page how it goes.

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function worker() {
  return downloadWorker((scope) => registerZipDownloads(scope, registerDownloadStreams(scope)));
}

/** Hands `files` to the worker as the page does; `signals` collects what the worker tells the page. */
function start(dispatch: ReturnType<typeof worker>['dispatch'], id: string, files: ZipFile[], progressEvery = 1) {
  const { port1: page, port2 } = new MessageChannel();
  const signals: ZipDownloadSignal[] = [];
  page.onmessage = (event: MessageEvent<ZipDownloadSignal>) => void signals.push(event.data);
  const start: ZipDownloadStart = { type: 'ZIP_DOWNLOAD', id, fileName: `${id}.zip`, files, progressEvery };
  dispatch('message', { data: start, ports: [port2] });
  const ended = () => signals.some((s) => s.type !== 'ready' && s.type !== 'progress');
  return { page, signals, ended };
}

describe('Download all made by the service worker', () => {
  let dir: string;
  const objects = new Map<string, Uint8Array<ArrayBuffer>>();
  const asked: string[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'zip-download-'));
    objects.clear();
    asked.length = 0;
    const network = bucket(objects);
    vi.stubGlobal(
      'fetch',
      (input: RequestInfo | URL, init?: RequestInit) => (asked.push(String(input)), network(input, init)),
    );
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers the download URL with the zip of plain and encrypted files, telling progress to the total and the end', async () => {
    const secret = randomBytes(200_000);
    const cipher = await testCipher('Fi1eId42');
    const sealed = bucketFile('gizli.bin', 'belgeler', await encryptWhole(cipher, secret), objects);
    const files: ZipFile[] = [
      bucketFile('a.txt', '', new TextEncoder().encode('merhaba'), objects),
      { ...sealed, size: secret.byteLength, cipher },
    ];
    const { dispatch, open } = worker();
    const page = start(dispatch, 'all', files, 50_000);
    await expect.poll(() => page.signals[0]?.type).toBe('ready');
    const response = (await open('/download-stream/all')) as Response;
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''all.zip");
    await writeFile(path.join(dir, 'all.zip'), new Uint8Array(await response.arrayBuffer()));
    execFileSync('unzip', ['-q', path.join(dir, 'all.zip'), '-d', path.join(dir, 'out')]);
    expect(await readFile(path.join(dir, 'out/a.txt'), 'utf8')).toBe('merhaba');
    expect(sha256(await readFile(path.join(dir, 'out/belgeler/gizli.bin')))).toBe(sha256(secret));

    await expect.poll(() => page.signals.at(-1)?.type).toBe('done');
    const progress = page.signals.flatMap((s) => (s.type === 'progress' ? [s.bytesRead] : []));
    // Told at the page's pace, not for every chunk: steps of at least 50,000 bytes, then the total.
    expect(progress.at(-1)).toBe(7 + secret.byteLength);
    for (const [index, bytesRead] of progress.slice(1, -1).entries()) {
      expect(bytesRead - (progress[index] as number)).toBeGreaterThanOrEqual(50_000);
    }
    page.page.close();
  });

  it('names the file that is gone, by its place in the list, and the one whose stored bytes were changed', async () => {
    const kept = bucketFile('kept.txt', 'docs', new TextEncoder().encode('ok'), objects);
    const gone: ZipFile = { url: 'http://bucket.test/docs/gone.txt', name: 'gone.txt', path: 'docs', size: 4 };
    const { dispatch, open } = worker();
    const first = start(dispatch, 'gone', [kept, gone]);
    await expect.poll(() => first.signals[0]?.type).toBe('ready');
    await expect(((await open('/download-stream/gone')) as Response).arrayBuffer()).rejects.toThrow();
    await expect.poll(() => first.signals.at(-1)).toEqual({ type: 'failed', failure: { reason: 'gone', index: 1 } });

    const cipher = await testCipher('Fi1eId43');
    const plain = randomBytes(100_000);
    const stored = await encryptWhole(cipher, plain);
    stored[500] = (stored[500] as number) ^ 1;
    const bad = bucketFile('bad.bin', 'docs', stored, objects);
    const second = start(dispatch, 'bad', [{ ...bad, size: plain.byteLength, cipher }]);
    await expect.poll(() => second.signals[0]?.type).toBe('ready');
    await expect(((await open('/download-stream/bad')) as Response).arrayBuffer()).rejects.toThrow();
    await expect
      .poll(() => second.signals.at(-1))
      .toEqual({ type: 'failed', failure: { reason: 'damaged', index: 0, code: 'damaged' } });
    first.page.close();
    second.page.close();
  });

  it('stops on the page’s Cancel, asking the bucket for no further file; tells the page when the browser stops reading', async () => {
    const files = [
      bucketFile('one.bin', '', randomBytes(3_000_000), objects),
      bucketFile('two.bin', '', randomBytes(10), objects),
    ];
    const { dispatch, open } = worker();
    const cancelled = start(dispatch, 'cancel', files);
    await expect.poll(() => cancelled.signals[0]?.type).toBe('ready');
    const reader = ((await open('/download-stream/cancel')) as Response).body!.getReader();
    await reader.read();
    cancelled.page.postMessage({ type: 'cancel' });
    await expect.poll(() => cancelled.ended()).toBe(true);
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return;
      })(),
    ).rejects.toThrow();
    expect(asked).toEqual([files[0]?.url]);

    const stopped = start(dispatch, 'stopped', files);
    await expect.poll(() => stopped.signals[0]?.type).toBe('ready');
    await ((await open('/download-stream/stopped')) as Response).body?.cancel();
    await expect.poll(() => stopped.signals.at(-1)).toEqual({ type: 'cancelled' });
    cancelled.page.close();
    stopped.page.close();
  });

  it('leaves a message it cannot trust unanswered: a file that is no web URL, a pace of nothing, no files', async () => {
    const { dispatch, open } = worker();
    const good = bucketFile('a.txt', '', new TextEncoder().encode('a'), objects);
    const bad: ZipFile[][] = [[{ ...good, url: 'javascript:alert(1)' }], [{ ...good, size: -1 }], []];
    const pages = bad.map((files, index) => start(dispatch, `bad${index}`, files));
    pages.push(start(dispatch, 'pace', [good], 0));
    // A good one after them is answered: the bad ones had their turn first.
    const answered = start(dispatch, 'good', [good]);
    await expect.poll(() => answered.signals[0]?.type).toBe('ready');
    expect(pages.map((page) => page.signals.length)).toEqual([0, 0, 0, 0]);
    expect((await open('/download-stream/bad0'))?.status).toBe(404);
    for (const page of [...pages, answered]) page.page.close();
  });
});
