// AbortMultipartUpload (DELETE <key>?uploadId=): the upload and its parts are gone, once no
// complete of it is under way.
import { rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { settle, type Upload } from './upload-folder.ts';

export async function abortMultipartUpload(res: ServerResponse, upload: Upload): Promise<void> {
  await settle(upload, () => rm(upload.dir, { recursive: true, force: true }));
  res.statusCode = 204;
  res.end();
}
