// Whether this browser can go on with an upload after every page of the app is closed. Chromium
// can: the service worker's Background Sync wakes it to resume, with no page open. Firefox and
// WebKit have no Background Sync: the worker uploads while a page of the app is open, and the
// next page opened resumes the upload from the parts already stored. Pages that show an upload in
// progress say so there, where the person decides whether to close the tab.
import { useHydrated } from './use-hydrated';

/** True where the service worker can be woken to upload with no page open (Background Sync). */
export function canUploadWithPagesClosed(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    'SyncManager' in window
  );
}

/**
 * True once the page is live in a browser whose uploads stop when its pages close. False while the
 * host's markup is taken over (the host cannot know the browser), so hydration matches it.
 */
export function useUploadsNeedAnOpenPage(): boolean {
  return useHydrated() && !canUploadWithPagesClosed();
}
