// @vitest-environment node
// fake-indexeddb round-trips Blobs only in the node environment (docs/testing.md).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PART_SIZE } from '@domain/constants';
import { toBase64Url } from '@/lib/crypto/base64url';
import { RECORD_PLAINTEXT_SIZE, RECORD_SIZE, ciphertextSize } from '@/lib/crypto/format';
import { deriveFileKey, keyCheck } from '@/lib/crypto/keys';
import { passwordVerifier } from '@/lib/crypto/password';
import { fileCipherOf, newTransferSecrets, rootKeyOf, type TransferSecrets } from '@/lib/crypto/transfer-secrets';
import { decryptWhole, encryptWhole, expectSameBytes } from '@/test/e2e-crypto';
import { sha256 } from '@/test/upload-backend';
import { bytesOf, engineHarness, until } from '@/test/upload-engine-harness';
import { newJobRecord } from './job-record';
import { createUploadStore } from './store';

// Files of an encrypted transfer, uploaded by the engine against the real API and bucket
// (src/test/upload-engine-harness.ts): what the bucket holds, what the requests carry, and a run
// cut off by a crash going on with the same key and the same bytes.
const h = engineHarness();
const PART = DEFAULT_PART_SIZE;

/**
 * A file of `size` recognisable bytes in an encrypted transfer on this device, as the page stores
 * it: in the transfer `transferId`, or a new one.
 */
async function addEncryptedJob(size: number, secrets: TransferSecrets, transferId?: string): Promise<string> {
  transferId ??= await h.addTransfer();
  const id = crypto.randomUUID();
  const file = { name: `secret-${size}.pdf`, type: 'application/pdf', size };
  const record = newJobRecord(file, id, Date.now(), { id: transferId, path: '' }, secrets);
  const { recorded, copied } = h.store.add(record, new Blob([bytesOf(size)]));
  await Promise.all([recorded, copied]);
  return id;
}

/** A fetch for the part PUTs that keeps the SHA-256 of every body sent, by part number. */
function bodyRecorder(): { fetch: typeof fetch; sent: Map<number, string[]>; bodies: Uint8Array[] } {
  const sent = new Map<number, string[]>();
  const bodies: Uint8Array[] = [];
  const recording: typeof fetch = async (input, init) => {
    if (init?.body instanceof Blob) {
      const body = new Uint8Array(await init.body.arrayBuffer());
      const partNumber = Number(new URL(String(input)).searchParams.get('partNumber'));
      sent.set(partNumber, [...(sent.get(partNumber) ?? []), sha256(body)]);
      bodies.push(body);
    }
    return h.backend.partFetch(input, init);
  };
  return { fetch: recording, sent, bodies };
}

/** Every row of every table of the API's database, as JSON text. */
async function databaseRows(): Promise<string[]> {
  const { db } = h.backend.platform.ctx;
  const tables = await db.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  );
  const rows = await Promise.all(
    tables.map(({ name }) => db.query<{ row: string }>(`select row_to_json(t)::text as row from public."${name}" t`)),
  );
  return rows.flat().map(({ row }) => row);
}

/** The job's stored object, downloaded as a recipient would, after checking it decrypts to the picked bytes. */
async function expectDecryptsToPicked(
  jobId: string,
  secrets: TransferSecrets,
  size: number,
  headers?: Record<string, string>,
): Promise<Uint8Array<ArrayBuffer>> {
  const job = await h.store.get(jobId);
  expect(job?.state).toBe('done');
  const shareId = job?.shareId ?? '';
  const stored = await h.backend.downloaded(shareId, headers);
  expect(stored.length).toBe(ciphertextSize(size));
  expectSameBytes(
    await decryptWhole(await fileCipherOf(secrets, shareId), stored, { plaintextSize: size }),
    bytesOf(size),
  );
  // Part by part the same bytes as one encryption of the whole file: the parts line up with records.
  expectSameBytes(stored, await encryptWhole(await fileCipherOf(secrets, shareId), bytesOf(size)));
  return stored;
}

describe("an encrypted transfer's file", () => {
  it('is stored as records that decrypt to the picked bytes, sent in the parts the server planned', async () => {
    const size = 2 * PART + 321;
    const secrets = await newTransferSecrets();
    const jobId = await addEncryptedJob(size, secrets);
    await h.makeEngine().resumeAll();

    const stored = await expectDecryptsToPicked(jobId, secrets, size);
    // The plaintext's pattern appears nowhere in the bucket.
    expect(Buffer.from(stored).indexOf(Buffer.from(bytesOf(64)))).toBe(-1);
    const [transferCall] = h.backend.apiCalls.filter((call) => call.path === 'transfers');
    expect(transferCall?.body).toMatchObject({ encryption: { version: 1, keyCheck: await keyCheck(secrets.linkKey) } });
    expect(h.backend.callsTo('uploads').map((call) => (call.body as { size: number }).size)).toEqual([
      ciphertextSize(size),
    ]);
    const puts = h.okPuts().sort((a, b) => a.partNumber - b.partNumber);
    expect(puts.map((put) => put.bytes)).toEqual([PART, PART, ciphertextSize(size) - 2 * PART]);

    // Done: the record the device keeps no longer holds the key.
    const job = await h.store.get(jobId);
    expect(job?.bytesDone).toBe(size);
    expect(job?.file).toMatchObject({ size, storedSize: ciphertextSize(size) });
    expect(job !== undefined && 'encryption' in job).toBe(false);
  });

  it('of a transfer of several, one of them empty: one transfer, each file under a key of its own', async () => {
    const secrets = await newTransferSecrets();
    const first = await addEncryptedJob(PART + 1, secrets);
    const transferId = (await h.store.get(first))?.transfer?.id;
    const empty = await addEncryptedJob(0, secrets, transferId);
    await h.makeEngine().resumeAll();

    expect(h.backend.apiCalls.filter((call) => call.path === 'transfers')).toHaveLength(1);
    const stored = [
      await expectDecryptsToPicked(first, secrets, PART + 1),
      await expectDecryptsToPicked(empty, secrets, 0),
    ];
    // An empty file is one record: its tag, which only its own key opens.
    expect(stored[1]?.length).toBe(16);
    const emptyId = (await h.store.get(empty))?.shareId ?? '';
    const firstId = (await h.store.get(first))?.shareId ?? '';
    await expect(decryptWhole(await fileCipherOf(secrets, firstId), stored[1] ?? new Uint8Array())).rejects.toThrow();
    expect(emptyId).not.toBe(firstId);
  });

  it('with a password, is sealed under the password-bound key; no request carries a key or the password', async () => {
    const size = PART + 77;
    const password = 'correct horse battery staple';
    const secrets = await newTransferSecrets(password);
    const jobId = await addEncryptedJob(size, secrets);
    const { fetch, bodies } = bodyRecorder();
    await h.makeEngine({ fetch }).resumeAll();

    const shareId = (await h.store.get(jobId))?.shareId ?? '';
    const passwordKey = secrets.password?.key ?? new Uint8Array(32);
    const verifier = await passwordVerifier(secrets.linkKey, passwordKey);
    const [transferCall] = h.backend.apiCalls.filter((call) => call.path === 'transfers');
    expect(transferCall?.body).toEqual({
      encryption: {
        version: 1,
        keyCheck: await keyCheck(secrets.linkKey),
        password: { salt: toBase64Url(secrets.password?.salt ?? new Uint8Array(16)), verifier },
      },
    });
    const stored = await expectDecryptsToPicked(jobId, secrets, size, { 'X-Share-Proof': verifier });
    // The link key alone (someone with the link but not the password) opens nothing.
    await expect(decryptWhole(await fileCipherOf({ linkKey: secrets.linkKey }, shareId), stored)).rejects.toThrow(
      /authentication/,
    );

    const rootKey = await rootKeyOf(secrets);
    const keys = [secrets.linkKey, passwordKey, rootKey, await deriveFileKey(rootKey, shareId)];
    const spellings = [
      password,
      ...keys.flatMap((key) => [
        toBase64Url(key),
        Buffer.from(key).toString('hex'),
        Buffer.from(key).toString('base64'),
      ]),
    ];
    const requests = [
      ...h.backend.apiCalls.map((call) => JSON.stringify([call.method, call.url, call.headers, call.body])),
      ...h.backend.puts.map((put) => put.url),
    ];
    expect(requests.length).toBeGreaterThan(4);
    for (const spelling of spellings) {
      expect(requests.filter((request) => request.toLowerCase().includes(spelling.toLowerCase()))).toEqual([]);
    }
    // Nor does any body sent to the bucket hold a key's bytes, nor the database or the API's log.
    for (const key of keys) expect(bodies.filter((body) => Buffer.from(body).includes(key))).toEqual([]);
    const server = [...(await databaseRows()), ...h.backend.platform.logs.map((entry) => entry.message)];
    expect(server.join('\n')).toContain(verifier);
    for (const spelling of spellings) {
      expect(server.filter((text) => text.toLowerCase().includes(spelling.toLowerCase()))).toEqual([]);
    }
  });
});

describe('an encrypted upload cut off by a crash', () => {
  it('goes on with the key kept in the job, sends no stored part again, and seals each part to the same bytes', async () => {
    const size = 4 * PART + 5;
    const secrets = await newTransferSecrets();
    const jobId = await addEncryptedJob(size, secrets);
    const first = bodyRecorder();
    h.backend.stall(2);
    const crashed = h.makeEngine({ partsInFlight: 2, fetch: first.fetch });
    void crashed.resumeAll();
    await h.backend.whenStalled();
    await until(async () => ((await h.store.get(jobId))?.parts.length ?? 0) >= 2, 'two parts stored');
    await until(() => first.sent.size >= 4, 'parts 3 and 4 on their way');
    await crashed.stop();

    // The next page or worker opens the database afresh: the key is there, byte for byte.
    // Its copy is written again in chunks (as a page does when it meets the upload), one of which
    // begins where part 3 is stored: a copy that took that for part 3's first byte of the file would
    // stop there, short of it (records hold 16 bytes less of the file than they store).
    const chunk = (size - 2 * PART) / 3;
    const reopened = createUploadStore(h.dbName, { copyChunkBytes: chunk });
    const job = await reopened.get(jobId);
    expect(job?.encryption?.linkKey).toEqual(secrets.linkKey);
    await reopened.update(jobId, (current) => current, { dropBytes: true });
    if (job === undefined) throw new Error('the job is gone');
    await reopened.add(job, new Blob([bytesOf(size)])).copied;
    expect((await reopened.getBytes(jobId))?.from).toBe(2 * PART - chunk);
    expect(2 * PART - chunk).toBeLessThan((2 * PART * RECORD_PLAINTEXT_SIZE) / RECORD_SIZE);
    h.backend.release();

    const putsBefore = h.backend.puts.length;
    const second = bodyRecorder();
    await h.makeEngine({ store: reopened, fetch: second.fetch }).resumeAll();
    const sentAgain = h.backend.puts.slice(putsBefore).map((put) => put.partNumber);
    expect(sentAgain.sort()).toEqual([3, 4, 5]);
    // Parts 3 and 4 were sealed before the crash and again after it: the same bytes both times.
    for (const partNumber of [3, 4]) {
      expect(second.sent.get(partNumber)).toEqual(first.sent.get(partNumber)?.slice(0, 1));
    }
    await expectDecryptsToPicked(jobId, secrets, size);
    expect('encryption' in ((await reopened.get(jobId)) ?? {})).toBe(false);
  });

  it('takes over the parts the bucket holds by their stored lengths, and shows progress in file bytes', async () => {
    const size = 4 * PART + 3;
    const secrets = await newTransferSecrets();
    const jobId = await addEncryptedJob(size, secrets);
    h.backend.stall(3);
    const first = h.makeEngine({ partsInFlight: 1 });
    void first.resumeAll();
    await h.backend.whenStalled();
    await first.stop();
    // The browser was killed as parts 2 and 3 arrived: the bucket has them, the device does not.
    await h.store.update(jobId, (job) => ({
      ...job,
      parts: job.parts.filter((p) => p.partNumber === 1),
      bytesDone: (PART * RECORD_PLAINTEXT_SIZE) / RECORD_SIZE,
      leaseOwner: null,
      leaseUntil: 0,
    }));
    const putsBefore = h.backend.puts.length;
    h.backend.release();

    await h.makeEngine({ partsInFlight: 1 }).resumeAll();
    const sentAgain = h.backend.puts.slice(putsBefore).filter((p) => p.status !== 0);
    expect(sentAgain.map((p) => p.partNumber)).toEqual([4, 5]);
    await expectDecryptsToPicked(jobId, secrets, size);
    const shown = h.events.flatMap((e) => (e.type === 'upload:progress' && e.jobId === jobId ? [e.bytesDone] : []));
    expect(shown.filter((bytes) => bytes > size)).toEqual([]);
    expect(shown.at(-1)).toBe(size);
  });

  it('when cancelled, leaves no key on the device', async () => {
    const secrets = await newTransferSecrets();
    const jobId = await addEncryptedJob(2 * PART, secrets);
    h.backend.stall(1);
    const engine = h.makeEngine({ partsInFlight: 1 });
    void engine.resumeAll();
    await h.backend.whenStalled();
    expect((await h.store.get(jobId))?.encryption?.linkKey).toEqual(secrets.linkKey);
    await engine.cancel(jobId);
    expect(await h.store.list()).toEqual([]);
    expect(await createUploadStore(h.dbName).get(jobId)).toBeUndefined();
  });
});
