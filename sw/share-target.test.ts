// @vitest-environment node
// fake-indexeddb round-trips Blobs only in the node environment (docs/testing.md).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createShareInbox } from '@/lib/share-inbox/share-inbox';
import { isFromAnotherSite, refuseShare, takeShare } from './share-target';

const ORIGIN = 'https://ulak.test';

function sharePost(form: FormData): Request {
  return new Request(`${ORIGIN}/share-target`, { method: 'POST', body: form });
}

describe('the share target in the worker', () => {
  it('stores the shared files with their names and the shared text, and answers 303 to /shared', async () => {
    const inbox = createShareInbox('share-target-test-1');
    const form = new FormData();
    form.append('title', 'Trip');
    form.append('text', 'Two files');
    form.append('url', '');
    form.append('files', new File(['first file'], 'a.txt', { type: 'text/plain' }));
    form.append('files', new File([new Uint8Array([1, 2, 3])], 'b.bin', { type: 'application/octet-stream' }));

    const response = await takeShare(sharePost(form), inbox, ORIGIN, 1_000);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${ORIGIN}/shared`);

    const [item] = await inbox.list();
    expect(item).toMatchObject({ sharedAt: 1_000, title: 'Trip', text: 'Two files', url: null });
    expect(item?.files.map(({ name, type, size }) => ({ name, type, size }))).toEqual([
      { name: 'a.txt', type: 'text/plain', size: 10 },
      { name: 'b.bin', type: 'application/octet-stream', size: 3 },
    ]);
    expect(await item?.files[0]?.blob.text()).toBe('first file');
  });

  it('a body that is not a form still lands on /shared, storing nothing', async () => {
    const inbox = createShareInbox('share-target-test-2');
    const request = new Request(`${ORIGIN}/share-target`, { method: 'POST', body: 'not a form' });
    const response = await takeShare(request, inbox, ORIGIN);
    expect(response.status).toBe(303);
    expect(await inbox.list()).toEqual([]);
  });
});

describe('telling a launch by the system from a form on another website', () => {
  const post = (headers: Record<string, string> = {}, referrer?: string) =>
    new Request(`${ORIGIN}/share-target`, { method: 'POST', headers, ...(referrer ? { referrer } : {}) });

  it("refuses a form on another website: its Origin header, or a page that is not the app's", () => {
    expect(isFromAnotherSite(post({ origin: 'https://evil.test' }), ORIGIN, false)).toBe(true);
    // The page hid its origin (referrer policy no-referrer), but it is a client the worker cannot get.
    expect(isFromAnotherSite(post({ origin: 'null' }), ORIGIN, false)).toBe(true);
  });

  it('takes a launch by the system (no page behind it) and a page of the app itself', () => {
    expect(isFromAnotherSite(post({ origin: 'null' }), ORIGIN, null)).toBe(false);
    expect(isFromAnotherSite(post(), ORIGIN, null)).toBe(false);
    expect(isFromAnotherSite(post({ origin: ORIGIN }), ORIGIN, true)).toBe(false);
  });

  it('sends a refused POST to /shared, which says so', () => {
    const response = refuseShare(ORIGIN);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${ORIGIN}/shared?refused=1`);
  });
});
