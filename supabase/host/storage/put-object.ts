// PutObject (PUT <key>): one whole object, streamed to a temporary file and moved into place.
import { mkdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { claimRoom, publishObject, type StorageDisk, tmpFile, writeStream } from './disk-writes.ts';
import { S3Failure } from './errors.ts';
import { announcedLength } from './request-body.ts';
import { checkKey, header } from './s3-request.ts';
import type { SignedRequest } from './sigv4.ts';
import { uploadsDir } from './upload-folder.ts';

export async function putObject(
  disk: StorageDisk,
  req: IncomingMessage,
  res: ServerResponse,
  object: { bucket: string; key: string },
  auth: SignedRequest,
): Promise<void> {
  checkKey(object.key);
  if (header(req, 'x-amz-copy-source') !== undefined) {
    throw new S3Failure(501, 'NotImplemented', 'Copying objects is not supported by this storage.');
  }
  const length = announcedLength(req, auth);
  const release = await claimRoom(disk, length);
  try {
    // The uploads folder is on the same disk as the objects, so the finished file moves, never copies.
    const dir = uploadsDir(disk.root, object.bucket);
    await mkdir(dir, { recursive: true });
    const tmp = tmpFile(dir, 'put');
    const md5 = await writeStream(req, tmp, length);
    await publishObject(disk.store, object, tmp, req.headers as Record<string, string>, md5);
    res.setHeader('ETag', `"${md5}"`);
  } finally {
    release();
  }
  res.statusCode = 200;
  res.end();
}
