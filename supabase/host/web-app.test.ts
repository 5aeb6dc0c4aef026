import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress.ts';
import { acceptsEncoding, staticHandler } from './web-app.ts';

const script = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i % 50}`))};\n`;
const page = `<!doctype html><html><head><title>Ulak</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;

let dir: string;
let server: Server;
let origin: string;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request (fetch would decode the body and hide Content-Encoding's effect on length). */
function get(pathname: string, headers: Record<string, string> = {}, at = origin): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(`${at}${pathname}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ulak-web-app-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), page);
  await writeFile(path.join(dir, 'assets', 'app-abc123.js'), script);
  await writeFile(path.join(dir, 'assets', 'app-abc123.js.map'), script);
  await writeFile(path.join(dir, 'assets', 'tiny-abc123.js'), 'export {};\n');
  await writeFile(path.join(dir, 'icon.png'), Buffer.alloc(4096, 7));
  await precompressDir(dir);
  server = createServer(staticHandler(dir, { 'X-Frame-Options': 'DENY' }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('the build step', () => {
  it('writes brotli and gzip copies of text files, not of source maps, tiny files or images', () => {
    expect(existsSync(path.join(dir, 'assets', 'app-abc123.js.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'assets', 'app-abc123.js.gz'))).toBe(true);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'assets', 'app-abc123.js.map.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'tiny-abc123.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'icon.png.gz'))).toBe(false);
  });
});

describe('the web app host', () => {
  it('sends brotli to a browser that accepts it, with the type and length of what it sends', async () => {
    const answer = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });

  it('sends gzip where brotli is not accepted, and the plain file where nothing is', async () => {
    const gzip = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(script);
    expect(Number(plain.headers['content-length'])).toBe(script.length);
  });

  it('sends the app, compressed, for a route of the app, revalidated and answered 304 when unchanged', async () => {
    const first = await get('/s/AbCdEf12', { 'Accept-Encoding': 'br' });
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(first.body).toString()).toBe(page);

    const again = await get('/s/AbCdEf12', { 'Accept-Encoding': 'br', 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // Another encoding is another entity: never a 304 for the brotli copy's tag.
    const other = await get('/', { 'Accept-Encoding': 'gzip', 'If-None-Match': String(first.headers.etag) });
    expect(other.status).toBe(200);
  });

  it('sends a file changed after the build as it is now, not its older compressed copy', async () => {
    const changed = `${script}// patched by hand\n`;
    await writeFile(path.join(dir, 'assets', 'app-abc123.js'), changed);
    const answer = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(changed);
  });

  it("never serves the build's dot files: its stamp and its page-render module", async () => {
    await mkdir(path.join(dir, '.server'), { recursive: true });
    await writeFile(path.join(dir, '.server', 'entry-server.js'), 'export const secret = 1;\n');
    await writeFile(path.join(dir, '.ulak-build.json'), '"stamp"');
    for (const hidden of ['/.server/entry-server.js', '/.ulak-build.json', '/assets/../.server/entry-server.js']) {
      const answer = await get(hidden);
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toBe(page);
    }
  });

  it('reads Accept-Encoding as browsers and proxies write it', () => {
    expect(acceptsEncoding('gzip, deflate, br', 'br')).toBe(true);
    expect(acceptsEncoding('BR;q=0.5', 'br')).toBe(true);
    expect(acceptsEncoding('br;q=0, *', 'br')).toBe(false);
    expect(acceptsEncoding('*', 'gzip')).toBe(true);
    expect(acceptsEncoding('identity', 'gzip')).toBe(false);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
  });
});

describe('a page rendered by the host', () => {
  let rendered: Server;
  let renderedOrigin: string;
  const asked: string[] = [];

  beforeAll(async () => {
    rendered = createServer(
      staticHandler(dir, { 'X-Frame-Options': 'DENY' }, async (_req, pathname) => {
        asked.push(pathname);
        return pathname === '/upload'
          ? `<html><body><main>Transfers ${'<p>row</p>'.repeat(200)}</main></body></html>`
          : null;
      }),
    );
    await new Promise<void>((resolve) => rendered.listen(0, '127.0.0.1', resolve));
    renderedOrigin = `http://127.0.0.1:${(rendered.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => rendered.close(resolve));
  });

  const getRendered = (pathname: string, headers: Record<string, string> = {}) =>
    get(pathname, headers, renderedOrigin);

  it('is sent compressed, made for this visit: never stored by a shared cache, varying by language', async () => {
    const answer = await getRendered('/upload', { 'Accept-Encoding': 'gzip, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(answer.headers.vary).toBe('Accept-Encoding, Accept-Language');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(brotliDecompressSync(answer.body).toString()).toContain('<main>Transfers <p>row</p>');

    const plain = await getRendered('/upload');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('<main>Transfers');
  });

  it('falls back to index.html as built where the render gives nothing, and is never asked for a file', async () => {
    const other = await getRendered('/about');
    expect(other.body.toString()).toBe(page);
    asked.length = 0;
    await getRendered('/assets/tiny-abc123.js');
    await getRendered('/icon.png');
    expect(asked).toEqual([]);
  });
});
