// What the built-in public pages are made of: their sections, in order (their words are in the
// translation files), and the figures their text names. The screens render these; the admin's page
// editor writes the same text out as Markdown, so an edit starts from what is live.
import type { PublicSettings } from '@domain/api-types';
import { GIB, MAX_FILE_SIZE, MAX_RECIPIENTS, RETENTION_DAYS, SHARE_ID_LENGTH } from '@domain/constants';

/** Home's feature tiles, under its subtitle. */
export const HOME_FEATURES = ['fast', 'secure', 'noAccount', 'expiry'] as const;

/** About's two principles. */
export const ABOUT_PRINCIPLES = ['privacyFirst', 'securityFocused'] as const;

/** How it works: three steps, security points, specification rows and FAQ entries. */
export const HOW_IT_WORKS = {
  steps: ['upload', 'link', 'share'],
  security: ['https', 'direct', 'storage', 'owner', 'privacy', 'deletion'],
  specs: ['maxSize', 'retention', 'types', 'batch', 'resume', 'link', 'email', 'offline'],
  faq: ['retention', 'expiry', 'limit', 'account', 'security', 'extend'],
} as const;

/** The sections of each legal page. */
export const LEGAL_SECTIONS = {
  privacy: ['files', 'noAccount', 'logs', 'email', 'local', 'processors', 'rights'],
  terms: ['service', 'use', 'retention', 'responsibility', 'availability', 'changes'],
  cookies: ['none', 'local', 'indexedDb', 'control'],
} as const;

export type LegalPage = keyof typeof LEGAL_SECTIONS;

/** The figures the built-in texts name, as the server enforces them now (the constants until it answers). */
export function pageValues(settings: PublicSettings | undefined) {
  const days = settings?.retentionDays ?? RETENTION_DAYS;
  return {
    count: days,
    days,
    maxSizeGb: (settings?.maxFileSize ?? MAX_FILE_SIZE) / GIB,
    maxRecipients: MAX_RECIPIENTS,
    idLength: SHARE_ID_LENGTH,
    email: settings?.contactEmail ?? '',
  };
}

export type PageValues = ReturnType<typeof pageValues>;
