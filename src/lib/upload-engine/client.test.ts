// @vitest-environment node
// The page bridge where no service worker controls the page: it runs the engine itself. Node has
// no service worker, so this is that path, with the app's own API client (configured from the
// environment, as in the app) against the real API and bucket (src/test/upload-backend.ts).
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_CHANNEL, type UploadEvent } from './protocol';
import type * as StoreModule from './store';
import { fileCipherOf, newTransferSecrets } from '@/lib/crypto/transfer-secrets';
import { decryptWhole } from '@/test/e2e-crypto';
import { startTestBackend, TEST_ANON_KEY, type TestBackend } from '@/test/upload-backend';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
  vi.stubEnv('VITE_SUPABASE_URL', backend.origin);
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', TEST_ANON_KEY);
});

beforeEach(() => {
  backend.reset();
  vi.stubGlobal('fetch', backend.globalFetch);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await backend.close();
});

describe('upload client (no service worker)', () => {
  it('stores the files, uploads them and hands back each share link', async () => {
    const client = await import('./client');
    const owned = await import('./owned-files');
    const events: UploadEvent[] = [];
    const unsubscribe = client.subscribeUploads((event) => events.push(event));

    const files = [new File(['a'.repeat(2500)], 'notes.txt', { type: 'text/plain' }), new File(['b'], 'b.bin')];
    const refs = await client.enqueueUploads(files);
    expect(refs.map((r) => [r.name, r.size])).toEqual([
      ['notes.txt', 2500],
      ['b.bin', 1],
    ]);

    const uploaded = await Promise.all(refs.map((ref) => client.waitForUpload(ref.jobId)));
    expect(uploaded.map((f) => f.name)).toEqual(['notes.txt', 'b.bin']);
    for (const file of uploaded) expect(file.shareUrl).toBe(`http://app.test/s/${file.shareId}`);

    const jobs = await client.listJobs();
    expect(jobs.map((j) => [j.name, j.state, j.bytesDone])).toEqual([
      ['notes.txt', 'done', 2500],
      ['b.bin', 'done', 1],
    ]);
    // Other tabs learn the same through the channel, link included.
    await vi.waitFor(() => {
      const done = events.filter((e) => e.type === 'upload:state' && e.job.state === 'done');
      expect(done.map((e) => e.type === 'upload:state' && e.job.shareUrl)).toEqual(uploaded.map((f) => f.shareUrl));
    });
    expect(events.some((e) => e.type === 'upload:state' && e.job.state === 'queued')).toBe(true);
    unsubscribe();

    // Transfers lists and deletes with the owner records: the server knows them as this device's.
    const ownedFiles = await owned.listOwnedFiles();
    expect(ownedFiles.map((o) => o.shareId).sort()).toEqual(uploaded.map((f) => f.shareId).sort());
    const lookup = await backend.platform.call('POST', '/files/lookup', {
      body: { items: ownedFiles.map(({ shareId, ownerToken }) => ({ shareId, ownerToken })) },
    });
    expect(((await lookup.json()) as { files: unknown[] }).files).toHaveLength(2);
    const first = uploaded[0]?.shareId ?? '';
    await owned.forgetOwnedFile(first);
    expect(await owned.getOwnerToken(first)).toBeUndefined();

    await client.clearFinishedJobs();
    expect(await client.listJobs()).toEqual([]);
  });

  it('encrypts the files of a transfer given keys: the bucket holds records only its key opens', async () => {
    const client = await import('./client');
    const secrets = await newTransferSecrets();
    const text = 'the meeting moves to Thursday '.repeat(3000);
    const [ref] = await client.enqueueUploads([new File([text], 'plans.txt')], { transfer: { encryption: secrets } });
    const file = await client.waitForUpload(ref?.jobId ?? '');

    const stored = await backend.downloaded(file.shareId);
    expect(new TextDecoder().decode(stored)).not.toContain('Thursday');
    const opened = await decryptWhole(await fileCipherOf(secrets, file.shareId), stored);
    expect(new TextDecoder().decode(opened)).toBe(text);

    // The job gave up its keys; the device's record of the transfer keeps the link key, so the
    // full link can be shown again after a reload.
    const store = (await import('./store')).getUploadStore();
    expect((await store.get(ref?.jobId ?? ''))?.encryption).toBeUndefined();
    const record = await (await import('./owned-transfers')).getOwnedTransfer(ref?.transferId ?? '');
    expect(record?.linkKey).toEqual(secrets.linkKey);
    expect(record?.shareId).not.toBeNull();
    await client.clearFinishedJobs();
  });

  it('cancelling forgets the upload, tells the server, and rejects whoever waits for it', async () => {
    const client = await import('./client');
    backend.stall(0);
    const stalled = backend.whenStalled();
    const [ref] = await client.enqueueUploads([new File(['x'.repeat(3000)], 'big.bin')]);
    const jobId = ref?.jobId ?? '';
    const outcome = client.waitForUpload(jobId).catch((error: unknown) => error);
    await stalled;
    await client.cancelUpload(jobId);
    expect(await outcome).toMatchObject({ cause: { code: 'upload_cancelled' } });
    expect(await client.listJobs()).toEqual([]);
    expect(backend.callsTo('abort').map((call) => call.status)).toEqual([204]);
  });

  it('tells a page of an upload’s progress at most once per interval, and of every state change in order', async () => {
    const client = await import('./client');
    const records = await import('./job-record');
    const progress = (bytesDone: number): UploadEvent => ({
      type: 'upload:progress',
      jobId: 'j',
      bytesDone,
      size: 100,
      bytesPerSecond: null,
      etaSeconds: null,
    });
    const done: UploadEvent = {
      type: 'upload:state',
      job: records.summarizeJob({ ...records.newJobRecord({ name: 'x', type: '', size: 100 }, 'j', 1), state: 'done' }),
    };
    const seen = (events: UploadEvent[]) =>
      events.map((event) => (event.type === 'upload:progress' ? event.bytesDone : event.job.state));
    const engine = new BroadcastChannel(UPLOAD_CHANNEL);

    // Within the interval: the first step at once, the latest held until the state change.
    const slow: UploadEvent[] = [];
    const unsubscribeSlow = client.subscribeUploads((event) => slow.push(event), { progressEveryMs: 3_600_000 });
    for (const event of [progress(10), progress(20), progress(30), done]) engine.postMessage(event);
    // Generous timeouts: a loaded machine may be slow to deliver, never wrong in what it delivers.
    await vi.waitFor(() => expect(seen(slow)).toEqual([10, 30, 'done']), { timeout: 10_000 });
    unsubscribeSlow();

    // The step held back is given when the interval has passed, without waiting for a state change.
    const fast: UploadEvent[] = [];
    const unsubscribeFast = client.subscribeUploads((event) => fast.push(event), { progressEveryMs: 50 });
    for (const event of [progress(40), progress(50)]) engine.postMessage(event);
    await vi.waitFor(() => expect(seen(fast)).toEqual([40, 50]), { timeout: 10_000 });
    unsubscribeFast();
    engine.close();
  });

  it('says the device is full when the browser will not store the upload', async () => {
    // fake-indexeddb has no quota: the browser's refusal is played by the store.
    vi.resetModules();
    vi.doMock('./store', async (importOriginal) => {
      const actual = await importOriginal<typeof StoreModule>();
      const store = actual.createUploadStore('client-test-full');
      const refused = () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
      store.add = () => ({ recorded: refused(), copied: refused() });
      return { ...actual, getUploadStore: () => store };
    });
    try {
      const client = await import('./client');
      const { describeError } = await import('@/lib/api/failure');
      const { setupI18n } = await import('@/lib/i18n');
      const i18n = setupI18n('Ulak');
      await i18n.changeLanguage('en');
      const error = await client.enqueueUploads([new File(['x'], 'x.bin')]).catch((caught: unknown) => caught);
      expect(describeError(i18n.t.bind(i18n), error)).toBe(
        'This device has no room left to keep the file for its upload. Free some space and try again.',
      );
      expect(await client.listJobs()).toEqual([]);
    } finally {
      vi.doUnmock('./store');
    }
  });
});
