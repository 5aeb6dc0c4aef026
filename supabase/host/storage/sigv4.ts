// AWS Signature Version 4, checked by recomputing the signature with the AWS SDK's own signer
// (@smithy/signature-v4) over what the request really carries, for both forms S3 clients use:
// an Authorization header (the API's SDK client) and a presigned URL (the browser's part PUTs and
// downloads). What the signer does not decide (clock skew, expiry, which headers must be signed)
// is checked here.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';
import { S3Failure } from './errors.ts';
import { encodePath, header, queryParam, safeDecode } from './s3-request.ts';

const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
/** The query parameters that carry a presigned URL's signature (the signer adds them itself). */
const PRESIGN_PARAMS = new Set([
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
]);

/** What the signer hands its hash (@smithy/types' SourceData). */
type SourceData = string | ArrayBuffer | ArrayBufferView;

function toBytes(data: SourceData): string | Uint8Array {
  if (typeof data === 'string') return data;
  return ArrayBuffer.isView(data)
    ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : new Uint8Array(data);
}

/** SHA-256 and HMAC-SHA256 over node:crypto, in the shape the signer takes. */
class Sha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBytes(secret));
  }
  update(data: SourceData): void {
    this.hash.update(toBytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

export interface SignedRequest {
  /** Lower-case names of the headers the signature covers. */
  signedHeaders: Set<string>;
  presigned: boolean;
}

interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

const denied = (message: string) => new S3Failure(403, 'AccessDenied', message);

function parseAmzDate(s: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s);
  if (!m) {
    throw new S3Failure(
      400,
      'AuthorizationQueryParametersError',
      "X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"",
    );
  }
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

function parseCredential(credential: string, amzDate: string, keys: Credentials): { region: string } {
  const [keyId, day, region, service, terminator, ...rest] = credential.split('/');
  if (!keyId || !day || !region || service !== 's3' || terminator !== 'aws4_request' || rest.length) {
    throw new S3Failure(400, 'AuthorizationHeaderMalformed', 'The credential is malformed.');
  }
  if (keyId !== keys.accessKeyId) {
    throw new S3Failure(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  if (day !== amzDate.slice(0, 8)) {
    throw new S3Failure(403, 'SignatureDoesNotMatch', 'The credential date does not match the request date.');
  }
  return { region };
}

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

const mismatch = () =>
  new S3Failure(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  );

/**
 * A signature parameter given twice is ambiguous (which one was signed?), and s3rver, which reads
 * x-amz-* parameters again for GET and HEAD, takes a repeated one as a list and fails on it.
 */
function refuseRepeatedAmzParams(query: [string, string][]): void {
  const seen = new Set<string>();
  for (const [name] of query) {
    const lower = name.toLowerCase();
    if (!lower.startsWith('x-amz-')) continue;
    if (seen.has(lower)) {
      throw new S3Failure(
        400,
        'AuthorizationQueryParametersError',
        `The query parameter ${name.slice(0, 64)} may be given only once.`,
      );
    }
    seen.add(lower);
  }
}

/**
 * Checks the request's SigV4 signature against our key, or throws the S3 failure a client expects.
 * `rawPath` is the path as received (still percent-encoded); `query` is decoded.
 */
export async function verifySignature(
  req: IncomingMessage,
  rawPath: string,
  query: [string, string][],
  keys: Credentials,
  now = Date.now(),
): Promise<SignedRequest> {
  const method = (req.method ?? 'GET').toUpperCase();
  refuseRepeatedAmzParams(query);
  const authorization = header(req, 'authorization');
  const presigned = queryParam(query, 'X-Amz-Algorithm') !== undefined;
  if (!authorization && !presigned) throw denied('Access Denied');
  if (authorization && presigned) throw new S3Failure(400, 'InvalidArgument', 'Only one auth mechanism allowed');

  let credential: string;
  let signedHeaders: string[];
  let signature: string;
  let amzDate: string;
  let expiresIn = 0;
  if (presigned) {
    const param = (name: string) => queryParam(query, name);
    const [algorithm, cred, date, expires, signed, sig] = [
      param('X-Amz-Algorithm'),
      param('X-Amz-Credential'),
      param('X-Amz-Date'),
      param('X-Amz-Expires'),
      param('X-Amz-SignedHeaders'),
      param('X-Amz-Signature'),
    ];
    if (algorithm !== 'AWS4-HMAC-SHA256' || !cred || !date || !expires || !signed || !sig) {
      throw new S3Failure(
        400,
        'AuthorizationQueryParametersError',
        'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
      );
    }
    expiresIn = Number(expires);
    if (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_PRESIGN_SECONDS) {
      throw new S3Failure(
        400,
        'AuthorizationQueryParametersError',
        'X-Amz-Expires must be between 1 and 604800 seconds.',
      );
    }
    const signedAt = parseAmzDate(date).getTime();
    if (signedAt > now + MAX_CLOCK_SKEW_MS) throw denied('Request is not valid yet');
    if (now > signedAt + expiresIn * 1000) throw denied('Request has expired');
    [credential, signedHeaders, signature, amzDate] = [cred, signed.split(';'), sig, date];
  } else {
    const m = /^AWS4-HMAC-SHA256\s+Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]+)\s*$/i.exec(
      authorization!,
    );
    if (!m) throw new S3Failure(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
    const date = header(req, 'x-amz-date');
    if (!date) throw denied('AWS authentication requires a valid Date or x-amz-date header');
    if (!header(req, 'x-amz-content-sha256')) {
      throw new S3Failure(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    }
    if (Math.abs(now - parseAmzDate(date).getTime()) > MAX_CLOCK_SKEW_MS) {
      throw new S3Failure(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );
    }
    [credential, signedHeaders, signature, amzDate] = [m[1]!, m[2]!.split(';'), m[3]!, date];
  }
  const { region } = parseCredential(credential, amzDate, keys);
  const signedSet = new Set(signedHeaders);
  if (!signedSet.has('host')) throw denied('The host header must be signed.');
  // Unsigned x-amz-* headers could change what a presigned URL does (e.g. turn a PUT into a copy
  // of another object), so S3 refuses them and so do we.
  for (const name of Object.keys(req.headers)) {
    if (name.startsWith('x-amz-') && !signedSet.has(name) && !(presigned && name === 'x-amz-content-sha256')) {
      throw denied(`There were headers present in the request which were not signed: ${name}`);
    }
  }

  // The request as the client signed it: only the signed headers, the path canonicalised the way
  // S3 clients encode keys, the query decoded (the signer encodes it again).
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) headers[name] = header(req, name) ?? '';
  const requestQuery: Record<string, string | string[]> = {};
  let presignedPayload: string | undefined;
  for (const [k, v] of query) {
    if (presigned && PRESIGN_PARAMS.has(k)) continue;
    if (presigned && k.toLowerCase() === 'x-amz-content-sha256') {
      // The signer hoists x-amz-* headers into the query itself; keep the client's spelling.
      headers[k] = v;
      presignedPayload = v;
      continue;
    }
    const seen = requestQuery[k];
    requestQuery[k] = seen === undefined ? v : [...(Array.isArray(seen) ? seen : [seen]), v];
  }
  const host = header(req, 'host') ?? '';
  const request = {
    method,
    protocol: 'http:',
    hostname: host.replace(/:\d+$/, ''),
    path: encodePath(rawPath.split('/').map(safeDecode).join('/')),
    query: requestQuery,
    headers,
    // A presigned URL's payload is never hashed; an object stands for "a streamed body".
    body: presigned && presignedPayload === undefined ? {} : undefined,
  };
  const signer = new SignatureV4({
    service: 's3',
    region,
    credentials: keys,
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: true,
  });
  const options = { signingDate: parseAmzDate(amzDate), signableHeaders: signedSet };
  let expected: string | undefined;
  if (presigned) {
    const signed = await signer.presign(request, {
      ...options,
      expiresIn,
      // Keep signed x-amz-* headers as headers, as the client did.
      unhoistableHeaders: new Set(signedHeaders.filter((h) => h.startsWith('x-amz-'))),
    });
    const value = signed.query?.['X-Amz-Signature'];
    expected = typeof value === 'string' ? value : undefined;
    if (signed.query?.['X-Amz-SignedHeaders'] !== signedHeaders.join(';')) throw mismatch();
  } else {
    const signed = await signer.sign(request, options);
    const auth = String(signed.headers.authorization ?? '');
    if (!auth.includes(`SignedHeaders=${signedHeaders.join(';')},`)) throw mismatch();
    expected = /Signature=([0-9a-f]+)$/.exec(auth)?.[1];
  }
  if (!expected || !sameSignature(expected, signature)) throw mismatch();
  return { signedHeaders: signedSet, presigned };
}
