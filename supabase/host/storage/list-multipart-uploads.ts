// ListMultipartUploads (GET <bucket>?uploads&prefix=): the uploads in progress under a prefix,
// by key and then oldest first (the admin's Storage page counts them).
import { readdir, readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { UPLOAD_ID, uploadsDir } from './upload-folder.ts';
import { el, sendXml } from './xml.ts';

export async function listMultipartUploads(
  root: string,
  res: ServerResponse,
  bucket: string,
  keyPrefix: string,
): Promise<void> {
  const base = uploadsDir(root, bucket);
  const ids = await readdir(base).catch(() => [] as string[]);
  const uploads: { key: string; id: string; initiated: Date }[] = [];
  for (const id of ids.filter((i) => UPLOAD_ID.test(i))) {
    try {
      const keyFile = path.join(base, id, 'key');
      const [key, st] = await Promise.all([readFile(keyFile, 'utf8'), stat(keyFile)]);
      if (key.startsWith(keyPrefix)) uploads.push({ key, id, initiated: st.mtime });
    } catch {
      // half-created or just removed
    }
  }
  uploads.sort((a, b) => (a.key === b.key ? a.initiated.getTime() - b.initiated.getTime() : a.key < b.key ? -1 : 1));
  sendXml(
    res,
    200,
    'ListMultipartUploadsResult',
    [
      el('Bucket', bucket),
      el('KeyMarker', ''),
      el('UploadIdMarker', ''),
      el('Prefix', keyPrefix),
      el('MaxUploads', String(Math.max(1000, uploads.length))),
      el('IsTruncated', 'false'),
      ...uploads.map(
        (u) =>
          `<Upload>${el('Key', u.key)}${el('UploadId', u.id)}${el('StorageClass', 'STANDARD')}${el('Initiated', u.initiated.toISOString())}</Upload>`,
      ),
    ].join(''),
  );
}
