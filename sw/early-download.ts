// A tap on Download all, or on a download of an end-to-end encrypted share, before the app is
// there (public/boot.js): this worker asks the API for the ticket and answers a download URL with
// the zip or the file, made as the browser saves it. For an encrypted share the page hands over
// the link's key (location.hash, which never leaves the device: a message to our own worker is not
// the network) and the share's key check. The key is checked first, so a wrong or cut link asks
// for no ticket (a limited share's download is counted) and saves nothing; the app says why.
// On a first visit the tap may come while this worker still installs, and only an active worker
// answers a URL: a small file is then handed to the page whole, a larger one or a zip waits for
// the activation. The install (precache.ts) gives way while a download starts.
import type { DownloadTicket, TransferDownload } from '@domain/api-types';
import { recipientSecrets } from '@/lib/crypto/recipient-key';
import { fileCipherOf, type TransferSecrets } from '@/lib/crypto/transfer-secrets';
import { decryptedObject } from '@/lib/download-pipeline/decrypt-file';
import {
  isEarlyDownloadStart,
  type EarlyDownloadAnswer,
  type EarlyDownloadStart,
} from '@/lib/download-pipeline/stream-download-messages';
import { zipFiles } from '@/lib/download-pipeline/zip-files';
import type { ParkDownload, Waiting } from './download-stream';
import type { GiveWay } from './precache';

/**
 * The largest file a worker that is not active yet hands to the page whole (default 16 MiB), read
 * into memory once every record has been opened: a first visit's tap does not wait for the install.
 */
export const WHOLE_BEFORE_ACTIVE_MAX_BYTES = 16 * 1024 * 1024;

/** A file's own download POST: its share id is the file key's context. */
const FILE_TICKET = /\/shares\/([A-Za-z0-9]{8})\/download$/;

/** The API's answer to the share's download POST; an Error for a refusal (the app then says why). */
async function ticketOf<T>(start: EarlyDownloadStart): Promise<T> {
  const answer = await fetch(start.ticket, {
    method: 'POST',
    headers: { apikey: start.apiKey, authorization: `Bearer ${start.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ referrer: start.referrer }),
  });
  if (!answer.ok) throw new Error(`The download ticket was refused: HTTP ${answer.status}`);
  return (await answer.json()) as T;
}

/** The transfer's zip; with its secrets, each file decrypted under its own key as the zip reaches it. */
async function zipDownload(start: EarlyDownloadStart, secrets: TransferSecrets | null): Promise<Waiting> {
  const { tickets } = await ticketOf<TransferDownload>(start);
  const files = await Promise.all(
    tickets.map(async (ticket) => ({
      url: ticket.url,
      name: ticket.fileName,
      path: ticket.path,
      size: ticket.size,
      ...(secrets ? { cipher: await fileCipherOf(secrets, ticket.shareId) } : {}),
    })),
  );
  return { start: { fileName: start.fileName, contentType: 'application/zip', size: null }, body: zipFiles(files) };
}

/**
 * One encrypted file's plaintext; its size follows from the stored object's. With the file's own
 * URL (the page's, while it lasts) the object is fetched beside the ticket, which then only counts
 * the download and names the file: one round trip before the download starts instead of two.
 */
async function fileDownload(start: EarlyDownloadStart, secrets: TransferSecrets): Promise<Waiting> {
  const shareId = FILE_TICKET.exec(start.ticket)?.[1];
  if (!shareId) throw new Error('The ticket names no file');
  const cipher = await fileCipherOf(secrets, shareId);
  const ticketing = ticketOf<DownloadTicket>(start);
  const url = start.url || (await ticketing).url;
  const object = decryptedObject({ url, name: shareId, path: '', cipher });
  // Whichever fails first, the other is not left running or unhandled.
  object.then(
    (opened) => ticketing.catch(() => void opened.bytes.cancel()),
    () => undefined,
  );
  const [ticket, { size, bytes }] = await Promise.all([ticketing, object]);
  return { start: { fileName: ticket.fileName, contentType: 'application/octet-stream', size }, body: bytes };
}

async function download(start: EarlyDownloadStart): Promise<Waiting> {
  // A share stored as sent comes here for its zip only: boot.js saves its single files itself.
  const secrets = start.keyCheck === '' ? null : await recipientSecrets(start.fragment, start.keyCheck);
  if (start.zip) return zipDownload(start, secrets);
  if (!secrets) throw new Error('A plain file is not downloaded by the worker');
  return fileDownload(start, secrets);
}

/**
 * Whether this worker is active yet, from its lifecycle events: Firefox has no
 * ServiceWorkerGlobalScope.serviceWorker to ask. A worker that has seen its install and not yet
 * its activate is not; one started later (active already, woken for an event) saw neither. Fetch
 * events wait for the activate event's end, so its start is enough.
 */
function lifecycle(scope: ServiceWorkerGlobalScope) {
  let active = true;
  let activated = Promise.resolve();
  let onActivate = () => {};
  scope.addEventListener('install', () => {
    active = false;
    activated = new Promise((resolve) => (onActivate = resolve));
  });
  scope.addEventListener('activate', () => {
    active = true;
    onActivate();
  });
  return { isActive: () => active, activated: () => activated };
}

export function registerEarlyDownloads(scope: ServiceWorkerGlobalScope, park: ParkDownload, install: GiveWay): void {
  const { isActive, activated } = lifecycle(scope);
  /**
   * What the page is answered: the whole file, or the download URL's answer once it can be given.
   * The install gives way while the download starts, not while it waits for the install's end.
   */
  const prepare = async (start: EarlyDownloadStart): Promise<EarlyDownloadAnswer> => {
    const waiting = await install.during(download(start));
    const { fileName, size } = waiting.start;
    if (!isActive() && !start.zip && size !== null && size <= WHOLE_BEFORE_ACTIVE_MAX_BYTES) {
      return { type: 'whole', fileName, bytes: await install.during(new Response(waiting.body).blob()) };
    }
    // A worker whose install fails never answers: boot.js leaves the tap to the app after WORKER_WAIT_MS.
    await activated();
    park(start.id, waiting);
    return { type: 'ready' };
  };
  scope.addEventListener('message', (event) => {
    const port = event.ports[0];
    if (!port || !isEarlyDownloadStart(event.data)) return;
    const answer = (message: EarlyDownloadAnswer) => {
      port.postMessage(message);
      port.close();
    };
    event.waitUntil(prepare(event.data).then(answer, () => answer({ type: 'refused' })));
  });
}
