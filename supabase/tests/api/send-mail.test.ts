// @vitest-environment node
// POST /send against a real database and bucket. The mailer is our own interface's capturing
// implementation (the outbox mailer that `npm start` uses is tested on a real folder separately).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../functions/_shared/config.ts';
import { DAY_MS, MAX_RECIPIENTS, RETENTION_MS } from '../../functions/_shared/domain/constants.ts';
import {
  MAX_SEND_TITLE_LENGTH,
  SEND_MAX_PER_WINDOW,
  SEND_WINDOW_MS,
} from '../../functions/_shared/domain/recipients.ts';
import { sweepExpired } from '../../functions/_shared/handlers/sweep.ts';
import type { MailMessage, Mailer } from '../../functions/_shared/mailer.ts';
import { createOutboxMailer } from '../../host/outbox-mailer.ts';
import { startTestPlatform, TEST_PUBLIC_ORIGIN, type TestPlatform } from '../platform.ts';
import { TARGETS } from '../targets.ts';

interface Uploaded {
  fileId: string;
  shareId: string;
  ownerToken: string;
}

let visitorCounter = 0;

/** Each test is its own visitor, so the rate limit of one does not leak into another. */
function newVisitor(): Record<string, string> {
  visitorCounter += 1;
  return { 'x-forwarded-for': `203.0.113.${visitorCounter}` };
}

async function upload(p: TestPlatform, name: string, text: string): Promise<Uploaded> {
  const bytes = new TextEncoder().encode(text);
  const created = await p.call('POST', '/uploads', { body: { name, size: bytes.length, type: 'text/plain' } });
  expect(created.status).toBe(201);
  const c = (await created.json()) as Uploaded & { partCount: number };
  const signed = await p.call('POST', `/uploads/${c.fileId}/parts`, {
    body: { partNumbers: [1] },
    headers: { 'x-owner-token': c.ownerToken },
  });
  const { urls } = (await signed.json()) as { urls: { url: string }[] };
  const put = await fetch(urls[0]!.url, { method: 'PUT', body: bytes });
  const done = await p.call('POST', `/uploads/${c.fileId}/complete`, {
    body: { parts: [{ partNumber: 1, etag: put.headers.get('etag') }] },
    headers: { 'x-owner-token': c.ownerToken },
  });
  expect(done.status).toBe(200);
  return c;
}

describe.each(TARGETS)('POST /send on %s', (target) => {
  let p: TestPlatform;
  const sent: MailMessage[] = [];
  const capturing: Mailer = {
    from: 'Ulak <no-reply@app.test>',
    async send(message) {
      sent.push(message);
      return { accepted: [...message.to] };
    },
  };
  let report: Uploaded;
  let photo: Uploaded;

  beforeAll(async () => {
    p = await startTestPlatform({ target });
    p.ctx.mailer = capturing;
    report = await upload(p, 'report <final>.txt', 'quarterly numbers');
    photo = await upload(p, 'photo.txt', 'a picture');
  });
  afterAll(async () => {
    await p?.close();
  });
  beforeEach(() => {
    sent.length = 0;
  });

  const items = () => [report, photo].map(({ shareId, ownerToken }) => ({ shareId, ownerToken }));

  it("sends one mail with the names, the links, the expiry warning and the sender's quoted words", async () => {
    const res = await p.call('POST', '/send', {
      headers: newVisitor(),
      body: {
        recipients: ['Ada@Example.com', 'alan@example.org'],
        title: 'Quarterly files',
        message: 'Here are the files we talked about.',
        items: items(),
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ accepted: ['ada@example.com', 'alan@example.org'], delivery: 'sent' });
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.to).toEqual(['ada@example.com', 'alan@example.org']);
    expect(mail.subject).toBe('Ulak: 2 files were shared with you');
    expect(mail.text).toContain(
      'The person who shared them wrote this (not checked by Ulak):\n> Quarterly files\n>\n> Here are the files we talked about.',
    );
    expect(mail.html).toMatch(/<blockquote[^>]*>\s*<p><strong>Quarterly files<\/strong><\/p>/);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Here are the files we talked about.');
      expect(body).toContain(`${TEST_PUBLIC_ORIGIN}/s/${report.shareId}`);
      expect(body).toContain(`${TEST_PUBLIC_ORIGIN}/s/${photo.shareId}`);
      expect(body).toContain('photo.txt');
      expect(body).toContain('These links expire on');
      expect(body).toContain('(3 days after upload)');
    }
    expect(mail.text).toContain('report <final>.txt');
  });

  it('puts the link key the sender gives into that link only, and refuses one that is not a key', async () => {
    const linkKey = Buffer.alloc(32, 7).toString('base64url');
    const [withKey, withoutKey] = items();
    const res = await p.call('POST', '/send', {
      headers: newVisitor(),
      body: { recipients: ['ada@example.com'], items: [{ ...withKey, linkKey }, withoutKey] },
    });
    expect(res.status).toBe(200);
    for (const body of [sent[0]!.text, sent[0]!.html]) {
      expect(body).toContain(`${TEST_PUBLIC_ORIGIN}/s/${report.shareId}#${linkKey}`);
      expect(body).not.toContain(`${TEST_PUBLIC_ORIGIN}/s/${photo.shareId}#`);
    }
    for (const bad of [linkKey.slice(1), `${linkKey.slice(0, 42)}B`, `${linkKey.slice(0, 42)}+`, 7]) {
      const refused = await p.call('POST', '/send', {
        headers: newVisitor(),
        body: { recipients: ['ada@example.com'], items: [{ ...withKey, linkKey: bad }] },
      });
      expect(refused.status).toBe(400);
    }
    expect(sent).toHaveLength(1);
  });

  it('never lets the title or message inject HTML or mail headers', async () => {
    const res = await p.call('POST', '/send', {
      headers: newVisitor(),
      body: {
        recipients: ['ada@example.com'],
        title: 'Hi\r\nBcc: everyone@example.com',
        message: '<script>alert(1)</script><a href="http://evil.test">click</a>',
        items: items(),
      },
    });
    expect(res.status).toBe(200);
    const mail = sent[0]!;
    expect(mail.subject).toBe('Ulak: 2 files were shared with you');
    expect(mail.text).toContain('> Hi Bcc: everyone@[link removed]');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('href="http://evil.test"');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('report &lt;final&gt;.txt');
  });

  it('writes the mail in Turkish when the sender uses Turkish', async () => {
    const res = await p.call('POST', '/send', {
      headers: newVisitor(),
      body: { recipients: ['ada@example.com'], language: 'tr', items: items().slice(0, 1) },
    });
    expect(res.status).toBe(200);
    expect(sent[0]!.subject).toBe('Ulak: sizinle bir dosya paylaşıldı');
    expect(sent[0]!.text).toContain('tarihinde dolar');
  });

  it('refuses bad recipient lists with a sentence a person can act on', async () => {
    const cases: [unknown, object][] = [
      [[], { error: 'Please add at least one email address', code: 'recipients_none' }],
      [['not-an-address'], { error: 'Every recipient must be a valid email address.', code: 'recipient_invalid' }],
      [
        ['a@example.com', 'A@example.com'],
        { error: 'Each email address may appear only once.', code: 'recipient_duplicate' },
      ],
      [
        Array.from({ length: MAX_RECIPIENTS + 1 }, (_, i) => `p${i}@example.com`),
        {
          error: `Add at most ${MAX_RECIPIENTS} email addresses.`,
          code: 'recipients_too_many',
          params: { max: MAX_RECIPIENTS },
        },
      ],
    ];
    for (const [recipients, expected] of cases) {
      const res = await p.call('POST', '/send', { headers: newVisitor(), body: { recipients, items: items() } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(expected);
    }
    const tooLong = await p.call('POST', '/send', {
      headers: newVisitor(),
      body: { recipients: ['a@example.com'], title: 'x'.repeat(MAX_SEND_TITLE_LENGTH + 1), items: items() },
    });
    expect(tooLong.status).toBe(400);
    const noFiles = await p.call('POST', '/send', {
      headers: newVisitor(),
      body: { recipients: ['a@example.com'], items: [] },
    });
    expect(await noFiles.json()).toEqual({ error: 'Please select files first', code: 'no_files_selected' });
    expect(sent).toHaveLength(0);
  });

  it("mails only links of files whose owner token the caller holds (no relay for others' files)", async () => {
    const res = await p.call('POST', '/send', {
      headers: newVisitor(),
      body: { recipients: ['a@example.com'], items: [{ shareId: report.shareId, ownerToken: photo.ownerToken }] },
    });
    expect(res.status).toBe(403);
    expect(sent).toHaveLength(0);
    const unknown = await p.call('POST', '/send', {
      headers: newVisitor(),
      body: { recipients: ['a@example.com'], items: [{ shareId: 'Zz9Zz9Zz', ownerToken: photo.ownerToken }] },
    });
    expect(unknown.status).toBe(404);
  });

  it(`allows ${SEND_MAX_PER_WINDOW} sends per visitor per hour, then answers 429`, async () => {
    const visitor = newVisitor();
    const send = () =>
      p.call('POST', '/send', {
        headers: visitor,
        body: { recipients: ['a@example.com'], items: items().slice(0, 1) },
      });
    for (let i = 0; i < SEND_MAX_PER_WINDOW; i++) expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(sent).toHaveLength(SEND_MAX_PER_WINDOW);
    // Another visitor is not affected, and the limit lifts after the window.
    const other = await p.call('POST', '/send', {
      headers: newVisitor(),
      body: { recipients: ['a@example.com'], items: items().slice(0, 1) },
    });
    expect(other.status).toBe(200);
    p.advanceTime(SEND_WINDOW_MS + 1000);
    expect((await send()).status).toBe(200);
    p.advanceTime(-(SEND_WINDOW_MS + 1000));
  });

  it('keeps no recipient address in the logs', async () => {
    await p.call('POST', '/send', {
      headers: newVisitor(),
      body: { recipients: ['secret.person@example.com'], items: items() },
    });
    const rows = await p.ctx.db.query<{ t: string }>(`select t::text as t from public.system_logs t`);
    expect(rows.map((r) => r.t).join('\n')).not.toContain('secret.person');
  });

  it("says the days of the file's own window, which an admin may have set other than 3", async () => {
    const week = await upload(p, 'week.txt', 'kept for a week');
    // As if uploaded while the retention setting was 7 days.
    await p.ctx.db.query("update public.files set expires_at = completed_at + interval '7 days' where share_id = $1", [
      week.shareId,
    ]);
    const res = await p.call('POST', '/send', {
      headers: newVisitor(),
      body: { recipients: ['a@example.com'], items: [{ shareId: week.shareId, ownerToken: week.ownerToken }] },
    });
    expect(res.status).toBe(200);
    expect(sent[0]!.text).toContain('(7 days after upload)');
  });

  it('refuses expired files', async () => {
    p.advanceTime(RETENTION_MS + 60_000);
    try {
      const res = await p.call('POST', '/send', {
        headers: newVisitor(),
        body: { recipients: ['a@example.com'], items: items() },
      });
      expect(res.status).toBe(404);
    } finally {
      p.advanceTime(-(RETENTION_MS + 60_000));
    }
  });

  it("writes its own subject and links whatever the caller sends: the sender's URLs are taken out", async () => {
    const res = await p.call('POST', '/send', {
      headers: newVisitor(),
      body: {
        recipients: ['ada@example.com'],
        title: 'URGENT: verify your account at https://evil.test/login',
        message: 'Sign in at www.evil.test or paypal.com.evil.xyz/verify, or mailto:x@evil.test.\nThanks',
        subject: 'Your account is suspended',
        links: ['https://evil.test/a'],
        html: '<a href="https://evil.test/b">b</a>',
        url: 'https://evil.test/c',
        items: items(),
      },
    });
    expect(res.status).toBe(200);
    const mail = sent[0]!;
    const own = [report, photo].map((f) => `${TEST_PUBLIC_ORIGIN}/s/${f.shareId}`);
    expect(mail.subject).toBe('Ulak: 2 files were shared with you');
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toMatch(/evil|suspended/i);
      expect(body).toContain('[link removed]');
      // Every link a mail program could follow is one of the shares'.
      for (const url of body.match(/[a-z]+:\/\/[^\s"<]+/gi) ?? []) expect(own).toContain(url);
    }
    expect([...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]).sort()).toEqual([...own].sort());
    expect(mail.text).toContain('> URGENT: verify your account at [link removed]');
  });

  it('refuses a file deleted by its owner while its row waits for the sweep', async () => {
    const gone = await upload(p, 'gone.txt', 'deleted');
    await p.ctx.db.query('update public.files set deleted_at = now() where share_id = $1', [gone.shareId]);
    const res = await p.call('POST', '/send', {
      headers: newVisitor(),
      body: { recipients: ['a@example.com'], items: [{ shareId: gone.shareId, ownerToken: gone.ownerToken }] },
    });
    expect(res.status).toBe(404);
    expect(sent).toHaveLength(0);
  });

  it(`allows ${DEFAULT_LIMITS.MAIL_RECIPIENTS_PER_DAY} recipients per visitor a day, then answers 429 with Retry-After`, async () => {
    const visitor = newVisitor();
    const send = (count: number, from = visitor) =>
      p.call('POST', '/send', {
        headers: from,
        body: {
          recipients: Array.from({ length: count }, (_, i) => `p${i}@example.com`),
          items: items().slice(0, 1),
        },
      });
    const full = DEFAULT_LIMITS.MAIL_RECIPIENTS_PER_DAY / MAX_RECIPIENTS;
    for (let i = 0; i < full; i++) expect((await send(MAX_RECIPIENTS)).status).toBe(200);
    const refused = await send(1);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      code: 'rate_limited',
      params: { max: DEFAULT_LIMITS.MAIL_RECIPIENTS_PER_DAY },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(SEND_WINDOW_MS / 1000);
    expect(sent).toHaveLength(full);
    expect((await send(1, newVisitor())).status).toBe(200);
    p.advanceTime(DAY_MS + 60_000);
    try {
      expect((await send(MAX_RECIPIENTS)).status).toBe(200);
    } finally {
      p.advanceTime(-(DAY_MS + 60_000));
    }
  });

  it('keeps the mail the outbox wrote, with its addresses, no longer than the logs', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ulak-outbox-'));
    p.ctx.mailer = createOutboxMailer(dir, 'Ulak <no-reply@app.test>', () => {});
    try {
      const res = await p.call('POST', '/send', {
        headers: newVisitor(),
        body: { recipients: ['kept.briefly@example.com'], items: items().slice(0, 1) },
      });
      expect(res.status).toBe(200);
      expect(await readdir(dir)).toHaveLength(1);
      await sweepExpired(p.ctx);
      expect(await readdir(dir)).toHaveLength(1);
      const retention = p.ctx.config.limits.logRetentionMs + 60_000;
      p.advanceTime(retention);
      try {
        await sweepExpired(p.ctx);
      } finally {
        p.advanceTime(-retention);
      }
      expect(await readdir(dir)).toEqual([]);
    } finally {
      p.ctx.mailer = capturing;
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers 503 when the host has no mailer', async () => {
    p.ctx.mailer = undefined;
    try {
      const res = await p.call('POST', '/send', {
        headers: newVisitor(),
        body: { recipients: ['a@example.com'], items: items() },
      });
      expect(res.status).toBe(503);
    } finally {
      p.ctx.mailer = capturing;
    }
  });
});
