// @vitest-environment node
// POST /shares/{id}/download under repetition: what one visitor may take, what is counted, and
// what a logged download keeps, against a real database (PGlite and PostgreSQL 15) and bucket.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../functions/_shared/config.ts';
import { DAY_MS } from '../../functions/_shared/domain/constants.ts';
import { platformForTests, type TestPlatform } from '../platform.ts';
import { TARGETS } from '../targets.ts';
import { body, bytesOf, upload } from './upload-helpers.ts';

const FOLDER_FILES = 300;

let visitorCounter = 0;

/** Each test is its own visitor, so one test's tickets do not limit another's. */
function newVisitor(): Record<string, string> {
  visitorCounter += 1;
  return { 'x-forwarded-for': `198.51.100.${visitorCounter}` };
}

async function downloadCount(p: TestPlatform, shareId: string): Promise<number> {
  return (await body<{ downloadCount: number }>(await p.call('GET', `/shares/${shareId}`))).downloadCount;
}

async function logsOf(p: TestPlatform, shareId: string): Promise<{ referrer: string; user_agent: string | null }[]> {
  return p.ctx.db.query('select referrer, user_agent from public.download_logs where share_id = $1', [shareId]);
}

describe.each(TARGETS)('download tickets on %s', (target) => {
  const p = platformForTests({ target });

  it(`gives one visitor a burst of ${DEFAULT_LIMITS.DOWNLOAD_TICKET_BURST} tickets, then 429 with Retry-After, and counts their repeats once`, async () => {
    const c = await upload(p, 'report.pdf', bytesOf(100), 'application/pdf');
    const visitor = newVisitor();
    const ticket = () => p.call('POST', `/shares/${c.shareId}/download`, { headers: visitor });
    // The clock stands still, so however slow this machine is, no slot comes back meanwhile.
    p.holdTime(true);
    let waited = 0;
    try {
      for (let i = 0; i < DEFAULT_LIMITS.DOWNLOAD_TICKET_BURST; i++) {
        const res = await ticket();
        expect(res.status, `ticket ${i + 1}`).toBe(200);
      }
      const refused = await ticket();
      expect(refused.status).toBe(429);
      expect(await body(refused)).toMatchObject({ code: 'rate_limited' });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60 / DEFAULT_LIMITS.DOWNLOAD_TICKETS_PER_MINUTE);

      // Another visitor is not held back, and the visitor gets one more ticket once the wait is over.
      expect((await p.call('POST', `/shares/${c.shareId}/download`, { headers: newVisitor() })).status).toBe(200);
      waited = retryAfter * 1000;
      p.advanceTime(waited);
      expect((await ticket()).status).toBe(200);
      expect((await ticket()).status).toBe(429);
    } finally {
      p.advanceTime(-waited);
      p.holdTime(false);
    }

    expect(await downloadCount(p, c.shareId)).toBe(2);
    expect(await logsOf(p, c.shareId)).toHaveLength(2);
  }, 300_000);

  it(`lets a recipient fetch a folder of ${FOLDER_FILES} files one file at a time`, async () => {
    const files: { shareId: string }[] = [];
    // Uploaded a few at a time: the test is about the recipient's side.
    for (let i = 0; i < FOLDER_FILES; i += 10) {
      files.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, FOLDER_FILES - i) }, (_, j) =>
            upload(p, `photo-${i + j}.jpg`, bytesOf(10, i + j)),
          ),
        )),
      );
    }
    const visitor = newVisitor();
    for (const [i, f] of files.entries()) {
      const res = await p.call('POST', `/shares/${f.shareId}/download`, { headers: visitor });
      expect(res.status, `file ${i + 1}`).toBe(200);
    }
    expect(await downloadCount(p, files[0]!.shareId)).toBe(1);
    expect(await downloadCount(p, files.at(-1)!.shareId)).toBe(1);
  }, 300_000);

  it('counts a visitor once per file a day, and each other visitor too', async () => {
    const c = await upload(p, 'notes.txt', bytesOf(20));
    const first = newVisitor();
    for (let i = 0; i < 3; i++) {
      expect((await p.call('POST', `/shares/${c.shareId}/download`, { headers: first })).status).toBe(200);
    }
    expect(await downloadCount(p, c.shareId)).toBe(1);
    expect((await p.call('POST', `/shares/${c.shareId}/download`, { headers: newVisitor() })).status).toBe(200);
    expect(await downloadCount(p, c.shareId)).toBe(2);
    p.advanceTime(DAY_MS + 60_000);
    try {
      expect((await p.call('POST', `/shares/${c.shareId}/download`, { headers: first })).status).toBe(200);
      expect(await downloadCount(p, c.shareId)).toBe(3);
    } finally {
      p.advanceTime(-(DAY_MS + 60_000));
    }
    expect(await logsOf(p, c.shareId)).toHaveLength(3);
  });

  it("keeps only the referrer's origin and 200 characters of the user agent", async () => {
    const c = await upload(p, 'slides.pdf', bytesOf(30), 'application/pdf');
    const long = await p.call('POST', `/shares/${c.shareId}/download`, {
      body: { referrer: `https://mail.example.com/inbox/${'x'.repeat(2000)}?token=secret` },
      headers: { ...newVisitor(), 'user-agent': `Mozilla/5.0 ${'A'.repeat(600)}` },
    });
    expect(long.status).toBe(200);
    const odd = await p.call('POST', `/shares/${c.shareId}/download`, {
      body: { referrer: 'not a url '.repeat(300) },
      headers: newVisitor(),
    });
    expect(odd.status).toBe(200);
    const logs = await logsOf(p, c.shareId);
    expect(logs.map((l) => l.referrer)).toContain('https://mail.example.com');
    for (const l of logs) {
      expect(l.referrer.length).toBeLessThanOrEqual(200);
      expect(l.user_agent?.length ?? 0).toBeLessThanOrEqual(200);
    }
    expect(logs.some((l) => l.user_agent?.startsWith('Mozilla/5.0 AAA'))).toBe(true);
  });
});
