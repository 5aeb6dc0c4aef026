// @vitest-environment node
// fake-indexeddb round-trips Blobs only in the node environment (docs/testing.md).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PART_SIZE } from '@domain/constants';
import { engineHarness } from '@/test/upload-engine-harness';
import { createUploadApi } from './api';

// The presigned part URLs of a run, against the real API and bucket (src/test/upload-engine-harness.ts).
const h = engineHarness();
const PART = DEFAULT_PART_SIZE;

describe('the part URLs of a run', () => {
  it('asks for a new URL when a part URL has expired', async () => {
    const jobId = await h.addJob(2 * PART + 1);
    h.backend.expireNextUrl(3);
    await h.makeEngine().resumeAll();

    await h.expectStoredAsPicked(jobId, 2 * PART + 1);
    expect(h.backend.puts.filter((p) => p.partNumber === 3).map((p) => p.status)).toEqual([403, 200]);
    expect(h.backend.signCalls().filter((numbers) => numbers.includes(3))).toHaveLength(2);
  });

  it('signs the next parts while the current ones are sent, so no part waits for its URL', async () => {
    const jobId = await h.addJob(4 * PART + 1);
    const log: string[] = [];
    const api = createUploadApi(h.backend.client);
    const partFetch: typeof fetch = async (url, init) => {
      const n = new URL(String(url)).searchParams.get('partNumber');
      log.push(`put ${n}`);
      try {
        return await h.backend.partFetch(url, init);
      } finally {
        log.push(`sent ${n}`);
      }
    };
    await h
      .makeEngine({
        api: {
          ...api,
          signParts: (...args) => {
            log.push(`sign ${args[2].join(',')}`);
            return api.signParts(...args);
          },
        },
        fetch: partFetch,
        partsInFlight: 1,
        signBatchSize: 2,
      })
      .resumeAll();

    await h.expectStoredAsPicked(jobId, 4 * PART + 1);
    const signs = log.filter((entry) => entry.startsWith('sign'));
    expect(signs).toEqual(['sign 1,2', 'sign 3,4', 'sign 5']);
    // Each later batch was asked for while the part before it was still on its way.
    for (const [batch, previous] of [
      ['sign 3,4', 'sent 2'],
      ['sign 5', 'sent 4'],
    ] as const) {
      expect(log.indexOf(batch)).toBeLessThan(log.indexOf(previous));
    }
  });
});
