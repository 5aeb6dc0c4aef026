// @vitest-environment node
// fake-indexeddb round-trips Blobs only in the node environment (docs/testing.md).
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import type { CopyWriter } from './device-copy/copy-writer';
import { newJobRecord, summarizeJob, type UploadJobRecord } from './job-record';
import { createUploadStore } from './store';

/** A job of `size` bytes whose upload exists on the server, in parts of 4 bytes, `finished` of them recorded. */
function startedJob(id: string, size: number, finished: number[]): UploadJobRecord {
  return {
    ...newJobRecord({ name: `${id}.txt`, type: 'text/plain', size }, id, 1),
    state: 'uploading',
    fileId: 'f',
    shareId: 's',
    shareUrl: 'https://ulak.test/s/s',
    ownerToken: 't',
    partSize: 4,
    partCount: Math.ceil(size / 4),
    parts: finished.map((partNumber) => ({ partNumber, etag: `"e${partNumber}"` })),
  };
}

async function storedText(store: ReturnType<typeof createUploadStore>, id: string) {
  const [bytes, job] = [await store.getBytes(id), await store.get(id)];
  if (bytes === undefined || job === undefined) return undefined;
  return {
    from: bytes.from,
    text: bytes.from === job.size ? '' : await (await bytes.read(bytes.from, job.size)).text(),
  };
}

describe('the job store and its copy of the bytes', () => {
  it("copies a new job's whole file; record changes leave it, finishing drops it", async () => {
    const store = createUploadStore('store-test-copy', { copyChunkBytes: 2 });
    const { recorded, copied } = store.add(
      newJobRecord({ name: 'a.txt', type: 'text/plain', size: 7 }, 'j', 1),
      new Blob(['abcdefg']),
    );
    await recorded;
    await copied;
    expect(await storedText(store, 'j')).toEqual({ from: 0, text: 'abcdefg' });
    await store.updatePart('j', { partNumber: 1, etag: '"x"' }, 3, 2);
    expect(await storedText(store, 'j')).toEqual({ from: 0, text: 'abcdefg' });
    expect((await store.list())[0]?.bytesDone).toBe(3);

    // A change that is not written keeps the bytes, even when asked to drop them.
    await store.update('j', () => undefined, { dropBytes: true });
    expect(await storedText(store, 'j')).toEqual({ from: 0, text: 'abcdefg' });
    await store.update('j', (job) => ({ ...job, state: 'done' }), { dropBytes: true });
    expect((await store.get('j'))?.state).toBe('done');
    expect(await storedText(store, 'j')).toEqual({ from: 7, text: '' });
    await store.delete('j');
    expect(await store.get('j')).toBeUndefined();
  });

  it('copies from the end back to the first part the bucket has not acknowledged, and no further', async () => {
    const store = createUploadStore('store-test-partial', { copyChunkBytes: 3 });
    // Parts 1, 2 and 4 of 4 are recorded: a resume needs bytes 8 to 13 (part 3 on).
    const { copied } = store.add(startedJob('p', 13, [1, 2, 4]), new Blob(['0123456789abc']));
    await copied;
    // Chunks [10, 13), [7, 10): the first chunk that reaches back to byte 8 is the last one.
    expect(await storedText(store, 'p')).toEqual({ from: 7, text: '789abc' });
  });

  it('stores the copy as ArrayBuffers, never as Blobs (which WebKit stores as the whole file)', async () => {
    const name = 'store-test-buffers';
    const store = createUploadStore(name, { copyChunkBytes: 4 });
    await store.add(newJobRecord({ name: 'b.txt', type: 'text/plain', size: 10 }, 'b', 1), new Blob(['0123456789']))
      .copied;
    const db = await openDB(name);
    const values: unknown[] = await db.getAll('jobChunks');
    db.close();
    expect(values).toHaveLength(3);
    expect(values.every((value) => value instanceof ArrayBuffer)).toBe(true);
    // Any range reads back right, across chunks.
    expect(await (await store.getBytes('b'))?.read(3, 9).then((blob) => blob.text())).toBe('345678');
  });

  it('counts a chunk that reads back at another length as lost, and never cuts it to fit', async () => {
    const name = 'store-test-whole-slices';
    const store = createUploadStore(name, { copyChunkBytes: 4 });
    await store.add(newJobRecord({ name: 'w.txt', type: 'text/plain', size: 8 }, 'w', 1), new Blob(['abcdefgh']))
      .copied;
    // What WebKit gives back for a stored `blob.slice(4, 8)` of an earlier version: the whole file.
    const db = await openDB(name);
    await db.put('jobChunks', new Blob(['abcdefgh']), ['w', 4]);
    await db.put('uploadJobs', { ...(await db.get('uploadJobs', 'w')), copy: undefined });
    db.close();
    const bytes = await store.getBytes('w');
    await expect(bytes?.read(0, 8)).rejects.toThrow('The file is no longer stored on this device.');
  });

  it('writes through the writer it is given, and in IndexedDB when that one cannot open', async () => {
    const store = createUploadStore('store-test-writers', { copyChunkBytes: 4 });
    const writes: number[][] = [];
    const preferred = (): Promise<CopyWriter> =>
      Promise.resolve({
        place: 'opfs',
        write: (start, end) => Promise.resolve(void writes.push([start, end])),
        close: () => Promise.resolve(),
      });
    await store.add(newJobRecord({ name: 'o.txt', type: '', size: 10 }, 'o', 1), new Blob(['0123456789']), preferred)
      .copied;
    expect(writes).toEqual([
      [6, 10],
      [2, 6],
      [0, 2],
    ]);
    expect((await store.get('o'))?.copy).toEqual({ place: 'opfs', from: 0, writing: false });

    const refused = () => Promise.reject(new Error('no sync access handles'));
    await store.add(newJobRecord({ name: 'i.txt', type: '', size: 10 }, 'i', 1), new Blob(['0123456789']), refused)
      .copied;
    expect(await storedText(store, 'i')).toEqual({ from: 0, text: '0123456789' });
  });

  it('shows no progress until every byte is either acknowledged by the bucket or copied', async () => {
    const store = createUploadStore('store-test-held-back', { copyChunkBytes: 4 });
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let wrote = 0;
    const slow = (): Promise<CopyWriter> =>
      Promise.resolve({
        place: 'opfs',
        write: async () => {
          wrote += 1;
          if (wrote === 2) await released;
        },
        close: () => Promise.resolve(),
      });
    const { recorded, copied } = store.add(startedJob('h', 16, []), new Blob(['0123456789abcdef']), slow);
    await recorded;
    // Part 1 of 4 is acknowledged while the copy holds bytes 12 to 16 only: bytes 4 to 12 are in
    // neither place.
    const job = await store.updatePart('h', { partNumber: 1, etag: '"e1"' }, 4, 2);
    expect(job?.bytesDone).toBe(4);
    expect(job && summarizeJob(job).bytesDone).toBe(0);
    release();
    await copied;
    const met = await store.get('h');
    expect(met?.copy).toEqual({ place: 'opfs', from: 4, writing: false });
    expect(met && summarizeJob(met).bytesDone).toBe(4);
  });

  it('copies the whole file of a job that must start over on the server', async () => {
    const store = createUploadStore('store-test-restart', { copyChunkBytes: 3 });
    const { copied } = store.add({ ...startedJob('r', 10, [1, 2]), restartOnRetry: true }, new Blob(['0123456789']));
    await copied;
    expect(await storedText(store, 'r')).toEqual({ from: 0, text: '0123456789' });
  });

  it('leaves no bytes behind of a job removed while its copy is written', async () => {
    const name = 'store-test-removed';
    const store = createUploadStore(name, { copyChunkBytes: 1 });
    const { recorded, copied } = store.add(
      newJobRecord({ name: 'gone.txt', type: 'text/plain', size: 64 }, 'g', 1),
      new Blob(['x'.repeat(64)]),
    );
    await recorded;
    await store.delete('g');
    await copied;
    expect(await store.getBytes('g')).toBeUndefined();
    const db = await openDB(name);
    expect(await db.count('jobChunks')).toBe(0);
    db.close();
  });
});
