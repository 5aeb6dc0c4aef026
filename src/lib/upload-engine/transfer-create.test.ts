// @vitest-environment node
// fake-indexeddb round-trips Blobs only in the node environment (docs/testing.md).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ShareLookup } from '@domain/api-types';
import { bytesOf, engineHarness } from '@/test/upload-engine-harness';
import { createUploadApi, type UploadApi } from './api';
import { newJobRecord } from './job-record';

// Files picked in one go are one transfer with one link: the runner creates it with the first file
// and every other file joins it with its folder, against the real API and bucket.
const h = engineHarness();

async function addTransferJob(transferId: string, name: string, path: string, size: number): Promise<string> {
  const id = crypto.randomUUID();
  const record = newJobRecord({ name, type: 'text/plain', size }, id, Date.now(), { id: transferId, path });
  const { recorded, copied } = h.store.add(record, new Blob([bytesOf(size)]));
  await Promise.all([recorded, copied]);
  return id;
}

function newTransfer(senderName: string | null, message: string | null): Promise<string> {
  return h.addTransfer({ senderName, message });
}

describe('a transfer of several files', () => {
  it('is created once, by two runners at once, and lists every file with its folder', async () => {
    const transferId = await newTransfer('Ada', 'The photos from Sunday');
    const jobs = [
      await addTransferJob(transferId, 'a.txt', '', 10),
      await addTransferJob(transferId, 'b.txt', 'photos', 20),
      await addTransferJob(transferId, 'c.txt', 'photos/2026', 30),
    ];
    // A worker and a page may start jobs of one transfer together: still one transfer.
    await Promise.all([h.makeEngine().resumeAll(), h.makeEngine().resumeAll()]);

    const record = await h.store.getTransfer(transferId);
    expect(record?.shareId).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(record?.shareUrl).toMatch(/\/s\/[A-Za-z0-9]{8}$/);
    expect(h.backend.apiCalls.filter((call) => call.path === 'transfers')).toHaveLength(1);
    for (const jobId of jobs) expect((await h.store.get(jobId))?.state).toBe('done');

    const answer = await h.backend.client.call<ShareLookup>(`shares/${record?.shareId ?? ''}`, { method: 'GET' });
    expect(answer.kind).toBe('transfer');
    if (answer.kind !== 'transfer') return;
    expect(answer.senderName).toBe('Ada');
    expect(answer.message).toBe('The photos from Sunday');
    expect(answer.files.map((file) => [file.path, file.name])).toEqual([
      ['', 'a.txt'],
      ['photos', 'b.txt'],
      ['photos/2026', 'c.txt'],
    ]);
  });

  it("carries the sender's download limit to the server", async () => {
    const transferId = await h.addTransfer({ maxDownloads: 5 });
    await addTransferJob(transferId, 'a.txt', '', 10);
    await h.makeEngine().resumeAll();
    const shareId = (await h.store.getTransfer(transferId))?.shareId ?? '';
    const answer = await h.backend.client.call<ShareLookup>(`shares/${shareId}`, { method: 'GET' });
    expect(answer).toMatchObject({ kind: 'transfer', maxDownloads: 5, downloadsLeft: 5 });
  });

  it("a runner that died awaiting a file's create leaves the next one that same upload, not a second", async () => {
    const transferId = await newTransfer(null, null);
    const jobId = await addTransferJob(transferId, 'clip.mp4', 'videos', 40);
    const real = createUploadApi(h.backend.client);
    let created: () => void = () => undefined;
    const serverCreated = new Promise<void>((resolve) => {
      created = resolve;
    });
    // The server creates the upload; its answer never reaches the runner, which is stopped meanwhile
    // (a tab closed while the answer was on its way).
    const lostAnswer: UploadApi = {
      ...real,
      createUpload: async (file, signal) => {
        await real.createUpload(file, signal);
        created();
        return new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
        });
      },
    };
    const first = h.makeEngine({ api: lostAnswer });
    void first.resumeAll();
    await serverCreated;
    await first.stop();
    expect((await h.store.get(jobId))?.fileId).toBeNull();

    await h.makeEngine().resumeAll();
    await h.expectStoredAsPicked(jobId, 40);
    const shareId = (await h.store.getTransfer(transferId))?.shareId ?? '';
    const answer = await h.backend.client.call<ShareLookup>(`shares/${shareId}`, { method: 'GET' });
    expect(answer).toMatchObject({ kind: 'transfer', pendingFiles: 0 });
    if (answer.kind !== 'transfer') return;
    expect(answer.files.map((file) => [file.path, file.name])).toEqual([['videos', 'clip.mp4']]);
    expect(h.backend.apiCalls.filter((call) => call.path === 'uploads').map((call) => call.status)).toEqual([201, 200]);
  });

  it('a job whose transfer the device no longer holds fails, saying so', async () => {
    const jobId = await addTransferJob(crypto.randomUUID(), 'lost.txt', '', 5);
    await h.makeEngine().resumeAll();
    const job = await h.store.get(jobId);
    expect(job?.state).toBe('failed');
    expect(job?.failure?.code).toBe('transfer_not_found');
  });
});
