// Product facts that are not secrets. Importing this module never throws (unlike env.ts), so the
// start-up error screen can use it.

/** Product name when VITE_PRODUCT_NAME is not set. */
export const DEFAULT_PRODUCT_NAME = 'Ulak';

/** The product's public profiles; the footer links to each with an icon. */
export const SOCIAL_LINKS = [
  { id: 'github', href: 'https://github.com/ulak-app' },
  { id: 'x', href: 'https://x.com/ulakapp' },
  { id: 'linkedin', href: 'https://www.linkedin.com/company/ulak-app' },
] as const;

export type SocialLinkId = (typeof SOCIAL_LINKS)[number]['id'];

/**
 * The footer's credit line and its link; VITE_CREDIT_NAME and VITE_CREDIT_URL (read at build time)
 * replace these defaults when set.
 */
export const CREDIT = {
  name: (import.meta.env.VITE_CREDIT_NAME as string | undefined)?.trim() || 'Ulak Engineering',
  href: (import.meta.env.VITE_CREDIT_URL as string | undefined)?.trim() || 'https://github.com/ulak-app',
} as const;
