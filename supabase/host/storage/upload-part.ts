// UploadPart (PUT <key>?uploadId=&partNumber=): one part, streamed and bounded by its signed length.
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { MAX_PARTS } from '../../functions/_shared/domain/constants.ts';
import { claimRoom, publishPart, type StorageDisk, tmpFile, writeStream } from './disk-writes.ts';
import { S3Failure } from './errors.ts';
import { announcedLength } from './request-body.ts';
import type { SignedRequest } from './sigv4.ts';
import type { Upload } from './upload-folder.ts';

export async function uploadPart(
  disk: StorageDisk,
  req: IncomingMessage,
  res: ServerResponse,
  part: { upload: Upload; partNumber: number },
  auth: SignedRequest,
): Promise<void> {
  const { upload, partNumber } = part;
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PARTS) {
    throw new S3Failure(400, 'InvalidArgument', `Part number must be an integer between 1 and ${MAX_PARTS}, inclusive`);
  }
  const length = announcedLength(req, auth);
  const release = await claimRoom(disk, length);
  const file = path.join(upload.dir, String(partNumber));
  // Each send of a part streams into a file of its own and replaces the part only once whole, as
  // S3 does. Two sends of one part can overlap (a service worker handing its uploads over while
  // its request is still arriving); the one cut off must not touch the part the other finished.
  const tmp = tmpFile(upload.dir, `part-${partNumber}`);
  let md5: string;
  try {
    md5 = await writeStream(req, tmp, length);
    await publishPart(file, tmp, md5);
  } finally {
    release();
  }
  res.statusCode = 200;
  res.setHeader('ETag', `"${md5}"`);
  res.setHeader('Content-Length', '0');
  res.end();
}
