// The names public/boot.js shares with the app, the build and the host's page renderer. boot.js is
// a plain script served as it is and cannot import this module: boot-contract.test.ts reads it and
// index.html and fails when they spell a name differently from here.

/** On boot.js's script tag: the app's entry module, moved there by the build. */
export const ENTRY_ATTRIBUTE = 'data-entry';
/** On boot.js's script tag: the entry's module preloads, space-separated, moved there by the build. */
export const PRELOAD_ATTRIBUTE = 'data-preload';
/** On <html>: set by the host on a page whose app starts on the visitor's first intent. */
export const START_ATTRIBUTE = 'data-start';
/** The value of START_ATTRIBUTE for a page that starts on intent (a download page). */
export const START_ON_INTENT = 'intent';
/** On <html> while a tap made before the app is live is held (styled in index.html). */
export const HELD_ATTRIBUTE = 'data-held';
/** Dispatched on `document` once the app has taken the page over; boot.js replays a held tap then. */
export const APP_LIVE_EVENT = 'app-live';
/**
 * On `window`: the files a visitor picked (Add files, Add folder) or dropped on a page whose app
 * starts on intent before the app was live, kept by boot.js as a list of HeldFiles; the app takes
 * them (src/components/file-drop/held-files.ts) and lists them as picked.
 */
export const HELD_FILES_PROPERTY = 'ulakHeldFiles';
/** Dispatched on `document` by boot.js when it has kept more files in HELD_FILES_PROPERTY. */
export const HELD_FILES_EVENT = 'held-files';

/**
 * Dispatched on `document` by a page's own script (public/share-fill.js) that cannot finish the
 * page without the app: boot.js takes it as the visitor's intent and starts the app.
 */
export const START_APP_EVENT = 'start-app';

/** One pick or drop boot.js kept: a drop's entries (its folders with their trees) when the browser gives them. */
export interface HeldFiles {
  files: File[];
  entries: FileSystemEntry[];
}
/** On a copy button: the text it copies, which boot.js copies inside a tap it holds. */
export const COPY_TEXT_ATTRIBUTE = 'data-copy-text';
/** On <html> once boot.js has copied a held tap's text: the text, for the app's replayed copy. */
export const HELD_COPY_ATTRIBUTE = 'data-held-copy';
/**
 * On a download button of a page the host renders: the API's POST (a path on the page's origin,
 * where the rendering host's API is) that hands out the file's download URL. boot.js makes it on
 * a tap before the app is live, so the download starts without waiting for the app.
 */
export const TICKET_ATTRIBUTE = 'data-ticket';
/** Beside TICKET_ATTRIBUTE: the public anon key the API asks every call for. */
export const API_KEY_ATTRIBUTE = 'data-api-key';
/**
 * Beside TICKET_ATTRIBUTE on a plain file's download: its presigned URL (DirectDownload), which
 * boot.js opens inside the tap, asking for the ticket beside it only to count the download; and
 * how many seconds from the page's load it works (DIRECT_URL_TTL_ATTRIBUTE). An older page asks
 * for its ticket first, as without one.
 */
export const DIRECT_URL_ATTRIBUTE = 'data-url';
export const DIRECT_URL_TTL_ATTRIBUTE = 'data-url-ttl';
/**
 * Beside TICKET_ATTRIBUTE on a transfer's Download all: the zip's file name. boot.js has the
 * service worker build that zip from the ticket's files on a tap before the app is live.
 */
export const ZIP_ATTRIBUTE = 'data-zip';
/**
 * Beside TICKET_ATTRIBUTE on a download of an end-to-end encrypted share: the share's key check.
 * boot.js then has the service worker check the link's key (location.hash) against it before any
 * ticket is asked for, and save the plaintext; a link without its key is left to the app.
 */
export const KEY_CHECK_ATTRIBUTE = 'data-key-check';
/**
 * On a <time> the host writes in UTC: its length ('medium' or 'long'), for boot.js, which writes
 * it again in the reader's zone before the app starts.
 */
export const LOCAL_TIME_ATTRIBUTE = 'data-local-time';

/** The value of TICKET_ATTRIBUTE for a share: its download POST on the rendering host's API. */
export function ticketPath(shareId: string): string {
  return `/functions/v1/api/shares/${encodeURIComponent(shareId)}/download`;
}
