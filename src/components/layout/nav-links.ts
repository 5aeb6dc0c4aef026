import type { ParseKeys } from 'i18next';

/** The header's links (docs/product.md §2); the mobile drawer shows the same list. */
export const HEADER_LINKS = [
  { to: '/', labelKey: 'nav.home' },
  { to: '/upload', labelKey: 'nav.transfers' },
  { to: '/p2p', labelKey: 'nav.directTransfer' },
  { to: '/how-it-works', labelKey: 'nav.howItWorks' },
  { to: '/about', labelKey: 'nav.about' },
] as const satisfies readonly { to: string; labelKey: ParseKeys }[];
