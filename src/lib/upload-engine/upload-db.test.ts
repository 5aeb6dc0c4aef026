// @vitest-environment node
// fake-indexeddb round-trips Blobs only in the node environment (docs/testing.md).
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { createShareInbox } from '@/lib/share-inbox/share-inbox';
import { newJobRecord } from './job-record';
import { createUploadStore } from './store';
import { UPLOAD_DB_NAME, UPLOAD_DB_VERSION } from './upload-db';

describe('the upload database', () => {
  it('keeps its name and version, so the uploads queued on a device survive an update of the app', () => {
    expect([UPLOAD_DB_NAME, UPLOAD_DB_VERSION]).toEqual(['ulak', 4]);
  });

  it('keeps queued uploads of versions 1 and 2 (a whole copy of the file) across the upgrades', async () => {
    const name = 'upload-db-test-upgrade';
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
    await v1.put('ownedFiles', { shareId: 's1', ownerToken: 't', fileId: 'f', name: 'kept.txt', createdAt: 1 });
    v1.close();

    const store = createUploadStore(name);
    const upgraded = await store.get('job-1');
    expect(upgraded?.parts).toEqual([{ partNumber: 1, etag: '"e1"' }]);
    expect(upgraded).not.toHaveProperty('blob');
    const bytes = await store.getBytes('job-1');
    expect(bytes?.from).toBe(0);
    expect(await bytes?.read(0, 9).then((blob) => blob.text())).toBe('old bytes');
    expect((await store.listOwnedFiles()).map((owned) => owned.name)).toEqual(['kept.txt']);
    expect(await createShareInbox(name).list()).toEqual([]);
    await store.delete('job-1');
    expect(await store.getBytes('job-1')).toBeUndefined();
  });
});
