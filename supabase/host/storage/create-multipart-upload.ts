// CreateMultipartUpload (POST <key>?uploads): a new upload's folder, its headers kept for the object.
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { claimRoom, type StorageDisk, writeSmall } from './disk-writes.ts';
import { writeFailure } from './errors.ts';
import { checkKey } from './s3-request.ts';
import { uploadsDir } from './upload-folder.ts';
import { el, sendXml } from './xml.ts';

export async function createMultipartUpload(
  disk: StorageDisk,
  req: IncomingMessage,
  res: ServerResponse,
  bucket: string,
  key: string,
): Promise<void> {
  checkKey(key);
  // Nothing is claimed, but a disk already past the reserve refuses new uploads at once.
  (await claimRoom(disk, 0))();
  const uploadId = randomBytes(16).toString('hex');
  const dir = path.join(uploadsDir(disk.root, bucket), uploadId);
  try {
    await mkdir(dir, { recursive: true });
    await writeSmall(path.join(dir, 'metadata'), JSON.stringify(req.headers));
    // Written last: an upload exists (for openUpload) only once both files are complete.
    await writeSmall(path.join(dir, 'key'), key);
  } catch (error) {
    await rm(dir, { recursive: true, force: true }).catch(() => {});
    throw writeFailure(error) ?? error;
  }
  sendXml(res, 200, 'InitiateMultipartUploadResult', el('Bucket', bucket) + el('Key', key) + el('UploadId', uploadId));
}
