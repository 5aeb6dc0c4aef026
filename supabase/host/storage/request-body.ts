// The body of an S3 request: the length the client announced (and, on a presigned URL, signed),
// checked before a byte is written, and a small body (an XML document) read within a limit.
import type { IncomingMessage } from 'node:http';
import { S3Failure } from './errors.ts';
import { header } from './s3-request.ts';
import type { SignedRequest } from './sigv4.ts';

/** S3's largest part and largest single PUT. */
const MAX_PUT_BYTES = 5 * 1024 ** 3;

/** The body length the client announced: required (no chunked uploads) and bounded. */
export function announcedLength(req: IncomingMessage, auth: SignedRequest): number {
  const raw = header(req, 'content-length');
  if (raw === undefined || header(req, 'transfer-encoding') !== undefined) {
    throw new S3Failure(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
  }
  const length = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(length)) {
    throw new S3Failure(400, 'InvalidArgument', 'Content-Length must be a whole number of bytes.');
  }
  if (length > MAX_PUT_BYTES) {
    throw new S3Failure(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed object size.');
  }
  // A presigned URL is handed to a browser: what it may write must be fixed by whoever signed it.
  if (auth.presigned && !auth.signedHeaders.has('content-length')) {
    throw new S3Failure(
      403,
      'AccessDenied',
      'This URL does not fix the size of the upload (content-length is not signed).',
    );
  }
  return length;
}

/** A small request body (an XML document), read whole but never past `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new S3Failure(400, 'MaxMessageLengthExceeded', 'Your request was too big.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
