// The host's rules for rendering a page: which visits get one, what the render's API calls carry
// (the visitor's address and the app's key), that they only read, and that a broken render costs
// the page's markup, not the page. The render module here is a stand-in of the built
// src/entry-server.tsx, which the browser tests exercise for real (tests/e2e/first-paint.spec.ts).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPageRenderer, type PageRenderer, SERVER_RENDER_DIR } from './page-render.ts';

const template = '<!doctype html><html><body><div id="root"></div></body></html>';
const standIn = `
export async function renderPage(template, request) {
  const mode = new URL(request.url, 'http://x').searchParams.get('mode');
  if (mode === 'throw') throw new Error('a component threw');
  if (mode === 'hang') await new Promise((resolve) => globalThis.hungRenders.push(resolve));
  if (mode === 'slow') globalThis.spendMs(2000);
  if (mode === 'write') await request.api('http://localhost/functions/v1/api/send', { method: 'POST', body: '{}' });
  const answer = await request.api('http://localhost/functions/v1/api/settings', { headers: { apikey: 'anon-key' } });
  const seen = { url: request.url, origin: request.origin, language: request.acceptLanguage, answer: await answer.json() };
  return template.replace('</body>', JSON.stringify(seen) + '</body>');
}
`;

let dir: string;
let render: PageRenderer;
const calls: Request[] = [];
const hooks = globalThis as unknown as { hungRenders: (() => void)[]; spendMs: (ms: number) => void };
const hung: (() => void)[] = (hooks.hungRenders = []);
/** The renderer's clock: a render takes no time unless it spends some (mode=slow). */
let clock = 0;
hooks.spendMs = (ms) => {
  clock += ms;
};
const logs: string[] = [];

function visit(url: string, headers: Record<string, string> = {}, method = 'GET'): IncomingMessage {
  return {
    method,
    url,
    headers: { 'sec-fetch-dest': 'document', 'accept-language': 'tr-TR,tr;q=0.9', ...headers },
  } as unknown as IncomingMessage;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ulak-page-render-'));
  await mkdir(path.join(dir, SERVER_RENDER_DIR));
  await writeFile(path.join(dir, 'index.html'), template);
  await writeFile(path.join(dir, SERVER_RENDER_DIR, 'entry-server.js'), standIn);
  const loaded = await loadPageRenderer({
    distDir: dir,
    origin: 'https://ulak.example',
    api: async (req) => {
      calls.push(req);
      return Response.json({ maxFileSize: 1024 });
    },
    toVisitor: (req) => new Request(`http://localhost${req.url}`, { headers: { 'x-forwarded-for': '203.0.113.9' } }),
    log: (message) => logs.push(message),
    now: () => clock,
  });
  if (!loaded) throw new Error('the renderer did not load');
  render = loaded;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('pages rendered by the host', () => {
  it('renders Home, Transfers and a download page for a browser visit, with the API answered for the visitor', async () => {
    calls.length = 0;
    const html = await render(visit('/s/AbCdEf12'), '/s/AbCdEf12');
    expect(html).toContain('"url":"/s/AbCdEf12","origin":"https://ulak.example","language":"tr-TR,tr;q=0.9"');
    expect(html).toContain('"answer":{"maxFileSize":1024}');
    const [call] = calls;
    expect(call?.url).toBe('http://localhost/functions/v1/api/settings');
    // Counted by the visitor's address, asked with the app's key.
    expect(call?.headers.get('x-forwarded-for')).toBe('203.0.113.9');
    expect(call?.headers.get('apikey')).toBe('anon-key');
    expect(await render(visit('/'), '/')).not.toBeNull();
    expect(await render(visit('/upload'), '/upload')).not.toBeNull();
  });

  it('serves as built what is not a first screen, not a share id, a HEAD, or not a browser visit', async () => {
    calls.length = 0;
    expect(await render(visit('/about'), '/about')).toBeNull();
    expect(await render(visit('/admin'), '/admin')).toBeNull();
    expect(await render(visit('/s/not!an:id'), '/s/not!an:id')).toBeNull();
    expect(await render(visit('/s/AbCdEf12', {}, 'HEAD'), '/s/AbCdEf12')).toBeNull();
    // A link preview or a script: no Sec-Fetch-Dest, no render, no view counted.
    expect(await render(visit('/s/AbCdEf12', { 'sec-fetch-dest': '' }), '/s/AbCdEf12')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('lets a render read only, and serves the page as built when a render fails, said once', async () => {
    calls.length = 0;
    logs.length = 0;
    expect(await render(visit('/?mode=write'), '/')).toBeNull();
    expect(calls).toEqual([]);
    expect(await render(visit('/?mode=throw'), '/')).toBeNull();
    expect(await render(visit('/?mode=throw'), '/')).toBeNull();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('A page render may not POST');
  });

  it('gives up on a render stuck on the database, and stops rendering while 16 are stuck', async () => {
    vi.useFakeTimers();
    try {
      const stuck = Array.from({ length: 16 }, () => render(visit('/?mode=hang'), '/'));
      await vi.waitFor(() => expect(hung).toHaveLength(16));
      // The queue is full: the next visit is served as built at once, without waiting.
      expect(await render(visit('/'), '/')).toBeNull();
      // The stuck visits get the page as built after 5 s; the renders still hold the queue.
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await Promise.all(stuck)).toEqual(Array(16).fill(null));
      expect(await render(visit('/'), '/')).toBeNull();
      for (const release of hung.splice(0)) release();
      await vi.waitFor(async () => expect(await render(visit('/'), '/')).not.toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });

  it("spends at most a quarter of the host's time on renders, then serves pages as built until it has rested", async () => {
    // Two renders of 2 s each: 4 s spent, of the 3 s allowance and a quarter of the 4 s they took.
    expect(await render(visit('/?mode=slow'), '/')).not.toBeNull();
    expect(await render(visit('/?mode=slow'), '/')).not.toBeNull();
    expect(await render(visit('/'), '/')).toBeNull();
    // A second later, a quarter of it is back: renders again.
    clock += 1_000;
    expect(await render(visit('/'), '/')).not.toBeNull();
  });
});
