// A test double of the API's upload endpoints and of an S3-like bucket taking presigned part PUTs,
// in memory, on 127.0.0.1. For the engine's unit tests only: it lets a test fail, expire, stall or
// count individual part requests, which the real stack (tested elsewhere) cannot do on demand.

import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TEST_ANON_KEY = 'sb_publishable_test_key_for_upload_engine';

interface TestUpload {
  fileId: string;
  shareId: string;
  ownerToken: string;
  name: string;
  type: string;
  size: number;
  partSize: number;
  partCount: number;
  parts: Map<number, { etag: string; bytes: Buffer }>;
  state: 'uploading' | 'complete' | 'aborted';
}

export interface PartPut {
  fileId: string;
  partNumber: number;
  bytes: number;
  status: number;
  /** Milliseconds since the server started. */
  at: number;
}

export interface TestUploadServer {
  apiUrl: string;
  uploads: Map<string, TestUpload>;
  /** Every part PUT that got an answer (or was cut off: status 0). */
  puts: PartPut[];
  /** Part numbers asked for, per sign call. */
  signCalls: number[][];
  aborts: string[];
  completes: string[];
  /** `x-client-info` of every API request. */
  clientInfos: Set<string>;
  /** Most part PUTs in progress at the same time. */
  maxConcurrentPuts: number;
  /** Part size the server plans with. */
  partSize: number;
  /** Answer the next PUTs of a part with these statuses (0: cut the connection) before taking it. */
  failPart(partNumber: number, statuses: number[]): void;
  /** The next URL signed for this part answers 403 'Request has expired'. */
  expireNextUrl(partNumber: number): void;
  /** Hold every part PUT (after `after` more have been taken) until `release()`. */
  stall(after?: number): void;
  release(): void;
  /** Answers POST /uploads with this status and message. */
  refuseCreate(status: number, message: string): void;
  /** Resolves when a PUT is being held by `stall`. */
  whenStalled(): Promise<void>;
  /** Resolves when a held PUT's connection was closed by the client (an abort). */
  whenAbortedPut(): Promise<void>;
  close(): Promise<void>;
}

const EXPIRED_XML =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>';

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startTestUploadServer(options: { partSize?: number } = {}): Promise<TestUploadServer> {
  const started = Date.now();
  const uploads = new Map<string, TestUpload>();
  const failures = new Map<number, number[]>();
  const expireNext = new Set<number>();
  const expiredTokens = new Set<string>();
  let stallAfter: number | null = null;
  let releaseStall: (() => void) | null = null;
  let stallGate: Promise<void> | null = null;
  let stalledWaiters: (() => void)[] = [];
  let abortedWaiters: (() => void)[] = [];
  let refusal: { status: number; message: string } | null = null;
  let concurrent = 0;
  let counter = 0;
  let apiUrl = '';

  const state: TestUploadServer = {
    apiUrl: '',
    uploads,
    puts: [],
    signCalls: [],
    aborts: [],
    completes: [],
    clientInfos: new Set(),
    maxConcurrentPuts: 0,
    partSize: options.partSize ?? 1000,
    failPart: (n, statuses) => failures.set(n, [...statuses]),
    expireNextUrl: (n) => expireNext.add(n),
    stall: (after = 0) => {
      stallAfter = after;
      stallGate = new Promise((resolve) => {
        releaseStall = resolve;
      });
    },
    release: () => {
      stallAfter = null;
      releaseStall?.();
      stallGate = null;
    },
    refuseCreate: (status, message) => {
      refusal = { status, message };
    },
    whenStalled: () => new Promise((resolve) => stalledWaiters.push(resolve)),
    whenAbortedPut: () => new Promise((resolve) => abortedWaiters.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function owned(req: IncomingMessage, fileId: string): TestUpload | undefined {
    const upload = uploads.get(fileId);
    if (upload === undefined || req.headers['x-owner-token'] !== upload.ownerToken) return undefined;
    return upload;
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.headers.apikey !== TEST_ANON_KEY || req.headers.authorization !== `Bearer ${TEST_ANON_KEY}`) {
      json(res, 401, { error: 'Invalid API key' });
      return;
    }
    state.clientInfos.add(String(req.headers['x-client-info']));
    const raw = await readBody(req);
    const body = raw.length > 0 ? (JSON.parse(raw.toString()) as Record<string, unknown>) : {};
    if (path === 'uploads') {
      if (refusal !== null) {
        json(res, refusal.status, { error: refusal.message });
        return;
      }
      counter += 1;
      const size = body.size as number;
      const partSize = state.partSize;
      const upload: TestUpload = {
        fileId: `file-${counter}`,
        shareId: `share${String(counter).padStart(3, '0')}`,
        ownerToken: `token-${counter}`,
        name: body.name as string,
        type: body.type as string,
        size,
        partSize,
        partCount: Math.max(1, Math.ceil(size / partSize)),
        parts: new Map(),
        state: 'uploading',
      };
      uploads.set(upload.fileId, upload);
      json(res, 201, {
        fileId: upload.fileId,
        shareId: upload.shareId,
        shareUrl: `http://ulak.test/s/${upload.shareId}`,
        ownerToken: upload.ownerToken,
        partSize: upload.partSize,
        partCount: upload.partCount,
      });
      return;
    }
    const match = /^uploads\/([^/]+)\/(parts|complete|abort)$/.exec(path);
    const upload = match?.[1] === undefined ? undefined : owned(req, decodeURIComponent(match[1]));
    if (match === null || upload === undefined) {
      json(res, 404, { error: 'Upload not found' });
      return;
    }
    if (match[2] === 'parts' && req.method === 'GET') {
      const parts = [...upload.parts].map(([partNumber, p]) => ({ partNumber, etag: p.etag, size: p.bytes.length }));
      json(res, 200, { parts });
      return;
    }
    if (match[2] === 'parts') {
      const numbers = body.partNumbers as number[];
      state.signCalls.push(numbers);
      const urls = numbers.map((partNumber) => {
        const token = `${upload.fileId}-${partNumber}-${Math.random().toString(36).slice(2)}`;
        if (expireNext.delete(partNumber)) expiredTokens.add(token);
        return {
          partNumber,
          url: `${apiUrl.replace('/functions/v1/api', '')}/bucket/${upload.fileId}/${partNumber}?sig=${token}`,
        };
      });
      json(res, 200, { urls, expiresInSeconds: 900 });
      return;
    }
    if (match[2] === 'abort') {
      state.aborts.push(upload.fileId);
      upload.state = 'aborted';
      uploads.delete(upload.fileId);
      json(res, 204);
      return;
    }
    const parts = body.parts as { partNumber: number; etag: string }[];
    for (let n = 1; n <= upload.partCount; n += 1) {
      const part = parts.find((p) => p.partNumber === n);
      if (part === undefined || upload.parts.get(n)?.etag !== part.etag) {
        json(res, 400, { error: `The upload is missing part ${n}.` });
        return;
      }
    }
    const total = [...upload.parts.values()].reduce((sum, p) => sum + p.bytes.length, 0);
    if (total !== upload.size) {
      json(res, 400, {
        error: `The uploaded file is ${total} but ${upload.size} was announced; please upload it again.`,
      });
      return;
    }
    upload.state = 'complete';
    state.completes.push(upload.fileId);
    json(res, 200, {
      fileId: upload.fileId,
      shareId: upload.shareId,
      shareUrl: `http://ulak.test/s/${upload.shareId}`,
      name: upload.name,
      size: upload.size,
      type: upload.type,
      createdAt: new Date(started).toISOString(),
      expiresAt: new Date(started + 3 * 86_400_000).toISOString(),
      downloadCount: 0,
      viewCount: 0,
      state: 'complete',
    });
  }

  async function handlePut(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const [, , fileId = '', partText = ''] = url.pathname.split('/');
    const partNumber = Number(partText);
    concurrent += 1;
    state.maxConcurrentPuts = Math.max(state.maxConcurrentPuts, concurrent);
    let closed = false;
    res.on('close', () => {
      concurrent -= 1;
      if (!res.writableFinished) {
        closed = true;
        state.puts.push({ fileId, partNumber, bytes: 0, status: 0, at: Date.now() - started });
        for (const waiter of abortedWaiters) waiter();
        abortedWaiters = [];
      }
    });
    const bytes = await readBody(req).catch(() => Buffer.alloc(0));
    if (closed) return;
    // A little latency, so that parts overlap as they do over a real network.
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (stallAfter !== null) {
      if (stallAfter > 0) stallAfter -= 1;
      else if (stallGate !== null) {
        for (const waiter of stalledWaiters) waiter();
        stalledWaiters = [];
        await stallGate;
        if (closed) return;
      }
    }
    const finish = (status: number, body = '', headers: Record<string, string> = {}) => {
      state.puts.push({ fileId, partNumber, bytes: bytes.length, status, at: Date.now() - started });
      res.writeHead(status, headers).end(body);
    };
    const planned = failures.get(partNumber);
    const status = planned?.shift();
    if (status !== undefined) {
      if (status === 0) {
        state.puts.push({ fileId, partNumber, bytes: bytes.length, status: 0, at: Date.now() - started });
        closed = true;
        req.socket.destroy();
        return;
      }
      finish(status, `<Error><Code>Test</Code><Message>Planned failure ${status}</Message></Error>`);
      return;
    }
    if (expiredTokens.has(url.searchParams.get('sig') ?? '')) {
      finish(403, EXPIRED_XML);
      return;
    }
    const upload = uploads.get(fileId);
    if (upload === undefined) {
      finish(404, '<Error><Code>NoSuchUpload</Code><Message>The upload does not exist</Message></Error>');
      return;
    }
    const etag = `"${createHash('md5').update(bytes).digest('hex')}"`;
    upload.parts.set(partNumber, { etag, bytes });
    finish(200, '', { ETag: etag });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const handle = url.pathname.startsWith('/functions/v1/api/')
      ? handleApi(req, res, url.pathname.slice('/functions/v1/api/'.length))
      : url.pathname.startsWith('/bucket/') && req.method === 'PUT'
        ? handlePut(req, res, url)
        : Promise.resolve(json(res, 404, { error: 'Not found' }));
    handle.catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  apiUrl = `http://127.0.0.1:${port}/functions/v1/api`;
  state.apiUrl = apiUrl;
  return state;
}
