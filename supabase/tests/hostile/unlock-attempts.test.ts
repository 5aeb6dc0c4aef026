// @vitest-environment node
// Guessing a transfer's password, in parallel and repeated, against the API on PGlite and
// PostgreSQL 15 (a pool of connections, where races are real): wrong proofs are limited per share
// and per visitor however many arrive at once, a full limit refuses even the right proof (so it
// bounds guesses, not only failures), it opens again when its window ends, and a right proof costs
// no attempt.
import { describe, expect, it } from 'vitest';
import { readLimits } from '../../functions/_shared/config.ts';
import { UNLOCK_SHARE_WINDOW_MS, UNLOCK_VISITOR_WINDOW_MS } from '../../functions/_shared/domain/constants.ts';
import { createTransferWith, newVisitor, passwordValues, randomB64, uploadSized } from '../api/share-access-helpers.ts';
import { body } from '../api/upload-helpers.ts';
import { platformForTests } from '../platform.ts';
import { TARGETS } from '../targets.ts';

const LIMITS = readLimits({});

describe.each(TARGETS)('password guesses on %s', (target) => {
  const p = platformForTests({ target });

  async function passwordTransfer() {
    const password = passwordValues();
    const keyCheck = randomB64(16);
    const t = await createTransferWith(p, { encryption: { version: 1, keyCheck, password } });
    const file = await uploadSized(p, t, 'secret.txt', 100, true);
    return { t, file, password, keyCheck };
  }
  const unlock = (shareId: string, proof: string, visitor = newVisitor()) =>
    p.call('POST', `/shares/${shareId}/unlock`, { body: { proof }, headers: visitor });

  it('lets a share take only its limit of wrong proofs, however many arrive at once', async () => {
    const { t, file, password, keyCheck } = await passwordTransfer();
    // A right proof before any guess costs nothing.
    expect((await unlock(t.shareId, password.verifier)).status).toBe(200);

    const guesses = 3 * LIMITS.unlockFailuresPerShare;
    const answers = await Promise.all(
      Array.from({ length: guesses }, (_, i) =>
        i % 3 === 0
          ? p.call('POST', `/shares/${file.shareId}/download`, {
              body: {},
              headers: { ...newVisitor(), 'x-share-proof': randomB64(32) },
            })
          : unlock(i % 2 ? t.shareId : file.shareId, randomB64(32)),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(LIMITS.unlockFailuresPerShare);
    expect(statuses.filter((s) => s === 429)).toHaveLength(guesses - LIMITS.unlockFailuresPerShare);
    for (const r of answers.filter((r) => r.status === 429)) {
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await body<{ code: string }>(r)).code).toBe('too_many_attempts');
    }

    // Full: the right proof waits too, from anyone, on the page and on a download.
    expect((await unlock(t.shareId, password.verifier)).status).toBe(429);
    const download = await p.call('POST', `/shares/${t.shareId}/download`, {
      body: {},
      headers: { ...newVisitor(), 'x-share-proof': password.verifier },
    });
    expect(download.status).toBe(429);

    p.advanceTime(UNLOCK_SHARE_WINDOW_MS + 1_000);
    try {
      expect(await body(await unlock(t.shareId, password.verifier))).toEqual({ keyCheck });
    } finally {
      p.advanceTime(-(UNLOCK_SHARE_WINDOW_MS + 1_000));
    }
  });

  it("stops one visitor's guesses across shares at the visitor's limit", async () => {
    const visitor = newVisitor();
    const perShare = LIMITS.unlockFailuresPerShare;
    const shares = await Promise.all(
      Array.from({ length: Math.ceil(LIMITS.unlockFailuresPerVisitor / perShare) + 1 }, passwordTransfer),
    );
    const statuses: number[] = [];
    for (const { t } of shares) {
      const answers = await Promise.all(
        Array.from({ length: perShare }, () => unlock(t.shareId, randomB64(32), visitor)),
      );
      statuses.push(...answers.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 403)).toHaveLength(LIMITS.unlockFailuresPerVisitor);
    // The last share took no failure from this visitor: another visitor still gets in.
    const last = shares.at(-1)!;
    expect((await unlock(last.t.shareId, last.password.verifier)).status).toBe(200);
    expect((await unlock(last.t.shareId, last.password.verifier, visitor)).status).toBe(429);
    p.advanceTime(UNLOCK_VISITOR_WINDOW_MS + 1_000);
    try {
      expect((await unlock(last.t.shareId, last.password.verifier, visitor)).status).toBe(200);
    } finally {
      p.advanceTime(-(UNLOCK_VISITOR_WINDOW_MS + 1_000));
    }
  });
});
