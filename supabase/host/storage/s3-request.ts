// Reading an S3 request as the embedded storage receives it: headers, the path and the query,
// decoded strictly (a malformed escape is the client's error, never ours), and the object key
// checked before anything is written.
import type { IncomingMessage } from 'node:http';
import { S3Failure } from './errors.ts';

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

export function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new S3Failure(400, 'InvalidURI', "Couldn't parse the specified URI.");
  }
}

export function parseQuery(raw: string): [string, string][] {
  return raw
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const i = pair.indexOf('=');
      return i < 0 ? [safeDecode(pair), ''] : [safeDecode(pair.slice(0, i)), safeDecode(pair.slice(i + 1))];
    });
}

export function queryParam(query: [string, string][], name: string): string | undefined {
  return query.find(([k]) => k === name)?.[1];
}

/** RFC 3986 encoding, as SigV4 canonicalises: everything but unreserved characters. */
export function rfc3986(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

export function encodePath(p: string): string {
  return p.split('/').map(rfc3986).join('/');
}

/** s3rver keeps an object as <last segment>._S3rver_metadata.json: 22 more bytes than the name. */
const MAX_KEY_SEGMENT_BYTES = 200;

/** Refuses keys the folder layout cannot hold safely: traversal, empty segments, overlong names. */
export function checkKey(key: string): void {
  const segments = key.split('/');
  if (!key || key.includes('\0') || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new S3Failure(400, 'InvalidArgument', 'Object keys may not contain empty, "." or ".." segments.');
  }
  if (Buffer.byteLength(key) > 1024 || segments.some((s) => Buffer.byteLength(s) > MAX_KEY_SEGMENT_BYTES)) {
    throw new S3Failure(400, 'KeyTooLongError', 'Your key is too long for this storage.');
  }
}
