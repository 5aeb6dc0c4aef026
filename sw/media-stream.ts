// Answers a video or audio preview of an end-to-end encrypted file at a same-origin URL, Range by
// Range, with its plaintext: the page registers the file (src/lib/download-pipeline/encrypted-media.ts)
// and the player's requests map to the records behind each range (decryptedRange), so a seek
// fetches and decrypts only what it shows. The file's cipher lives in this worker's memory only.
import { DOWNLOAD_URL_TTL_SECONDS } from '@domain/constants';
import { isE2eError } from '@/lib/crypto/errors';
import { decryptedRange, type EncryptedFile } from '@/lib/download-pipeline/decrypt-file';
import {
  isMediaStreamEnd,
  isMediaStreamStart,
  MEDIA_STREAM_PATH,
  type MediaStreamStart,
} from '@/lib/download-pipeline/encrypted-media';
import { FileGoneError } from '@/lib/download-pipeline/pipeline';

/**
 * Media files registered at once (default 16): a page previews one at a time; more than this
 * (a page registering in a loop) drops the oldest, so the worker's memory stays bounded.
 */
const MAX_MEDIA_STREAMS = 16;

interface Registered {
  file: EncryptedFile;
  contentType: string;
  expiresAt: number;
  /** The page that registered it: when it goes, the file is forgotten. */
  clientId: string;
}

/** `bytes=a-b` or `bytes=a-` (one range; a player asks for no more) over `size`, as [start, end); null if unsatisfiable. */
export function parseRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d{1,16})-(\d{0,16})$/.exec(header.trim());
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]) + 1, size) : size;
  return start < size && start < end ? { start, end } : null;
}

/** The player's answer: 200 for the whole file, 206 for a range, 416 past the end. */
async function answer(request: Request, registered: Registered): Promise<Response> {
  const { file, contentType } = registered;
  const header = request.headers.get('range');
  const range = header === null ? { start: 0, end: file.size } : parseRange(header, file.size);
  if (!range) {
    return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${file.size}` } });
  }
  try {
    const body = await decryptedRange(file, range.start, range.end, { signal: request.signal });
    const headers = new Headers({
      'Content-Type': contentType,
      'Content-Length': String(range.end - range.start),
      'Accept-Ranges': 'bytes',
      'X-Content-Type-Options': 'nosniff',
    });
    if (header === null) return new Response(body, { status: 200, headers });
    headers.set('Content-Range', `bytes ${range.start}-${range.end - 1}/${file.size}`);
    return new Response(body, { status: 206, headers });
  } catch (error) {
    if (error instanceof FileGoneError) return new Response('This file is no longer available.', { status: 404 });
    if (isE2eError(error)) return new Response('This file is damaged.', { status: 502 });
    return new Response('The file could not be read.', { status: 502 });
  }
}

export function registerMediaStreams(scope: ServiceWorkerGlobalScope): void {
  const registered = new Map<string, Registered>();

  /** Forgets files whose URL ran out or whose page is gone. */
  const prune = async () => {
    const now = Date.now();
    const pages = new Set((await scope.clients.matchAll({ includeUncontrolled: true })).map((client) => client.id));
    for (const [id, entry] of registered) {
      if (entry.expiresAt <= now || !pages.has(entry.clientId)) registered.delete(id);
    }
  };

  const add = (start: MediaStreamStart, clientId: string) => {
    registered.delete(start.id);
    if (registered.size >= MAX_MEDIA_STREAMS) {
      const oldest = registered.keys().next().value;
      if (oldest !== undefined) registered.delete(oldest);
    }
    const file = { url: start.url, name: '', path: '', size: start.size, cipher: start.cipher };
    // No longer than a ticket's URL lives, whatever the page said.
    const expiresAt = Math.min(start.expiresAt, Date.now() + DOWNLOAD_URL_TTL_SECONDS * 1000);
    registered.set(start.id, { file, contentType: start.contentType, expiresAt, clientId });
  };

  scope.addEventListener('message', (event) => {
    if (isMediaStreamEnd(event.data)) {
      registered.delete(event.data.id);
      return;
    }
    const port = event.ports[0];
    if (!port || !isMediaStreamStart(event.data)) return;
    const start = event.data;
    const clientId = event.source && 'id' in event.source ? event.source.id : '';
    event.waitUntil(
      prune().then(() => {
        add(start, clientId);
        port.postMessage({ type: 'ready' });
        port.close();
      }),
    );
  });

  // Registered before the app shell's routes, as the download streams are.
  scope.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (url.origin !== scope.location.origin || !url.pathname.startsWith(MEDIA_STREAM_PATH)) return;
    const entry = registered.get(url.pathname.slice(MEDIA_STREAM_PATH.length));
    if (!entry || entry.expiresAt <= Date.now()) {
      event.respondWith(new Response('This preview has ended.', { status: 404 }));
      return;
    }
    event.respondWith(answer(event.request, entry));
  });
}
