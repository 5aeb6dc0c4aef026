// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, type ApiClient } from './client';

// A real HTTP server stands in for the backend so headers, bodies and statuses cross a real socket.
const ANON_KEY = 'sb_publishable_client_test_key_0000000000';
let origin = '';
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const url = req.url ?? '';
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(value));
    if (url === '/functions/v1/api/echo') {
      json(200, { method: req.method, url, headers: req.headers, body: body ? (JSON.parse(body) as unknown) : null });
    } else if (url === '/functions/v1/api/too-big') {
      json(413, {
        error: 'This file is larger than 2 GB, the limit per file.',
        code: 'file_too_large',
        params: { maxBytes: 2 },
      });
    } else if (url === '/functions/v1/api/proxy-down') {
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
    } else if (url === '/functions/v1/api/static-host') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title>');
    } else {
      res.writeHead(204).end();
    }
  });
});

let client: ApiClient;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = createApiClient({ url: origin, anonKey: ANON_KEY });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

interface Echo {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

describe('the API client', () => {
  it('calls the api function with the anon key, the client info and a JSON body', async () => {
    expect(client.url).toBe(`${origin}/functions/v1/api`);
    const answer = await client.call<Echo>('echo', { body: { name: 'rapor.pdf' }, headers: { 'x-owner-token': 't' } });
    expect(answer.method).toBe('POST');
    expect(answer.url).toBe('/functions/v1/api/echo');
    expect(answer.body).toEqual({ name: 'rapor.pdf' });
    expect(answer.headers.apikey).toBe(ANON_KEY);
    expect(answer.headers.authorization).toBe(`Bearer ${ANON_KEY}`);
    expect(answer.headers['x-client-info']).toMatch(/^ulak-file-sharing\/\d+\.\d+\.\d+/);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['x-owner-token']).toBe('t');
    expect((await client.call<Echo>('echo')).method).toBe('GET');
  });

  it("turns a refusal into ApiError with the API's code, params and status", async () => {
    const error = await client.call('too-big', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'server', status: 413, code: 'file_too_large', params: { maxBytes: 2 } });
  });

  it("calls an answer that is not the API's unexpected, with its status", async () => {
    await expect(client.call('proxy-down')).rejects.toMatchObject({
      kind: 'server',
      status: 502,
      code: 'unexpected_answer',
      params: { status: 502 },
    });
    // A static host answering index.html with 200 is not the API either.
    await expect(client.call('static-host')).rejects.toMatchObject({ status: 200, code: 'unexpected_answer' });
  });

  it('returns undefined for an empty 204 answer', async () => {
    await expect(client.call('nothing', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('reports an unreachable server as a network failure with status 0', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const offline = createApiClient({ url: `http://127.0.0.1:${port}`, anonKey: ANON_KEY });
    await expect(offline.call('health')).rejects.toMatchObject({ kind: 'network', status: 0, code: 'network' });
  });

  it('passes an abort through as an abort, not as a network failure', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(client.call('echo', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('uses the fetch it is given (the engine tests hand it the API handler itself)', async () => {
    const seen: string[] = [];
    const inProcess = createApiClient({
      url: 'http://api.test',
      anonKey: ANON_KEY,
      fetch: async (input) => {
        seen.push(String(input));
        return Response.json({ ok: true });
      },
    });
    await expect(inProcess.call('health')).resolves.toEqual({ ok: true });
    expect(seen).toEqual(['http://api.test/functions/v1/api/health']);
  });
});
