// Web Share Target: another app shares files to the installed app, which the browser turns into a
// POST of multipart/form-data to SHARE_TARGET.action (the manifest's share_target). The worker takes
// the POST even when no page is open (a cold launch by the share), stores the files in IndexedDB
// and answers 303 to the screen that lists them, one tap away from uploading. Nothing is sent
// before the person says so.
//
// Any web page can submit a form to the same URL and plant files there (a 'Payroll.pdf.exe', tens
// of MB), so a POST that shows a web page of another origin behind it is refused unread. What the
// worker sees, measured in Chromium 156: a form on another origin sends its Origin header and
// referrer, or, when the page hides them (referrer policy no-referrer), Origin "null" with a
// clientId of a page the worker cannot get (not ours). A launch by the system has no page behind it
// (no client, no referrer). The Sec-Fetch-Site header that would say "none" for it is added after
// the worker and never reaches it. One case looks like a launch: a popup opened by such a page
// with no referrer and then submitted, which needs the person's click; so /shared also says that
// the files came from elsewhere and should be uploaded only if the person shared them.
import { SHARE_REFUSED_PARAM, SHARE_TARGET, SHARE_TARGET_FILES_FIELD, SHARED_SCREEN_PATH } from '@/config/share-target';
import type { ShareInbox } from '@/lib/share-inbox/share-inbox';
import type { SharedItemRecord } from '@/lib/share-inbox/shared-item';

function field(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Stores what was shared; resolves to the 303 the browser follows (to the list either way). */
export async function takeShare(
  request: Request,
  inbox: ShareInbox,
  origin: string,
  now = Date.now(),
): Promise<Response> {
  const screen = new URL(SHARED_SCREEN_PATH, origin);
  try {
    const form = await request.formData();
    const { params } = SHARE_TARGET;
    const files = form.getAll(SHARE_TARGET_FILES_FIELD).filter((value): value is File => typeof value !== 'string');
    const record: SharedItemRecord = {
      id: crypto.randomUUID(),
      sharedAt: now,
      title: field(form, params.title),
      text: field(form, params.text),
      url: field(form, params.url),
      files: files.map((file) => ({ blob: file, name: file.name, type: file.type, size: file.size })),
    };
    if (record.files.length > 0 || record.text !== null || record.url !== null) await inbox.put(record);
  } catch (error) {
    // The screen then shows what earlier shares left, or that nothing waits; never a browser error.
    console.error('Could not store what was shared', error);
  }
  return Response.redirect(screen.href, 303);
}

/** The origin a URL-ish header value names, or null for none, "null" and anything unparsable. */
function originOf(value: string | null): string | null {
  if (!value || value === 'null' || value === 'about:client') return null;
  try {
    const { origin } = new URL(value);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * True when the POST shows a web page of another origin behind it: its Origin header or referrer,
 * or a client (the page that submitted it) that is not one of ours (`ownClient` is false).
 */
export function isFromAnotherSite(request: Request, origin: string, ownClient: boolean | null): boolean {
  const from = [originOf(request.headers.get('origin')), originOf(request.referrer)];
  if (from.some((value) => value !== null && value !== origin)) return true;
  return ownClient === false;
}

/** The 303 for a refused POST: to /shared, which says a website's files were not kept. */
export function refuseShare(origin: string): Response {
  const screen = new URL(SHARED_SCREEN_PATH, origin);
  screen.searchParams.set(SHARE_REFUSED_PARAM, '1');
  return Response.redirect(screen.href, 303);
}

async function answerShare(event: FetchEvent, scope: ServiceWorkerGlobalScope, inbox: ShareInbox): Promise<Response> {
  const { origin } = scope.location;
  // A page of ours is a client this worker can get; another origin's page is not.
  const ownClient = event.clientId ? (await scope.clients.get(event.clientId)) !== undefined : null;
  if (isFromAnotherSite(event.request, origin, ownClient)) return refuseShare(origin);
  return takeShare(event.request, inbox, origin);
}

export function registerShareTarget(scope: ServiceWorkerGlobalScope, getInbox: () => ShareInbox): void {
  scope.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'POST') return;
    const url = new URL(request.url);
    if (url.origin !== scope.location.origin || url.pathname !== SHARE_TARGET.action) return;
    event.respondWith(answerShare(event, scope, getInbox()));
  });
}
