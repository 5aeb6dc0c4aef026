// The bucket, as far as the download pipeline sees it: objects at URLs, ranged GETs (206, with
// Content-Range and Content-Length as S3 sends them), 404 for a gone one.
import type { PipelineFile } from '@/lib/download-pipeline/pipeline';

export function bucket(objects: Map<string, Uint8Array<ArrayBuffer>>, ranges: string[] = []): typeof fetch {
  return (input, init) => {
    const bytes = objects.get(String(input));
    if (!bytes) return Promise.resolve(new Response('NoSuchKey', { status: 404 }));
    const range = new Headers(init?.headers).get('range');
    if (range) ranges.push(range);
    const match = range ? /^bytes=(\d+)-(\d+)$/.exec(range) : null;
    const body = match ? bytes.slice(Number(match[1]), Number(match[2]) + 1) : bytes;
    const headers: Record<string, string> = { 'content-length': String(body.byteLength) };
    if (match)
      headers['content-range'] = `bytes ${match[1]}-${Number(match[1]) + body.byteLength - 1}/${bytes.byteLength}`;
    return Promise.resolve(new Response(body, { status: match ? 206 : 200, headers }));
  };
}

/** `bytes` stored in `objects` as `filePath/name`: the pipeline's file for it. */
export function bucketFile(
  name: string,
  filePath: string,
  bytes: Uint8Array<ArrayBuffer>,
  objects: Map<string, Uint8Array<ArrayBuffer>>,
): PipelineFile {
  const url = `http://bucket.test/${filePath}/${name}`;
  objects.set(url, bytes);
  return { url, name, path: filePath, size: bytes.byteLength };
}
