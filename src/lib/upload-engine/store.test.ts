// @vitest-environment node
// fake-indexeddb round-trips Blobs only in the node environment (DESIGN §5).
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { createUploadStore, newJobRecord, UPLOAD_DB_VERSION, type UploadJobRecord } from './store';

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
  const bytes = await store.getBytes(id);
  return bytes === undefined ? undefined : { from: bytes.from, text: await bytes.blob.text() };
}

describe('upload store', () => {
  it('keeps queued uploads of versions 1 and 2 (a whole copy of the file) across the upgrades', async () => {
    const name = 'store-test-upgrade';
    const job = {
      ...newJobRecord({ name: 'old.txt', type: 'text/plain', size: 9 }, 'job-1', 1_000),
      blob: new Blob(['old bytes']),
      parts: [{ partNumber: 1, etag: '"e1"' }],
    };
    const v1 = await openDB(name, 1, {
      upgrade(database) {
        database.createObjectStore('uploadJobs', { keyPath: 'id' });
        database.createObjectStore('ownedFiles', { keyPath: 'shareId' });
      },
    });
    await v1.put('uploadJobs', job);
    v1.close();

    const store = createUploadStore(name);
    const upgraded = await store.get('job-1');
    expect(UPLOAD_DB_VERSION).toBe(3);
    expect(upgraded?.parts).toEqual([{ partNumber: 1, etag: '"e1"' }]);
    expect(upgraded).not.toHaveProperty('blob');
    expect(await storedText(store, 'job-1')).toEqual({ from: 0, text: 'old bytes' });
    expect(await store.listSharedItems()).toEqual([]);
    await store.delete('job-1');
    expect(await store.getBytes('job-1')).toBeUndefined();
  });

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

  it('leaves to an upload that moves the bytes it will send before the copy could write them', async () => {
    const store = createUploadStore('store-test-paced', { copyChunkBytes: 4, catchUpMs: 60_000 });
    const { recorded, copied } = store.add(startedJob('m', 32, []), new Blob(['0123456789abcdefghijklmnopqrstuv']));
    await recorded;
    // The upload records its 8 parts one after another, as fast as the store takes them. The copy
    // gives it half a minute for the first, and then sees it would reach the copy long before the
    // minute is over.
    for (let n = 1; n <= 8; n += 1) await store.updatePart('m', { partNumber: n, etag: `"e${n}"` }, 4, n);
    await copied;
    const stored = await storedText(store, 'm');
    // Without the waits the copy wrote four chunks of the eight.
    expect(stored?.from).toBe(32);
    expect(stored?.text).toBe('0123456789abcdefghijklmnopqrstuv'.slice(stored?.from));
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

  it('keeps shared items until they are deleted, oldest first', async () => {
    const store = createUploadStore('store-test-shared');
    const file = { blob: new Blob(['hi']), name: 'hi.txt', type: 'text/plain', size: 2 };
    await store.putSharedItem({ id: 'b', sharedAt: 2, title: null, text: null, url: null, files: [file] });
    await store.putSharedItem({ id: 'a', sharedAt: 1, title: 'T', text: null, url: null, files: [] });
    expect((await store.listSharedItems()).map((item) => item.id)).toEqual(['a', 'b']);
    expect(await (await store.listSharedItems())[1]?.files[0]?.blob.text()).toBe('hi');
    await store.deleteSharedItem('a');
    expect((await store.listSharedItems()).map((item) => item.id)).toEqual(['b']);
  });
});
