// @vitest-environment node
// fake-indexeddb round-trips Blobs only in the node environment (docs/testing.md).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createShareInbox } from './share-inbox';

describe('the share inbox', () => {
  it('keeps shared items until they are deleted, oldest first', async () => {
    const inbox = createShareInbox('share-inbox-test');
    const file = { blob: new Blob(['hi']), name: 'hi.txt', type: 'text/plain', size: 2 };
    await inbox.put({ id: 'b', sharedAt: 2, title: null, text: null, url: null, files: [file] });
    await inbox.put({ id: 'a', sharedAt: 1, title: 'T', text: null, url: null, files: [] });
    expect((await inbox.list()).map((item) => item.id)).toEqual(['a', 'b']);
    expect(await (await inbox.list())[1]?.files[0]?.blob.text()).toBe('hi');
    await inbox.delete('a');
    expect((await inbox.list()).map((item) => item.id)).toEqual(['b']);
  });
});
