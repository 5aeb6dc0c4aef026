// @vitest-environment node
// The expiry sweep against a real database (PGlite and PostgreSQL 15) and the embedded bucket:
// expired files and stale uploads go with their objects, and over HTTP it wants its own secret.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../functions/_shared/config.ts';
import { MINUTE_MS, RETENTION_MS } from '../../functions/_shared/domain/constants.ts';
import { sweepExpired } from '../../functions/_shared/handlers/sweep.ts';
import { TEST_ANON_KEY, TEST_SWEEP_SECRET, platformForTests } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { body, bytesOf, create, putParts, upload } from './upload-helpers.ts';

describe.each(TARGETS)('sweep on %s', (target) => {
  const p = platformForTests({ target });

  it('deletes expired files with their objects and aborts uploads idle past the stale window', async () => {
    const fresh = await create(p, { name: 'fresh.txt', size: 5 });
    await putParts(p, fresh, bytesOf(5));
    const c = await create(p, { name: 'stale.txt', size: 10 });
    await putParts(p, c, bytesOf(10));
    const kept = await upload(p, 'kept.txt', bytesOf(10));

    expect(await sweepExpired(p.ctx)).toEqual({ deletedFiles: 0, abortedUploads: 0 });

    // Past the 3 days: the stale upload and the complete file both go. A new file stays.
    p.advanceTime(Math.max(RETENTION_MS, DEFAULT_LIMITS.STALE_UPLOAD_HOURS * 60 * MINUTE_MS) + MINUTE_MS);
    const young = await upload(p, 'young.txt', bytesOf(10));
    expect(await sweepExpired(p.ctx)).toEqual({ deletedFiles: 1, abortedUploads: 2 });

    expect(await p.storage?.headObject(`uploads/${kept.shareId}/kept.txt`)).toBeNull();
    expect(await p.storage?.listMultipartUploads(`uploads/${c.shareId}/`)).toEqual([]);
    const left = await p.ctx.db.query<{ share_id: string }>('select share_id from public.files');
    expect(left.map((r) => r.share_id)).toEqual([young.shareId]);
    expect(await p.storage?.headObject(`uploads/${young.shareId}/young.txt`)).not.toBeNull();

    const events = await p.ctx.db.query<{ event_type: string }>(
      `select event_type from public.system_logs where event_type = 'files_swept'`,
    );
    expect(events).toHaveLength(1);
  });

  it('runs over HTTP only with the sweep secret', async () => {
    const none = await p.call('POST', '/sweep');
    expect(none.status).toBe(401);
    const wrong = await p.call('POST', '/sweep', { headers: { authorization: `Bearer ${TEST_ANON_KEY}` } });
    expect(wrong.status).toBe(401);
    expect(await body(wrong)).toEqual({ error: 'Invalid sweep secret', code: 'unauthorized' });
    const ok = await p.handler(
      new Request('http://api.test/functions/v1/api/sweep', {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_SWEEP_SECRET}` },
      }),
    );
    expect(ok.status).toBe(200);
    expect(await body(ok)).toEqual({ deletedFiles: 0, abortedUploads: 0 });
  });
});
