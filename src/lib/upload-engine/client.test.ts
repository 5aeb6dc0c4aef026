// @vitest-environment node
// The page bridge where no service worker controls the page: it runs the engine itself. Node has
// no service worker, so this is that path, against the engine's API and bucket test double.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UploadEvent } from './protocol';
import { startTestUploadServer, TEST_ANON_KEY, type TestUploadServer } from './test-upload-server';

let server: TestUploadServer;

beforeAll(async () => {
  server = await startTestUploadServer({ partSize: 1000 });
  vi.stubEnv('VITE_SUPABASE_URL', server.apiUrl.replace('/functions/v1/api', ''));
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', TEST_ANON_KEY);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

describe('upload client (no service worker)', () => {
  it('stores the files, uploads them and hands back each share link', async () => {
    const client = await import('./client');
    const store = await import('./store');
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
    for (const file of uploaded) expect(file.shareUrl).toBe(`http://ulak.test/s/${file.shareId}`);

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

    // Transfers lists and deletes with the owner records.
    const owned = await store.listOwnedFiles();
    expect(owned.map((o) => o.shareId).sort()).toEqual(uploaded.map((f) => f.shareId).sort());
    const first = uploaded[0]?.shareId ?? '';
    expect(await store.getOwnerToken(first)).toBe(server.uploads.get(uploaded[0]?.fileId ?? '')?.ownerToken);
    await store.forgetOwnedFile(first);
    expect(await store.getOwnerToken(first)).toBeUndefined();

    await client.clearFinishedJobs();
    expect(await client.listJobs()).toEqual([]);
  });

  it('cancelling forgets the upload and rejects whoever waits for it', async () => {
    const client = await import('./client');
    server.stall(0);
    const stalled = server.whenStalled();
    const [ref] = await client.enqueueUploads([new File(['x'.repeat(3000)], 'big.bin')]);
    const jobId = ref?.jobId ?? '';
    const outcome = expect(client.waitForUpload(jobId)).rejects.toThrow(/cancelled/);
    await stalled;
    await client.cancelUpload(jobId);
    await outcome;
    expect(await client.listJobs()).toEqual([]);
    expect(server.aborts).toHaveLength(1);
    server.release();
  });
});
