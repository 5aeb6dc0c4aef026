// @vitest-environment node
// fake-indexeddb round-trips Blobs only in the node environment (docs/testing.md).
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIB } from '@domain/constants';
import { E2eError, type E2eErrorCode } from '@/lib/crypto/errors';
import { ciphertextSize, RECORD_PLAINTEXT_SIZE, RECORD_SIZE } from '@/lib/crypto/format';
import { keyCheck, type FileCipher } from '@/lib/crypto/keys';
import { linkKeyToFragment } from '@/lib/crypto/link-key';
import { RECORDS_IN_FLIGHT } from '@/lib/crypto/records';
import { passwordVerifier } from '@/lib/crypto/password';
import { recipientSecrets } from '@/lib/crypto/recipient-key';
import { fileCipherOf, newTransferSecrets, type TransferSecrets } from '@/lib/crypto/transfer-secrets';
import { encryptWhole, expectSameBytes, randomBytes } from '@/test/e2e-crypto';
import { bytesOf, engineHarness } from '@/test/upload-engine-harness';
import { newJobRecord } from '@/lib/upload-engine/job-record';
import { decryptedFile, decryptedRange, READ_AHEAD_RECORDS, type EncryptedFile } from './decrypt-file';

// A recipient's download of end-to-end encrypted files from the real bucket (the embedded S3 behind
// the real API, src/test/upload-engine-harness.ts): whole files, the records behind a video's
// seek, and what a broken link or changed stored bytes end in.
const h = engineHarness();
const P = RECORD_PLAINTEXT_SIZE;

/** `stored` put in the real bucket as an object of its own; its presigned GET. */
async function inBucket(stored: Uint8Array<ArrayBuffer>): Promise<string> {
  const storage = h.backend.platform.storage;
  if (!storage) throw new Error('The test platform has no bucket');
  const key = `decrypt-test/${crypto.randomUUID()}`;
  const meta = { contentType: 'application/octet-stream', originalName: 'f.bin', uploadDate: new Date().toISOString() };
  const uploadId = await storage.createMultipartUpload(key, meta);
  const put = await fetch(await storage.presignUploadPart(key, uploadId, 1, stored.length, 600), {
    method: 'PUT',
    body: stored,
  });
  expect(put.status).toBe(200);
  await storage.completeMultipartUpload(key, uploadId, [{ partNumber: 1, etag: put.headers.get('etag') ?? '' }]);
  return storage.presignGet(key, 600, { fileName: 'f.bin', contentType: 'application/octet-stream' });
}

/** A file of `size` random bytes, encrypted under a fresh transfer key and put in the bucket, changed by `change`. */
async function storedFile(
  size: number,
  change: (stored: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = (s) => s,
) {
  const plaintext = randomBytes(size);
  const cipher = await fileCipherOf(await newTransferSecrets(), 'Fi1eId42');
  const url = await inBucket(change(await encryptWhole(cipher, plaintext)));
  return { plaintext, file: { url, name: 'f.bin', path: '', size, cipher } satisfies EncryptedFile };
}

/** Reads a decrypted stream to its end or its error: the plaintext that came out and the error's code. */
async function drain(stream: ReadableStream<Uint8Array> | Promise<ReadableStream<Uint8Array>>) {
  const chunks: Uint8Array[] = [];
  try {
    const reader = (await stream).getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    return { bytes: Buffer.concat(chunks), code: 'none' as const };
  } catch (error) {
    if (!(error instanceof E2eError)) throw error;
    return { bytes: Buffer.concat(chunks), code: error.code };
  }
}

describe('a whole encrypted file', () => {
  it.each([0, 1, P, P + 1, 3 * MIB + 5])('of %i bytes decrypts to the same bytes', async (size) => {
    const { plaintext, file } = await storedFile(size);
    const { bytes, code } = await drain(decryptedFile(file));
    expect(code).toBe('none');
    expectSameBytes(bytes, plaintext);
  });

  it("uploaded by the engine opens from its link, the share's key check and its download ticket", async () => {
    const size = 2 * MIB + 7;
    const secrets = await newTransferSecrets();
    const shareId = await uploadedByEngine(size, secrets);
    const share = (await (await h.backend.platform.call('GET', `/shares/${shareId}`)).json()) as {
      size: number;
      storedSize: number;
      encryption: { keyCheck: string };
    };
    expect(share).toMatchObject({ size, storedSize: ciphertextSize(size) });
    const opened = await recipientSecrets(`#${linkKeyToFragment(secrets.linkKey)}`, share.encryption.keyCheck);
    const ticket = await h.backend.platform.call('POST', `/shares/${shareId}/download`, { body: {} });
    const { url } = (await ticket.json()) as { url: string };
    const file = { url, name: 'f', path: '', size, cipher: await fileCipherOf(opened, shareId) };
    const { bytes, code } = await drain(decryptedFile(file));
    expect(code).toBe('none');
    expectSameBytes(bytes, bytesOf(size));
    // A seek into it fetches and opens only the records it needs.
    expectSameBytes(
      (await drain(decryptedRange(file, MIB - 3, MIB + 3 * P))).bytes,
      bytesOf(size).subarray(MIB - 3, MIB + 3 * P),
    );
  });
  it('is read from the bucket only as fast as its plaintext is taken: a chunk ahead, never the file', async () => {
    const size = 8 * MIB + 5;
    const { plaintext, file } = await storedFile(size);
    const whole = new Uint8Array(await (await fetch(file.url)).arrayBuffer());
    let pulled = 0;
    let taken = 0;
    let mostAhead = 0;
    // The bucket's answer, handed over a record at a time as the decrypting stage asks for it.
    const counting: typeof fetch = () => {
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (pulled >= whole.length) return controller.close();
            controller.enqueue(whole.slice(pulled, pulled + RECORD_SIZE));
            pulled = Math.min(pulled + RECORD_SIZE, whole.length);
            mostAhead = Math.max(mostAhead, pulled - taken);
          },
        },
        { highWaterMark: 0 },
      );
      return Promise.resolve(new Response(body, { headers: { 'content-length': String(whole.length) } }));
    };
    const reader = (await decryptedFile(file, { fetch: counting })).getReader();
    const out: Uint8Array[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      out.push(next.value);
      taken += (next.value.length / P) * RECORD_SIZE;
      // A slow disk: the reader comes back after a turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expectSameBytes(Buffer.concat(out), plaintext);
    expect(mostAhead).toBeGreaterThan(0);
    // The chunk being put together, the records being opened, and the bucket's next answer.
    expect(mostAhead).toBeLessThanOrEqual((READ_AHEAD_RECORDS + RECORDS_IN_FLIGHT + 3) * RECORD_SIZE);
  });
});

/** Uploads `size` recognisable bytes as a file of an encrypted transfer, with the real engine; its share id. */
async function uploadedByEngine(size: number, secrets: TransferSecrets): Promise<string> {
  const transferId = await h.addTransfer();
  const id = crypto.randomUUID();
  const record = newJobRecord(
    { name: 'f.bin', type: 'application/pdf', size },
    id,
    Date.now(),
    { id: transferId, path: '' },
    secrets,
  );
  const { recorded, copied } = h.store.add(record, new Blob([bytesOf(size)]));
  await Promise.all([recorded, copied]);
  await h.makeEngine().resumeAll();
  return (await h.store.get(id))?.shareId ?? '';
}

describe('a plaintext range of an encrypted file (a video seek)', () => {
  const size = 4 * P + 100;
  let stored: Awaited<ReturnType<typeof storedFile>>;
  beforeAll(async () => {
    stored = await storedFile(size);
  });
  it.each([
    ['inside one record', 10, 20],
    ['one whole record, edge to edge', P, 2 * P],
    ['the last byte of a record', P - 1, P],
    ['the first byte of a record', 2 * P, 2 * P + 1],
    ['across a record edge', P - 1, P + 1],
    ['across three records', P - 5, 3 * P + 5],
    ['the last byte of the file', size - 1, size],
    ['the whole file', 0, size],
    ['empty', 7, 7],
  ])('%s: exactly those bytes, from the records behind them only', async (_, start, end) => {
    const { plaintext, file } = stored;
    const asked: string[] = [];
    const recording: typeof fetch = (input, init) => {
      asked.push(new Headers(init?.headers).get('range') ?? 'all');
      return fetch(input, init);
    };
    const { bytes, code } = await drain(decryptedRange(file, start, end, { fetch: recording }));
    expect(code).toBe('none');
    expectSameBytes(bytes, plaintext.subarray(start, end));
    if (start === end) return expect(asked).toEqual([]);
    const first = Math.floor(start / P) * RECORD_SIZE;
    const last = Math.min(Math.ceil(end / P) * RECORD_SIZE, ciphertextSize(size));
    expect(asked).toEqual([first === 0 && last === ciphertextSize(size) ? 'all' : `bytes=${first}-${last - 1}`]);
  });

  it('of an empty file is empty, and a range past its end is refused', async () => {
    const { file } = await storedFile(0);
    expect((await drain(decryptedRange(file, 0, 0))).bytes.length).toBe(0);
    await expect(decryptedRange(file, 0, 1)).rejects.toThrow(RangeError);
    await expect(decryptedRange(stored.file, size - 1, size + 1)).rejects.toThrow(RangeError);
  });
});

describe('changed stored bytes', () => {
  const size = 4 * P + 100;
  const flipAt = (at: number) => (s: Uint8Array<ArrayBuffer>) => ((s[at]! ^= 0x01), s);

  it.each([
    ['the first record', 5, 0],
    ['a middle record', 2 * RECORD_SIZE + 9, 2],
    ["the last record's tag", ciphertextSize(size) - 1, 4],
  ])('a flipped byte in %s: "damaged", no plaintext of that record or after it', async (_, at, record) => {
    const { plaintext, file } = await storedFile(size, flipAt(at));
    const { bytes, code } = await drain(decryptedFile(file));
    expect(code).toBe('damaged');
    expectSameBytes(bytes, plaintext.subarray(0, record * P));
    // A seek into the changed record fails the same way; one beside it still plays.
    expect((await drain(decryptedRange(file, record * P, record * P + 1))).code).toBe('damaged');
    const other = record === 0 ? 1 : 0;
    expectSameBytes(
      (await drain(decryptedRange(file, other * P, other * P + 9))).bytes,
      plaintext.subarray(other * P, other * P + 9),
    );
  });

  it.each([
    ['at a record edge', 2 * RECORD_SIZE],
    ['inside a record', 2 * RECORD_SIZE + 100],
  ])('an object cut %s: "truncated" before any plaintext', async (_, length) => {
    const { file } = await storedFile(size, (s) => s.slice(0, length));
    expect(await drain(decryptedFile(file))).toEqual({ bytes: Buffer.alloc(0), code: 'truncated' });
    // A seek past the cut, or into it, is refused the same way.
    expect((await drain(decryptedRange(file, 3 * P, 3 * P + 1))).code).toBe('truncated');
    expect((await drain(decryptedRange(file, P, 3 * P))).code).toBe('truncated');
  });

  it('an answer cut on the way (the connection drops): "truncated", only whole checked records out', async () => {
    const { plaintext, file } = await storedFile(size);
    const cutting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const reader = response.body!.getReader();
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = await reader.read();
          const room = 2 * RECORD_SIZE + 10 - sent;
          if (next.done || room <= 0) return controller.close();
          controller.enqueue(next.value.subarray(0, room));
          sent += Math.min(room, next.value.length);
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
    const { bytes, code } = await drain(decryptedFile(file, { fetch: cutting }));
    expect(code).toBe('truncated');
    expectSameBytes(bytes, plaintext.subarray(0, 2 * P));
  });

  it('an object longer than the file\'s records: "damaged" before any plaintext', async () => {
    const { file } = await storedFile(size, (s) => new Uint8Array([...s, 0]));
    expect(await drain(decryptedFile(file))).toEqual({ bytes: Buffer.alloc(0), code: 'damaged' });
  });

  it('another file\'s records under this file\'s name: "damaged"', async () => {
    const { file } = await storedFile(size);
    const other = await storedFile(size);
    expect((await drain(decryptedFile({ ...file, cipher: other.file.cipher }))).code).toBe('damaged');
  });
});

describe('a link that cannot open the transfer', () => {
  async function codeOf(fragment: string, check: string): Promise<E2eErrorCode | 'none'> {
    return recipientSecrets(fragment, check).then(
      () => 'none',
      (error: unknown) => (error instanceof E2eError ? error.code : Promise.reject(error)),
    );
  }

  it('says incomplete, broken or wrong key before any file is fetched', async () => {
    const secrets = await newTransferSecrets();
    const check = await keyCheck(secrets.linkKey);
    const fragment = linkKeyToFragment(secrets.linkKey);
    expect(await codeOf(`#${fragment}`, check)).toBe('none');
    expect(await codeOf('', check)).toBe('link-incomplete');
    expect(await codeOf(`#${fragment.slice(0, 42)}`, check)).toBe('link-incomplete');
    expect(await codeOf(`#${fragment}!`, check)).toBe('link-malformed');
    const other = linkKeyToFragment((await newTransferSecrets()).linkKey);
    expect(await codeOf(`#${other}`, check)).toBe('wrong-key');
  });

  it('with a password: the key is bound to it, and a wrong password opens nothing', async () => {
    const secrets = await newTransferSecrets('hunter2 but longer');
    const shareId = await uploadedByEngine(P + 3, secrets);
    const fragment = `#${linkKeyToFragment(secrets.linkKey)}`;
    const opened = await recipientSecrets(fragment, await keyCheck(secrets.linkKey), secrets.password);
    const proof = await passwordVerifier(secrets.linkKey, secrets.password!.key);
    const ticket = await h.backend.platform.call('POST', `/shares/${shareId}/download`, {
      body: {},
      headers: { 'X-Share-Proof': proof },
    });
    const { url } = (await ticket.json()) as { url: string };
    const file = (cipher: FileCipher) => ({ url, name: 'f', path: '', size: P + 3, cipher });
    expectSameBytes((await drain(decryptedFile(file(await fileCipherOf(opened, shareId))))).bytes, bytesOf(P + 3));
    const wrong = { ...secrets, password: { salt: secrets.password!.salt, key: new Uint8Array(32).fill(1) } };
    const withWrong = await recipientSecrets(fragment, await keyCheck(secrets.linkKey), wrong.password);
    expect(await drain(decryptedFile(file(await fileCipherOf(withWrong, shareId))))).toEqual({
      bytes: Buffer.alloc(0),
      code: 'damaged',
    });
  });
});
