// @vitest-environment node
// What a browser gets from the bucket for a stored file: the API's ticket, then the embedded
// storage of the one-machine host, on a real HTTP server.
import { describe, expect, it } from 'vitest';
import { platformForTests } from '../platform.ts';
import { body, bytesOf, upload } from './upload-helpers.ts';

describe('served types', () => {
  const p = platformForTests();

  it.each(['text/jscript', 'text/livescript', 'image/svg+xml'])(
    'serves a %s upload as plain bytes the browser may not sniff, so no page can run it',
    async (type) => {
      const c = await upload(p, 'payload.js', new TextEncoder().encode('document.title = "pwned"'), type);
      const { url } = await body<{ url: string }>(await p.call('POST', `/shares/${c.shareId}/download`));
      const got = await fetch(url);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('application/octet-stream');
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );

  it('serves an inert type as it is', async () => {
    const c = await upload(p, 'photo.png', bytesOf(64), 'image/png');
    const { url } = await body<{ url: string }>(await p.call('POST', `/shares/${c.shareId}/download`));
    const got = await fetch(url);
    expect(got.headers.get('content-type')).toBe('image/png');
  });
});
