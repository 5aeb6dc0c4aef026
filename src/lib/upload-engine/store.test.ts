// @vitest-environment node
// fake-indexeddb round-trips Blobs only in the node environment (DESIGN §5).
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { createUploadStore, newJobRecord, UPLOAD_DB_VERSION } from './store';

describe('upload store', () => {
  it('keeps queued uploads of version 1 (Blob inside the job record) across the upgrade', async () => {
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
    expect(UPLOAD_DB_VERSION).toBe(2);
    expect(upgraded?.parts).toEqual([{ partNumber: 1, etag: '"e1"' }]);
    expect(upgraded).not.toHaveProperty('blob');
    expect(await (await store.getBlob('job-1'))?.text()).toBe('old bytes');
    expect(await store.listSharedItems()).toEqual([]);
  });

  it("writes a job's Blob once; record changes leave it, finishing drops it", async () => {
    const store = createUploadStore('store-test-blob');
    const { recorded, copied } = store.add(
      newJobRecord({ name: 'a.txt', type: 'text/plain', size: 3 }, 'j', 1),
      new Blob(['abc']),
    );
    await recorded;
    // Read while the copy may still be written: the read waits for it.
    expect(await (await store.getBlob('j'))?.text()).toBe('abc');
    await copied;
    await store.updatePart('j', { partNumber: 1, etag: '"x"' }, 3, 2);
    expect(await (await store.getBlob('j'))?.text()).toBe('abc');
    expect((await store.list())[0]?.bytesDone).toBe(3);

    // A change that is not written keeps the bytes, even when asked to drop them.
    await store.update('j', () => undefined, { dropBlob: true });
    expect(await (await store.getBlob('j'))?.text()).toBe('abc');
    await store.update('j', (job) => ({ ...job, state: 'done' }), { dropBlob: true });
    expect((await store.get('j'))?.state).toBe('done');
    expect(await store.getBlob('j')).toBeUndefined();
    await store.delete('j');
    expect(await store.get('j')).toBeUndefined();
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
