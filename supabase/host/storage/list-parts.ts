// ListParts (GET <key>?uploadId=): the parts an upload holds, each with its ETag and size, so a
// client that never saw a part's answer takes it over instead of sending it again.
import type { ServerResponse } from 'node:http';
import { MAX_PARTS } from '../../functions/_shared/domain/constants.ts';
import { noSuchUpload, readParts, type Upload } from './upload-folder.ts';
import { el, sendXml } from './xml.ts';

export async function listParts(res: ServerResponse, { bucket, key, uploadId, dir }: Upload): Promise<void> {
  // A complete or a cancel may move the folder away after openUpload: gone, as S3 would say.
  const stored = await readParts(dir).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? noSuchUpload() : error;
  });
  const parts = [...stored.entries()].sort(([a], [b]) => a - b);
  sendXml(
    res,
    200,
    'ListPartsResult',
    [
      el('Bucket', bucket),
      el('Key', key),
      el('UploadId', uploadId),
      el('PartNumberMarker', '0'),
      el('NextPartNumberMarker', String(parts.at(-1)?.[0] ?? 0)),
      el('MaxParts', String(MAX_PARTS)),
      el('IsTruncated', 'false'),
      el('StorageClass', 'STANDARD'),
      ...parts.map(
        ([n, p]) =>
          `<Part>${el('PartNumber', String(n))}${el('LastModified', p.modified.toISOString())}${el('ETag', `"${p.etag}"`)}${el('Size', String(p.size))}</Part>`,
      ),
    ].join(''),
  );
}
