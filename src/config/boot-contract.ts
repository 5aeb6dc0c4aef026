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
