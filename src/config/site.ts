// Product facts that are not secrets. Importing this module never throws (unlike env.ts), so the
// start-up error screen can use it.

/** Product name when VITE_PRODUCT_NAME is not set. */
export const DEFAULT_PRODUCT_NAME = 'Ulak';

/**
 * The footer's credit line and its link; VITE_CREDIT_NAME and VITE_CREDIT_URL (read at build time)
 * replace these defaults when set.
 */
export const CREDIT = {
  name: (import.meta.env.VITE_CREDIT_NAME as string | undefined)?.trim() || 'Ulak Engineering',
  href: (import.meta.env.VITE_CREDIT_URL as string | undefined)?.trim() || 'https://github.com/ulak-app',
} as const;

/** The app's version, package.json's: the admin's top bar shows it, as the host's System page does. */
export { version as APP_VERSION } from '../../package.json';
