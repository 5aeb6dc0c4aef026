// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyCheck } from '@/lib/crypto/keys';
import { linkKeyToFragment, newLinkKey } from '@/lib/crypto/link-key';
import { fileCipherOf, newTransferSecrets } from '@/lib/crypto/transfer-secrets';
import type { EarlyDownloadAnswer, EarlyDownloadStart } from '@/lib/download-pipeline/stream-download-messages';
import { ask, downloadWorker } from '@/test/download-worker';
import { encryptWhole, randomBytes } from '@/test/e2e-crypto';
import { registerDownloadStreams } from './download-stream';
import { registerEarlyDownloads, WHOLE_BEFORE_ACTIVE_MAX_BYTES } from './early-download';

// A tap before the app is there: the worker asks a stand-in of the API (download tickets) and of
// the bucket (objects by path) for the files, and answers the download URL with the zip or file.
const secrets = await newTransferSecrets();
const check = await keyCheck(secrets.linkKey);
const fragment = `#${linkKeyToFragment(secrets.linkKey)}`;
const plaintexts = {
  FiLe0001: randomBytes(70_000),
  FiLe0002: new TextEncoder().encode('kısa not'),
  BiGfIlE0: randomBytes(WHOLE_BEFORE_ACTIVE_MAX_BYTES + 1),
};
const objects = new Map<string, Uint8Array>();
for (const [shareId, bytes] of Object.entries(plaintexts)) {
  objects.set(`/plain/${shareId}`, bytes);
  objects.set(`/sealed/${shareId}`, await encryptWhole(await fileCipherOf(secrets, shareId), bytes));
}

let server: Server;
let origin = '';
/** The API's download POSTs the stand-in answered. */
const tickets: string[] = [];
/** The objects asked for, and what waits for the next one (a ticket answered only once its object is asked for). */
const objectsAsked: string[] = [];
let onObject = () => {};
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = req.url ?? '';
    const object = objects.get(url);
    if (object) {
      objectsAsked.push(url);
      onObject();
    }
    // As the embedded storage sends a multipart object: no Content-Length, its length in Content-Range.
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    if (object && range) {
      const start = Number(range[1]);
      res.writeHead(206, { 'content-range': `bytes ${start}-${object.byteLength - 1}/${object.byteLength}` });
      res.write(object.subarray(start));
      return res.end();
    }
    if (object) {
      res.write(object);
      return res.end();
    }
    const match = /^\/(plain|sealed|beside)\/shares\/(\w+)\/download$/.exec(url);
    if (!match || req.method !== 'POST') return res.writeHead(404).end();
    tickets.push(url);
    const [, asked, shareId = ''] = match;
    // 'beside': a sealed file's ticket, answered only once its object has been asked for.
    const kind = asked === 'beside' ? 'sealed' : asked;
    if (asked === 'beside' && !objectsAsked.includes(`/sealed/${shareId}`)) {
      await new Promise<void>((resolve) => {
        onObject = resolve;
      });
    }
    if (shareId !== 'TrAnSfEr' && !(shareId in plaintexts)) {
      return res
        .writeHead(410)
        .end(
          '{"error":"This link has been downloaded as often as its sender allowed.","code":"download_limit_reached"}',
        );
    }
    const ticket = (id: keyof typeof plaintexts, path: string) => ({
      shareId: id,
      url: `${origin}/${kind}/${id}`,
      fileName: `${id}.bin`,
      path,
      size: plaintexts[id].byteLength,
    });
    const answer =
      shareId === 'TrAnSfEr'
        ? { tickets: [ticket('FiLe0001', 'video'), ticket('FiLe0002', 'docs/2026')] }
        : ticket(shareId as 'FiLe0001', '');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/**
 * A worker; `installing`: a first visit's, its install under way until `activate()`. `waitingFor`
 * counts what its install gives way to.
 */
function worker({ installing = false } = {}) {
  let pending = 0;
  const install = {
    during<T>(work: Promise<T>) {
      pending += 1;
      const done = () => (pending -= 1);
      work.then(done, done);
      return work;
    },
  };
  const { dispatch, open } = downloadWorker((scope) =>
    registerEarlyDownloads(scope, registerDownloadStreams(scope), install),
  );
  if (installing) dispatch('install', {});
  const activate = () => dispatch('activate', {});
  const tap = (start: Partial<EarlyDownloadStart>) =>
    ask<EarlyDownloadAnswer>(dispatch, {
      type: 'EARLY_DOWNLOAD',
      id: 'dl-1',
      fileName: '',
      zip: false,
      fragment: '',
      keyCheck: '',
      apiKey: 'anon',
      referrer: '',
      url: '',
      ...start,
    });
  return { tap, open, activate, waitingFor: () => pending };
}

describe('a download the worker makes before the app is there', () => {
  it('of a transfer stored as sent: the zip of its files, from their tickets', async () => {
    const { tap, open } = worker();
    const ticket = `${origin}/plain/shares/TrAnSfEr/download`;
    expect(await tap({ fileName: 'TrAnSfEr.zip', zip: true, ticket })).toEqual({ type: 'ready' });
    const response = await open('/download-stream/dl-1');
    expect(response?.headers.get('content-type')).toBe('application/zip');
    expect(response?.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''TrAnSfEr.zip");
    const zip = Buffer.from(await (response as Response).arrayBuffer());
    for (const text of ['video/FiLe0001.bin', 'docs/2026/FiLe0002.bin', 'kısa not']) {
      expect(zip.includes(Buffer.from(text))).toBe(true);
    }
    expect((await open('/download-stream/dl-1'))?.status).toBe(404);
  });

  it('of an encrypted transfer: the zip holds the plaintext, decrypted with the link’s key', async () => {
    const { tap, open } = worker();
    const ticket = `${origin}/sealed/shares/TrAnSfEr/download`;
    expect(await tap({ fileName: 'TrAnSfEr.zip', zip: true, ticket, fragment, keyCheck: check })).toEqual({
      type: 'ready',
    });
    const zip = Buffer.from(await ((await open('/download-stream/dl-1')) as Response).arrayBuffer());
    expect(zip.includes(Buffer.from('kısa not'))).toBe(true);
    expect(zip.includes(Buffer.from(plaintexts.FiLe0001.subarray(0, 4096)))).toBe(true);
  });

  it('of one encrypted file: its plaintext, with its plaintext size, from an object sent without a length', async () => {
    const { tap, open } = worker();
    const ticket = `${origin}/sealed/shares/FiLe0001/download`;
    expect(await tap({ ticket, fragment, keyCheck: check })).toEqual({ type: 'ready' });
    const response = (await open('/download-stream/dl-1')) as Response;
    expect(response.headers.get('content-length')).toBe(String(plaintexts.FiLe0001.byteLength));
    expect(response.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''FiLe0001.bin");
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(plaintexts.FiLe0001))).toBe(true);
  });

  it('of one encrypted file with its own URL: the object is fetched beside the ticket, which still counts it', async () => {
    const { tap, open } = worker();
    const asked = tickets.length;
    const ticket = `${origin}/beside/shares/FiLe0002/download`;
    expect(await tap({ ticket, fragment, keyCheck: check, url: `${origin}/sealed/FiLe0002` })).toEqual({
      type: 'ready',
    });
    expect(tickets.length).toBe(asked + 1);
    const response = (await open('/download-stream/dl-1')) as Response;
    expect(response.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''FiLe0002.bin");
    expect(new TextDecoder().decode(await response.arrayBuffer())).toBe('kısa not');
  });

  it('with its own URL, is refused when the API refuses the ticket', async () => {
    const { tap, open } = worker();
    const ticket = `${origin}/sealed/shares/GoNe0000/download`;
    expect(await tap({ ticket, fragment, keyCheck: check, url: `${origin}/sealed/FiLe0001` })).toEqual({
      type: 'refused',
    });
    expect((await open('/download-stream/dl-1'))?.status).toBe(404);
  });

  it.each([
    ['no key', ''],
    ['a cut key', fragment.slice(0, 20)],
    ['another transfer’s key', `#${linkKeyToFragment(newLinkKey())}`],
  ])('with %s is refused before any ticket is asked for, and nothing is answered', async (_, given) => {
    const { tap, open } = worker();
    const asked = tickets.length;
    const ticket = `${origin}/sealed/shares/FiLe0001/download`;
    expect(await tap({ ticket, fragment: given, keyCheck: check })).toEqual({ type: 'refused' });
    expect(tickets.length).toBe(asked);
    expect((await open('/download-stream/dl-1'))?.status).toBe(404);
  });

  it('is refused when the API refuses the ticket (the app then says why)', async () => {
    const { tap } = worker();
    expect(await tap({ ticket: `${origin}/sealed/shares/GoNe0000/download`, fragment, keyCheck: check })).toEqual({
      type: 'refused',
    });
  });

  describe('while the worker still installs (a first visit)', () => {
    it('hands a small encrypted file over whole, decrypted, and its install gives way until then', async () => {
      const { tap, open, waitingFor } = worker({ installing: true });
      const ticket = `${origin}/sealed/shares/FiLe0002/download`;
      const answering = tap({ ticket, fragment, keyCheck: check });
      expect(waitingFor()).toBe(1);
      const answer = await answering;
      expect(answer).toMatchObject({ type: 'whole', fileName: 'FiLe0002.bin' });
      const bytes = (answer as { bytes: Blob }).bytes;
      expect(await bytes.text()).toBe('kısa not');
      expect(waitingFor()).toBe(0);
      // Nothing was left for the download URL, which an installing worker does not answer anyway.
      expect((await open('/download-stream/dl-1'))?.status).toBe(404);
    });

    it('answers a file over the limit, and a zip, with the download URL once it is active', async () => {
      const { tap, open, activate, waitingFor } = worker({ installing: true });
      const big = tap({ ticket: `${origin}/sealed/shares/BiGfIlE0/download`, fragment, keyCheck: check });
      let answered = false;
      void big.then(() => (answered = true));
      // The answer waits for the activation, and the install, which the activation waits for, is
      // not held meanwhile.
      await expect.poll(waitingFor).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(answered).toBe(false);
      activate();
      expect(await big).toEqual({ type: 'ready' });
      const response = (await open('/download-stream/dl-1')) as Response;
      expect(Number(response.headers.get('content-length'))).toBe(WHOLE_BEFORE_ACTIVE_MAX_BYTES + 1);
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(plaintexts.BiGfIlE0))).toBe(true);

      const zip = worker({ installing: true });
      const zipping = zip.tap({
        fileName: 'TrAnSfEr.zip',
        zip: true,
        ticket: `${origin}/plain/shares/TrAnSfEr/download`,
      });
      let zipAnswered = false;
      void zipping.then(() => (zipAnswered = true));
      await expect.poll(zip.waitingFor).toBe(0);
      expect(zipAnswered).toBe(false);
      zip.activate();
      expect(await zipping).toEqual({ type: 'ready' });
    });
  });
});
