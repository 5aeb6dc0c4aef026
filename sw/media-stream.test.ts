// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileCipherOf, newTransferSecrets } from '@/lib/crypto/transfer-secrets';
import type { MediaStreamStart } from '@/lib/download-pipeline/encrypted-media';
import { ask, downloadWorker } from '@/test/download-worker';
import { encryptWhole, randomBytes } from '@/test/e2e-crypto';
import { registerMediaStreams } from './media-stream';

// A player's Range requests on an encrypted file's preview URL, against a stand-in bucket that
// answers ranged GETs as S3 does and records them.
const plaintext = randomBytes(300_000);
const cipher = await fileCipherOf(await newTransferSecrets(), 'ViDeO001');
const stored = await encryptWhole(cipher, plaintext);
const ranges: string[] = [];
let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const match = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (!match) return res.writeHead(200, { 'content-length': stored.byteLength }).end(stored);
    ranges.push(req.headers.range ?? '');
    const [start, end] = [Number(match[1]), Math.min(Number(match[2]), stored.byteLength - 1)];
    res.writeHead(206, {
      'content-length': end - start + 1,
      'content-range': `bytes ${start}-${end}/${stored.byteLength}`,
    });
    res.end(stored.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/video`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The worker, one open page ('page-1'), and the page's registration of the video as `id`. */
async function registered(id: string, expiresAt = Date.now() + 60_000) {
  const pages = [{ id: 'page-1' }];
  const worker = downloadWorker((scope) => {
    Object.assign(scope, { clients: { matchAll: () => Promise.resolve(pages) } });
    registerMediaStreams(scope);
  });
  const start: MediaStreamStart = {
    type: 'MEDIA_STREAM',
    id,
    url,
    size: plaintext.byteLength,
    contentType: 'video/webm',
    cipher,
    expiresAt,
  };
  const { port1, port2 } = new MessageChannel();
  const ready = new Promise((resolve) => (port1.onmessage = resolve));
  worker.dispatch('message', { data: start, ports: [port2], source: { id: 'page-1' } });
  await ready;
  port1.close();
  return { ...worker, pages };
}

const bytes = async (response: Response | null) => Buffer.from(await (response as Response).arrayBuffer());

describe('an encrypted video’s preview URL', () => {
  it('answers a seek with 206 and the plaintext of the range, fetching only the records behind it', async () => {
    const { open } = await registered('v1');
    ranges.length = 0;
    const response = await open('/media-stream/v1', { headers: { range: 'bytes=200000-200099' } });
    expect(response?.status).toBe(206);
    expect(response?.headers.get('content-range')).toBe(`bytes 200000-200099/${plaintext.byteLength}`);
    expect(response?.headers.get('content-type')).toBe('video/webm');
    expect((await bytes(response)).equals(Buffer.from(plaintext.subarray(200_000, 200_100)))).toBe(true);
    // Record 3 of the file (plaintext 196,560-262,079): 64 KiB of the stored object, not all of it.
    expect(ranges).toEqual(['bytes=196608-262143']);
  });

  it('answers an open range to the end, the whole file with 200, and past the end with 416', async () => {
    const { open } = await registered('v2');
    const tail = await open('/media-stream/v2', { headers: { range: 'bytes=299990-' } });
    expect(tail?.headers.get('content-range')).toBe(`bytes 299990-299999/${plaintext.byteLength}`);
    expect((await bytes(tail)).equals(Buffer.from(plaintext.subarray(299_990)))).toBe(true);
    const whole = await open('/media-stream/v2');
    expect(whole?.status).toBe(200);
    expect((await bytes(whole)).equals(Buffer.from(plaintext))).toBe(true);
    const past = await open('/media-stream/v2', { headers: { range: 'bytes=300000-' } });
    expect(past?.status).toBe(416);
    expect(past?.headers.get('content-range')).toBe(`bytes */${plaintext.byteLength}`);
  });

  it('is forgotten when the preview closes, when its page has gone, and when its ticket expires', async () => {
    const closed = await registered('v3');
    closed.dispatch('message', { data: { type: 'MEDIA_STREAM_END', id: 'v3' }, ports: [] });
    expect((await closed.open('/media-stream/v3'))?.status).toBe(404);

    const gone = await registered('v4');
    gone.pages.length = 0;
    // The next registration (another page's) looks for the pages still open.
    expect(
      await ask(gone.dispatch, {
        type: 'MEDIA_STREAM',
        id: 'v5',
        url,
        size: 1,
        contentType: 'video/webm',
        cipher,
        expiresAt: Date.now() + 60_000,
      }),
    ).toEqual({ type: 'ready' });
    expect((await gone.open('/media-stream/v4'))?.status).toBe(404);

    const expired = await registered('v6', Date.now() - 1);
    expect((await expired.open('/media-stream/v6'))?.status).toBe(404);
    expect(expired.open('/s/Ab3dE5gH')).toBeNull();
  });
});
