// Web Share Target: another app shares files to the installed app, which the browser turns into a
// POST of multipart/form-data to SHARE_TARGET.action (the manifest's share_target). The worker takes
// the POST even when no page is open (a cold launch by the share), stores the files in IndexedDB
// and answers 303 to the screen that lists them, one tap away from uploading. Nothing is sent
// before the person says so.
import { SHARE_TARGET, SHARE_TARGET_FILES_FIELD, SHARED_SCREEN_PATH } from '@/config/share-target';
import type { SharedItemRecord, UploadStore } from '@/lib/upload-engine/store';

function field(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Stores what was shared; resolves to the 303 the browser follows (to the list either way). */
export async function takeShare(
  request: Request,
  store: UploadStore,
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
    if (record.files.length > 0 || record.text !== null || record.url !== null) await store.putSharedItem(record);
  } catch (error) {
    // The screen then shows what earlier shares left, or that nothing waits; never a browser error.
    console.error('Could not store what was shared', error);
  }
  return Response.redirect(screen.href, 303);
}

export function registerShareTarget(scope: ServiceWorkerGlobalScope, getStore: () => UploadStore): void {
  scope.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'POST') return;
    const url = new URL(request.url);
    if (url.origin !== scope.location.origin || url.pathname !== SHARE_TARGET.action) return;
    event.respondWith(takeShare(request, getStore(), scope.location.origin));
  });
}
