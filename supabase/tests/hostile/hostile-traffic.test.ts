// @vitest-environment node
// Hostile traffic against the real host process: at least 1,000 generated requests (fast-check) to
// every endpoint of every part of the host (API, embedded storage, peer server, web app), with
// forged, missing and malformed everything: paths and percent-encoding, keys and tokens, headers,
// JSON and non-JSON bodies, chunked bodies. Not one may get a 5xx, and the process must still be
// running and healthy at the end.
import { request } from 'node:http';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_ANON_KEY, hostCall, startHost, type HostProcess } from '../host/host-process.ts';

interface HostileRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: { bytes: Buffer; chunked: boolean };
}

let host: HostProcess;
let real: { fileId: string; shareId: string; ownerToken: string };
let sent = 0;
const statuses = new Map<number, number>();

/**
 * Sends a request exactly as generated (no URL normalisation) and returns the status. A server may
 * answer before reading a body it refuses and close the connection: the answer counts, and a
 * connection closed with no answer at all counts as 0 (then the process must still be alive).
 */
function send(r: HostileRequest): Promise<number> {
  const { port } = new URL(host.origin);
  return new Promise((resolve) => {
    let status = 0;
    const req = request(
      { host: '127.0.0.1', port: Number(port), method: r.method, path: r.path, headers: r.headers, agent: false },
      (res) => {
        status = res.statusCode ?? 0;
        res.resume();
        res.on('end', () => resolve(status));
        res.on('error', () => resolve(status));
      },
    );
    req.on('error', () => setTimeout(() => resolve(status), 50));
    if (!r.body) req.end();
    else if (r.body.chunked) Readable.from([r.body.bytes.subarray(0, 7), r.body.bytes.subarray(7)]).pipe(req);
    else {
      req.setHeader('content-length', String(r.body.bytes.length));
      req.end(r.body.bytes);
    }
  });
}

// ---- generators ----

const hostileSegment = fc.oneof(
  fc.constantFrom(
    '%E0%A4%A',
    '%',
    '%zz',
    '%00',
    '..',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    'x'.repeat(300),
    'a'.repeat(9000),
    '%C0%AE',
    '%F0%9F%98%80',
    '~',
    ';',
    '@',
  ),
  fc.string({ maxLength: 40, unit: 'binary-ascii' }).map((s) => encodeURIComponent(s)),
  fc.string({ maxLength: 20 }).map((s) => s.replace(/[^!-~]/g, '')),
);

const apiPaths = (ids: () => typeof real) =>
  fc.oneof(
    fc.constantFrom(
      '/health',
      '/admin/login',
      '/uploads',
      '/transfers',
      '/files/lookup',
      '/send',
      '/sweep',
      '/',
      '/nope',
    ),
    fc
      .constantFrom('parts', 'complete', 'abort')
      .chain((tail) =>
        fc.oneof(fc.constant(ids().fileId), hostileSegment, fc.uuid()).map((id) => `/uploads/${id}/${tail}`),
      ),
    fc
      .tuple(fc.oneof(fc.constant(ids().shareId), hostileSegment), fc.constantFrom('', '/download'))
      .map(([id, tail]) => `/shares/${id}${tail}`),
    fc.array(hostileSegment, { minLength: 1, maxLength: 4 }).map((s) => `/${s.join('/')}`),
  );

const query = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '?uploadId=1&partNumber=1',
    '?uploads',
    '?cors',
    '?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=a%2F20260101%2Fauto%2Fs3%2Faws4_request&X-Amz-Date=20260101T000000Z&X-Amz-Expires=99&X-Amz-SignedHeaders=host&X-Amz-Signature=00',
    '?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=-1',
    '?response-content-type=text/html',
    '?%E0%A4%A=1',
    '?a=%',
  ),
  fc.string({ maxLength: 60, unit: 'binary-ascii' }).map((s) => `?${encodeURIComponent(s)}=${encodeURIComponent(s)}`),
);

const anyPath = (ids: () => typeof real) =>
  fc.oneof(
    { weight: 6, arbitrary: apiPaths(ids).map((p) => `/functions/v1/api${p}`) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom('ulak', 'other', ''), fc.array(hostileSegment, { maxLength: 3 }), query)
        .map(([bucket, key, q]) => `/storage/${bucket}/uploads/${key.join('/')}${q}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('/peerjs', '/peerjs/id', '/peerjs/peerjs/id', '/peerjs/x/y/z'), query)
        .map(([p, q]) => p + q),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.array(hostileSegment, { maxLength: 3 }), query).map(([s, q]) => `/${s.join('/')}${q}`),
    },
    { weight: 1, arbitrary: fc.constantFrom('/share-target', '/s/AbCd1234', '/assets/%E0%A4%A.js', '/sw.js') },
  );

const jsonBody = (ids: () => typeof real) =>
  fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.record(
      {
        name: fc.oneof(
          fc.string({ maxLength: 300, unit: 'binary' }),
          fc.constantFrom('a\u0000b', 'x\u202Egpj.exe', ''),
        ),
        size: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, 2 ** 31, 2 ** 53, -1), fc.string()),
        type: fc.oneof(fc.string({ maxLength: 300 }), fc.constant(null), fc.constant('text/html')),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        partNumbers: fc.oneof(
          fc.array(fc.oneof(fc.integer(), fc.double(), fc.string()), { maxLength: 120 }),
          fc.anything(),
        ),
        parts: fc.array(fc.record({ partNumber: fc.integer(), etag: fc.string({ maxLength: 250 }) }), { maxLength: 5 }),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        items: fc.oneof(
          fc.array(
            fc.record({
              shareId: fc.oneof(fc.constant(ids().shareId), fc.string()),
              ownerToken: fc.oneof(fc.constant(ids().ownerToken), fc.string()),
            }),
            { maxLength: 60 },
          ),
          fc.anything(),
        ),
        recipients: fc.oneof(
          fc.array(
            fc.oneof(fc.emailAddress(), fc.constantFrom('"x"<evil>a@b.co', 'a@b.co\r\nBcc: c@d.co'), fc.string()),
          ),
          fc.anything(),
        ),
        title: fc.oneof(fc.string({ maxLength: 300 }), fc.anything()),
        message: fc.string({ maxLength: 100 }),
        username: fc.string(),
        password: fc.string({ maxLength: 2000 }),
      },
      { requiredKeys: [] },
    ),
  );

const body = (ids: () => typeof real) =>
  fc.option(
    fc.record({
      bytes: fc.oneof(
        jsonBody(ids).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
        fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.from(b)),
        fc.constantFrom(
          Buffer.from('{nope'),
          Buffer.from([0xff, 0xfe, 0x00]),
          Buffer.from('[]'),
          Buffer.alloc(70 * 1024, 0x7b),
        ),
      ),
      chunked: fc.boolean(),
    }),
    { nil: undefined },
  );

const headers = (ids: () => typeof real) =>
  fc
    .record(
      {
        apikey: fc.oneof(fc.constant(HOST_ANON_KEY), fc.string({ maxLength: 60, unit: 'binary-ascii' })),
        authorization: fc.oneof(
          fc.constant(`Bearer ${HOST_ANON_KEY}`),
          fc.constantFrom(
            'AWS4-HMAC-SHA256 Credential=x/20260101/auto/s3/aws4_request, SignedHeaders=host, Signature=00',
            'Bearer ',
          ),
          fc.string({ maxLength: 40, unit: 'binary-ascii' }),
        ),
        'x-owner-token': fc.oneof(fc.constant(ids().ownerToken), fc.string({ maxLength: 300, unit: 'binary-ascii' })),
        'content-type': fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x', ''),
        'x-forwarded-for': fc.oneof(fc.ipV4(), fc.ipV6(), fc.string({ maxLength: 50, unit: 'binary-ascii' })),
        origin: fc.constantFrom('http://evil.example', 'null'),
        'x-amz-content-sha256': fc.constantFrom('UNSIGNED-PAYLOAD', 'zz'),
        'access-control-request-method': fc.constantFrom('PUT', 'GET', 'DELETE'),
      },
      { requiredKeys: [] },
    )
    // What http.request would refuse to send is not a request: printable header values only.
    .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => /^[\t\x20-\x7e]*$/.test(v))));

const hostileRequest = (ids: () => typeof real) =>
  fc.record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH'),
    path: anyPath(ids),
    headers: headers(ids),
    body: body(ids),
  });

describe('hostile traffic against the real host', () => {
  beforeAll(async () => {
    host = await startHost();
    const created = await hostCall(host, 'POST', '/uploads', {
      body: { name: 'target.txt', size: 10, type: 'text/plain' },
    });
    expect(created.status).toBe(201);
    const c = (await created.json()) as { fileId: string; shareId: string; ownerToken: string };
    real = { fileId: c.fileId, shareId: c.shareId, ownerToken: c.ownerToken };
  }, 300_000);

  afterAll(async () => {
    await host?.stop();
  });

  it('answers 1,100 generated requests to every endpoint without one 5xx, and keeps running', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileRequest(() => real),
        async (r) => {
          const status = await send(r);
          sent++;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 0) return host.alive();
          return status >= 100 && status < 500;
        },
      ),
      { numRuns: 1_100, endOnFailure: true },
    );
    expect(sent).toBeGreaterThanOrEqual(1_000);
    // The refusals were real answers, not connection failures, across the whole range.
    expect([...statuses.keys()].some((s) => s >= 400 && s < 500)).toBe(true);
    expect([...statuses.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
    // Connections closed without an answer are the exception (bodies refused unread), not the rule.
    expect(statuses.get(0) ?? 0).toBeLessThan(sent / 10);
    expect(host.alive()).toBe(true);
    expect((await hostCall(host, 'GET', '/health')).status).toBe(200);
    expect(host.output()).not.toMatch(/Unexpected error|Unhandled rejection/);
  }, 600_000);
});
