/** Where the manifest's share_target posts (vite.config.ts) and the service worker takes it. */
export const SHARE_TARGET_PATH = '/share-target';
/** The screen the service worker sends the person to once the shared files are stored. */
export const SHARED_SCREEN_PATH = '/shared';
/** The form field holding the files, as the manifest names it. */
export const SHARE_TARGET_FILES_FIELD = 'files';
