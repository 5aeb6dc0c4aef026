// @vitest-environment node
// Hostile-traffic findings that live in the API, each as its own test, on PGlite and on PostgreSQL 15
// (a pool of connections, where races are real): rate limits raced by 30 parallel requests, the
// per-visitor quotas, stale uploads, failed storage deletes, log retention, names and recipients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../functions/_shared/admin-auth.ts';
import { createApiHandler } from '../../functions/_shared/api.ts';
import type { ApiContext } from '../../functions/_shared/context.ts';
import { ADMIN_LOGIN_MAX_ATTEMPTS, GIB, HOUR_MS } from '../../functions/_shared/domain/constants.ts';
import { SEND_MAX_PER_WINDOW } from '../../functions/_shared/domain/recipients.ts';
import { sweepExpired } from '../../functions/_shared/handlers/sweep.ts';
import type { MailMessage } from '../../functions/_shared/mailer.ts';
import { createStorage } from '../../functions/_shared/storage.ts';
import { startTestPlatform, type TestPlatform } from '../platform.ts';
import { TARGETS } from '../targets.ts';

let visitors = 0;
/** A fresh visitor (the test platform takes the caller from X-Forwarded-For's last entry). */
const visitor = () => ({ 'x-forwarded-for': `198.51.100.${++visitors}` });

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function upload(p: TestPlatform, name: string, bytes: Uint8Array<ArrayBuffer>, headers = visitor()) {
  const created = await p.call('POST', '/uploads', { body: { name, size: bytes.length, type: 'text/plain' }, headers });
  expect(created.status).toBe(201);
  const c = await json<{ fileId: string; shareId: string; ownerToken: string }>(created);
  const owner = { ...headers, 'x-owner-token': c.ownerToken };
  const { urls } = await json<{ urls: { url: string }[] }>(
    await p.call('POST', `/uploads/${c.fileId}/parts`, { body: { partNumbers: [1] }, headers: owner }),
  );
  const put = await fetch(urls[0]?.url ?? '', { method: 'PUT', body: bytes });
  const done = await p.call('POST', `/uploads/${c.fileId}/complete`, {
    body: { parts: [{ partNumber: 1, etag: put.headers.get('etag') }] },
    headers: owner,
  });
  expect(done.status).toBe(200);
  return c;
}

describe.each(TARGETS)('hostile-traffic findings in the API on %s', (target) => {
  let p: TestPlatform;
  const mails: MailMessage[] = [];

  beforeAll(async () => {
    p = await startTestPlatform({ target });
    p.ctx.config.admin.passwordHash = await hashPassword('the right password');
    p.ctx.mailer = {
      from: 'Ulak <no-reply@files.example>',
      async send(message) {
        mails.push(message);
        return { accepted: [...message.to] };
      },
    };
  });
  afterAll(async () => {
    await p?.close();
  });

  it('5. 30 parallel wrong sign-ins get at most 5 password checks; the rest are refused before it', async () => {
    const headers = visitor();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        p.call('POST', '/admin/login', { body: { username: 'admin', password: 'wrong' }, headers }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(ADMIN_LOGIN_MAX_ATTEMPTS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - ADMIN_LOGIN_MAX_ATTEMPTS);
    const refused = await json<{ code: string; params: { retryAfterSeconds: number } }>(
      answers.find((a) => a.status === 429)!,
    );
    expect(refused.code).toBe('rate_limited');
    expect(refused.params.retryAfterSeconds).toBeGreaterThan(0);
    // Even the right password waits for the window now.
    const right = await p.call('POST', '/admin/login', {
      body: { username: 'admin', password: 'the right password' },
      headers,
    });
    expect(right.status).toBe(429);
  });

  it('5. a successful sign-in does not count against the limit', async () => {
    const headers = visitor();
    for (let i = 0; i < ADMIN_LOGIN_MAX_ATTEMPTS + 2; i++) {
      const ok = await p.call('POST', '/admin/login', {
        body: { username: 'admin', password: 'the right password' },
        headers,
      });
      expect(ok.status).toBe(200);
    }
  });

  it('5. 30 parallel sends with 7 left send exactly 7 mails', async () => {
    const headers = visitor();
    const file = await upload(p, 'mail me.txt', new Uint8Array([1, 2, 3]), headers);
    const send = () =>
      p.call('POST', '/send', {
        body: { recipients: ['friend@example.com'], items: [{ shareId: file.shareId, ownerToken: file.ownerToken }] },
        headers,
      });
    for (let i = 0; i < SEND_MAX_PER_WINDOW - 7; i++) expect((await send()).status).toBe(200);
    const before = mails.length;
    const statuses = (await Promise.all(Array.from({ length: 30 }, send))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(statuses.filter((s) => s === 429)).toHaveLength(23);
    expect(mails.length - before).toBe(7);
  });

  it('3. a folder of 300 small files from one visitor goes through', async () => {
    const headers = visitor();
    const statuses = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        p
          .call('POST', '/uploads', { body: { name: `photo-${i}.jpg`, size: 200_000, type: 'image/jpeg' }, headers })
          .then((r) => r.status),
      ),
    );
    expect(statuses.every((s) => s === 201)).toBe(true);
  });

  it('3. 300 creates of 2 GB in a burst do not: the bytes in flight per visitor are capped, with a clear 429', async () => {
    const headers = visitor();
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        p.call('POST', '/uploads', {
          body: { name: `big-${i}.iso`, size: 2 * GIB, type: 'application/octet-stream' },
          headers,
        }),
      ),
    );
    const created = answers.filter((a) => a.status === 201).length;
    expect(created).toBe(Math.floor(p.ctx.config.limits.uploadInFlightBytes / (2 * GIB)));
    const refused = answers.find((a) => a.status === 429)!;
    expect(await json(refused)).toMatchObject({ code: 'upload_quota', params: { maxBytes: 10 * GIB } });
    // Another visitor is not affected.
    const other = await p.call('POST', '/uploads', { body: { name: 'mine.iso', size: 2 * GIB }, headers: visitor() });
    expect(other.status).toBe(201);
  });

  it('3. creates per visitor are limited per hour, with their own code', async () => {
    const headers = visitor();
    const limited = createApiHandler({
      ...p.ctx,
      config: { ...p.ctx.config, limits: { ...p.ctx.config.limits, uploadCreatesPerWindow: 3 } },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await limited(p.request('POST', '/uploads', { body: { name: 'a.txt', size: 1 }, headers }));
      statuses.push(res.status);
      if (res.status === 429)
        expect(await json(res)).toMatchObject({ code: 'upload_rate_limited', params: { max: 3 } });
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('3. an upload idle for longer than the stale window is aborted; one still moving is not', async () => {
    const headers = visitor();
    const create = async (name: string) =>
      json<{ fileId: string; ownerToken: string }>(
        await p.call('POST', '/uploads', { body: { name, size: 10 }, headers }),
      );
    const idle = await create('idle.bin');
    const moving = await create('moving.bin');
    const stale = p.ctx.config.limits.staleUploadMs;
    p.advanceTime(stale - HOUR_MS);
    try {
      // A sign of life an hour before the window ends: asking for a part URL.
      const signed = await p.call('POST', `/uploads/${moving.fileId}/parts`, {
        body: { partNumbers: [1] },
        headers: { ...headers, 'x-owner-token': moving.ownerToken },
      });
      expect(signed.status).toBe(200);
      p.advanceTime(2 * HOUR_MS);
      await sweepExpired(p.ctx);
      const ids = (await p.ctx.db.query<{ id: string }>('select id from public.files')).map((r) => r.id);
      expect(ids).not.toContain(idle.fileId);
      expect(ids).toContain(moving.fileId);
    } finally {
      p.advanceTime(-(stale + HOUR_MS));
    }
    expect(stale).toBeLessThanOrEqual(12 * HOUR_MS);
  });

  it('8. a failed storage delete keeps the row hidden (the link is gone) and the sweep deletes it later', async () => {
    const file = await upload(p, 'keep me.txt', new Uint8Array([9, 9, 9]));
    const [row] = await p.ctx.db.query<{ storage_path: string }>(
      'select storage_path from public.files where share_id = $1',
      [file.shareId],
    );
    const key = row?.storage_path ?? '';
    // The same API with its storage unreachable.
    const down: ApiContext = {
      ...p.ctx,
      storage: createStorage({ ...p.ctx.config.storage!, endpoint: 'http://127.0.0.1:1/storage' }),
    };
    const del = await createApiHandler(down)(
      p.request('DELETE', `/shares/${file.shareId}`, { headers: { 'x-owner-token': file.ownerToken } }),
    );
    expect(del.status).toBe(204);
    expect((await p.call('GET', `/shares/${file.shareId}`)).status).toBe(404);
    expect((await p.call('POST', `/shares/${file.shareId}/download`)).status).toBe(404);
    const lookup = await json<{ files: unknown[] }>(
      await p.call('POST', '/files/lookup', {
        body: { items: [{ shareId: file.shareId, ownerToken: file.ownerToken }] },
      }),
    );
    expect(lookup.files).toEqual([]);
    const kept = await p.ctx.db.query<{ deleted_at: Date | null }>(
      'select deleted_at from public.files where share_id = $1',
      [file.shareId],
    );
    expect(kept[0]?.deleted_at).not.toBeNull();
    expect(await p.storage?.headObject(key)).not.toBeNull();

    await sweepExpired(p.ctx);
    expect(await p.ctx.db.query('select 1 from public.files where share_id = $1', [file.shareId])).toEqual([]);
    expect(await p.storage?.headObject(key)).toBeNull();
  });

  it('8. system and download logs are kept for the retention window, then pruned', async () => {
    const retention = p.ctx.config.limits.logRetentionMs;
    const old = new Date(p.ctx.now().getTime() - retention - HOUR_MS).toISOString();
    const recent = new Date(p.ctx.now().getTime() - HOUR_MS).toISOString();
    await p.ctx.db.query(
      `insert into public.system_logs (event_type, created_at) values ('old_event', $1::timestamptz), ('recent_event', $2::timestamptz)`,
      [old, recent],
    );
    await p.ctx.db.query(
      `insert into public.download_logs (share_id, referrer, downloaded_at) values ('OldOld11', 'old', $1::timestamptz), ('NewNew11', 'recent', $2::timestamptz)`,
      [old, recent],
    );
    await sweepExpired(p.ctx);
    const events = (
      await p.ctx.db.query<{ event_type: string }>(
        `select event_type from public.system_logs where event_type in ('old_event', 'recent_event')`,
      )
    ).map((r) => r.event_type);
    expect(events).toEqual(['recent_event']);
    const downloads = (
      await p.ctx.db.query<{ referrer: string }>(
        `select referrer from public.download_logs where share_id in ('OldOld11', 'NewNew11')`,
      )
    ).map((r) => r.referrer);
    expect(downloads).toEqual(['recent']);
  });

  it('8. a NUL or any control character in a name is a 400 with a code, never a 500', async () => {
    for (const name of ['a\u0000b.txt', 'line\nbreak.txt', 'bell\u0007.txt', 'c1\u0085.txt']) {
      const res = await p.call('POST', '/uploads', { body: { name, size: 1 }, headers: visitor() });
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ code: 'name_invalid' });
    }
  });

  it('8. a bidi override is removed from the stored name and from the download headers', async () => {
    const file = await upload(p, 'invoice\u202Egpj.exe', new Uint8Array([1]));
    const share = await json<{ name: string }>(await p.call('GET', `/shares/${file.shareId}`));
    expect(share.name).toBe('invoicegpj.exe');
    const { url, fileName } = await json<{ url: string; fileName: string }>(
      await p.call('POST', `/shares/${file.shareId}/download`),
    );
    expect(fileName).toBe('invoicegpj.exe');
    expect(decodeURIComponent(new URL(url).searchParams.get('response-content-disposition') ?? '')).toContain(
      "filename*=UTF-8''invoicegpj.exe",
    );
  });

  it('8. recipients are checked strictly: a display name or a second address cannot ride along', async () => {
    const file = await upload(p, 'r.txt', new Uint8Array([1]));
    for (const recipient of [
      '"x"<evil>a@b.co',
      'a@b.co, c@d.co',
      'a@b.co\r\nBcc: c@d.co',
      'a b@c.co',
      'a@b',
      '<a@b.co>',
    ]) {
      const res = await p.call('POST', '/send', {
        body: { recipients: [recipient], items: [{ shareId: file.shareId, ownerToken: file.ownerToken }] },
        headers: visitor(),
      });
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ code: 'recipient_invalid' });
    }
  });

  it('6. the visitor is the rightmost X-Forwarded-For hop, not the first one, which the client chooses', async () => {
    const real = '192.0.2.77';
    for (let i = 0; i < ADMIN_LOGIN_MAX_ATTEMPTS; i++) {
      const res = await p.call('POST', '/admin/login', {
        body: { username: 'admin', password: 'wrong' },
        headers: { 'x-forwarded-for': `10.9.9.${i}, ${real}` },
      });
      expect(res.status).toBe(401);
    }
    const spoofed = await p.call('POST', '/admin/login', {
      body: { username: 'admin', password: 'wrong' },
      headers: { 'x-forwarded-for': `10.9.9.99, ${real}` },
    });
    expect(spoofed.status).toBe(429);
  });

  it('4. a chunked body is counted while it is read and stopped at the limit with 413', async () => {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        // A gigabyte, if anyone read it all.
        if (pulled > GIB) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await p.handler(
      new Request('http://api.test/functions/v1/api/uploads', {
        method: 'POST',
        headers: { apikey: p.ctx.config.anonKey, 'content-type': 'application/json' },
        body: endless,
        duplex: 'half',
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(await json(res)).toMatchObject({ code: 'body_too_large' });
    expect(pulled).toBeLessThan(1024 * 1024);
  });
});
