// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as SupabaseModule from './supabase';

type Client = typeof SupabaseModule;

// A real HTTP server stands in for the API so headers, bodies and statuses cross a real socket.
let origin = '';
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const url = req.url ?? '';
    if (url === '/functions/v1/api/echo') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, headers: req.headers, body: body ? JSON.parse(body) : null }));
    } else if (url === '/functions/v1/api/gone') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'File not found or has expired' }));
    } else if (url === '/functions/v1/api/broken') {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    } else {
      res.writeHead(204).end();
    }
  });
});

let client: Client;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubEnv('VITE_SUPABASE_URL', origin);
  vi.resetModules();
  client = await import('./supabase');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

describe('callApi', () => {
  it('sends JSON with the anon key and client info, and returns the parsed answer', async () => {
    const answer = await client.callApi<{ method: string; headers: Record<string, string>; body: unknown }>('echo', {
      method: 'POST',
      body: { name: 'rapor.pdf' },
    });
    expect(answer.method).toBe('POST');
    expect(answer.body).toEqual({ name: 'rapor.pdf' });
    expect(answer.headers.apikey).toBe(client.apiHeaders.apikey);
    expect(answer.headers.authorization).toBe(`Bearer ${client.apiHeaders.apikey}`);
    expect(answer.headers['x-client-info']).toMatch(/^ulak-file-sharing\/\d+\.\d+\.\d+/);
    expect(answer.headers['content-type']).toBe('application/json');
  });

  it("turns an error answer into ApiError with the server's message and status", async () => {
    const error = await client.callApi('gone').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(client.ApiError);
    expect(error).toMatchObject({ status: 404, message: 'File not found or has expired' });
  });

  it('gives a readable message when the error answer is not JSON', async () => {
    await expect(client.callApi('broken')).rejects.toMatchObject({ status: 502, message: /Request failed \(502/ });
  });

  it('returns undefined for an empty 204 answer', async () => {
    await expect(client.callApi('nothing', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('reports an unreachable server as a network failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    vi.stubEnv('VITE_SUPABASE_URL', `http://127.0.0.1:${port}`);
    vi.resetModules();
    const offline: Client = await import('./supabase');
    await expect(offline.callApi('health')).rejects.toThrow(offline.NETWORK_ERROR_MESSAGE);
    vi.stubEnv('VITE_SUPABASE_URL', origin);
  });

  it('passes an abort through as an abort, not as a network failure', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(client.callApi('echo', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
