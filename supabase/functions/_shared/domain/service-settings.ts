// The admin's settings of the service (docs/product.md §3 "Admin settings"), their defaults (docs/product.md §9), their
// bounds (docs/product.md §5) and the file-type rule. Pure: the API enforces them, the page shows them.
import { ALLOWED_FILE_TYPES, type AllowedFileTypes, type PublicSettings } from './api-types.ts';
import { fileKind } from './file-kind.ts';
import { GIB, RETENTION_DAYS, SETTINGS_BOUNDS } from './constants.ts';

export interface ServiceSettings {
  /** Largest file accepted, in whole GB (1 GB = 1024^3 bytes). */
  maxFileSizeGb: number;
  /** New uploads expire this many days after they complete. */
  autoDeleteDays: number;
  allowedFileTypes: AllowedFileTypes;
  /** With allowedFileTypes 'custom': MIME types (image/png, image/*) and extensions (.zip). */
  customFileTypes: string[];
  /** Off: downloads are not logged and no country is looked up. */
  enableAnalytics: boolean;
  /** On: the admin's bell lists new reports and takedowns. */
  enableNotifications: boolean;
  /** On: new uploads are refused with 503; downloads and direct transfer keep working. */
  maintenanceMode: boolean;
  /** The address the footer and the legal pages give for questions; '' shows none. */
  contactEmail: string;
  /** The operator's profile links (http or https), shown in the footer in this order; empty shows none. */
  socialLinks: string[];
}

export const DEFAULT_SETTINGS: ServiceSettings = {
  maxFileSizeGb: 2,
  autoDeleteDays: RETENTION_DAYS,
  allowedFileTypes: 'all',
  customFileTypes: [],
  enableAnalytics: true,
  enableNotifications: true,
  maintenanceMode: false,
  // Empty: an install never shows an address or profile that is not its operator's.
  contactEmail: '',
  socialLinks: [],
};

/** Bounds of the site's contact fields. */
export const SITE_CONTACT_BOUNDS = {
  /** The longest address SMTP carries (RFC 5321): 254 characters. */
  contactEmailLength: 254,
  /** Profile links in the footer: 10 is more than a footer row holds. */
  socialLinks: 10,
  /** Characters of one profile link: 300 fits any real profile address. */
  socialLinkLength: 300,
} as const;

export function maxFileBytes(settings: Pick<ServiceSettings, 'maxFileSizeGb'>): number {
  return settings.maxFileSizeGb * GIB;
}

const MIME_ENTRY = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/(?:\*|[a-z0-9][a-z0-9!#$&^_.+-]{0,126})$/;
const EXTENSION_ENTRY = /^\.[a-z0-9][a-z0-9_+-]{0,15}$/;

/** A custom list entry as stored: lower case, trimmed; null when it is neither a MIME type nor an extension. */
export function normalizeTypeEntry(entry: string): string | null {
  const value = entry.trim().toLowerCase();
  return MIME_ENTRY.test(value) || EXTENSION_ENTRY.test(value) ? value : null;
}

/** Extensions a person expects under "documents", for the file picker's hint. */
const DOCUMENT_EXTENSIONS = [
  '.pdf',
  '.txt',
  '.md',
  '.csv',
  '.rtf',
  '.doc',
  '.docx',
  '.odt',
  '.xls',
  '.xlsx',
  '.ods',
  '.ppt',
  '.pptx',
  '.odp',
];

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/**
 * Whether a file of this name and MIME type may be uploaded. Documents and images follow the
 * same rule as the file icons (docs/product.md §9): documents are pdf, text or document types.
 */
export function isTypeAllowed(
  settings: Pick<ServiceSettings, 'allowedFileTypes' | 'customFileTypes'>,
  name: string,
  mime: string,
): boolean {
  const type = mime.trim().toLowerCase();
  switch (settings.allowedFileTypes) {
    case 'all':
      return true;
    case 'images':
      return fileKind(type) === 'image';
    case 'documents':
      // Office files often arrive as application/octet-stream: their extension decides then.
      return fileKind(type) === 'document' || DOCUMENT_EXTENSIONS.includes(extensionOf(name));
    case 'custom': {
      const ext = extensionOf(name);
      return settings.customFileTypes.some((entry) =>
        entry.startsWith('.')
          ? entry === ext
          : entry.endsWith('/*')
            ? type.startsWith(entry.slice(0, -1))
            : entry === type,
      );
    }
  }
}

/** The file input's `accept` hint for these settings; undefined when every type is allowed. */
export function acceptHint(
  settings: Pick<ServiceSettings, 'allowedFileTypes' | 'customFileTypes'>,
): string | undefined {
  switch (settings.allowedFileTypes) {
    case 'all':
      return undefined;
    case 'images':
      return 'image/*';
    case 'documents':
      return ['application/pdf', 'text/*', ...DOCUMENT_EXTENSIONS].join(',');
    case 'custom':
      return settings.customFileTypes.join(',') || undefined;
  }
}

export type SettingsProblem =
  | { field: keyof ServiceSettings; kind: 'range'; min: number; max: number }
  | { field: keyof ServiceSettings; kind: 'type' }
  | { field: 'customFileTypes'; kind: 'entry'; entry: string }
  | { field: 'customFileTypes'; kind: 'empty' }
  | { field: 'customFileTypes' | 'socialLinks'; kind: 'too_many'; max: number }
  | { field: 'contactEmail'; kind: 'email' }
  | { field: 'socialLinks'; kind: 'link'; entry: string };

function wholeIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

// One @, no spaces, a dot in the domain: what a mailto: link needs; the mail server judges the rest.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The contact address as stored (trimmed), or null when it is not one. */
function contactEmailOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim();
  if (email === '') return email;
  return email.length <= SITE_CONTACT_BOUNDS.contactEmailLength && EMAIL.test(email) ? email : null;
}

/** A profile link as stored (trimmed, an absolute http or https address), or null when it is not one. */
function socialLinkOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const link = value.trim();
  if (link.length > SITE_CONTACT_BOUNDS.socialLinkLength || !/^https?:\/\//i.test(link)) return null;
  return URL.canParse(link) ? link : null;
}

/** Checks the footer's contact fields; absent ones (an older client) are the defaults. */
function checkContact(
  input: Record<string, unknown>,
): Pick<ServiceSettings, 'contactEmail' | 'socialLinks'> | SettingsProblem {
  const contactEmail = contactEmailOf(input.contactEmail ?? '');
  if (contactEmail === null) return { field: 'contactEmail', kind: 'email' };
  const rawLinks = input.socialLinks ?? [];
  if (!Array.isArray(rawLinks)) return { field: 'socialLinks', kind: 'type' };
  if (rawLinks.length > SITE_CONTACT_BOUNDS.socialLinks)
    return { field: 'socialLinks', kind: 'too_many', max: SITE_CONTACT_BOUNDS.socialLinks };
  const socialLinks: string[] = [];
  for (const entry of rawLinks as unknown[]) {
    const link = socialLinkOf(entry);
    if (link === null) return { field: 'socialLinks', kind: 'link', entry: String(entry).slice(0, 80) };
    if (!socialLinks.includes(link)) socialLinks.push(link);
  }
  return { contactEmail, socialLinks };
}

/** Checks a complete settings object as the admin's form sends it; the first problem found, or the settings. */
export function validateSettings(input: Record<string, unknown>): ServiceSettings | SettingsProblem {
  const { maxFileSizeGb, autoDeleteDays } = SETTINGS_BOUNDS;
  if (!wholeIn(input.maxFileSizeGb, maxFileSizeGb.min, maxFileSizeGb.max))
    return { field: 'maxFileSizeGb', kind: 'range', ...maxFileSizeGb };
  if (!wholeIn(input.autoDeleteDays, autoDeleteDays.min, autoDeleteDays.max))
    return { field: 'autoDeleteDays', kind: 'range', ...autoDeleteDays };
  const allowed = input.allowedFileTypes;
  if (typeof allowed !== 'string' || !(ALLOWED_FILE_TYPES as readonly string[]).includes(allowed))
    return { field: 'allowedFileTypes', kind: 'type' };
  for (const field of ['enableAnalytics', 'enableNotifications', 'maintenanceMode'] as const) {
    if (typeof input[field] !== 'boolean') return { field, kind: 'type' };
  }
  const rawList = input.customFileTypes ?? [];
  if (!Array.isArray(rawList)) return { field: 'customFileTypes', kind: 'type' };
  if (rawList.length > SETTINGS_BOUNDS.customFileTypes.max)
    return { field: 'customFileTypes', kind: 'too_many', max: SETTINGS_BOUNDS.customFileTypes.max };
  const customFileTypes: string[] = [];
  for (const entry of rawList as unknown[]) {
    const normal = typeof entry === 'string' ? normalizeTypeEntry(entry) : null;
    if (normal === null) return { field: 'customFileTypes', kind: 'entry', entry: String(entry).slice(0, 80) };
    if (!customFileTypes.includes(normal)) customFileTypes.push(normal);
  }
  if (allowed === 'custom' && customFileTypes.length === 0) return { field: 'customFileTypes', kind: 'empty' };
  const contact = checkContact(input);
  if ('kind' in contact) return contact;
  return {
    maxFileSizeGb: input.maxFileSizeGb,
    autoDeleteDays: input.autoDeleteDays,
    allowedFileTypes: allowed as AllowedFileTypes,
    customFileTypes,
    enableAnalytics: input.enableAnalytics as boolean,
    enableNotifications: input.enableNotifications as boolean,
    maintenanceMode: input.maintenanceMode as boolean,
    ...contact,
  };
}

export function isSettingsProblem(value: ServiceSettings | SettingsProblem): value is SettingsProblem {
  return 'kind' in value;
}

/** What GET /settings shows the page of these settings, with the From its mails go out with (null: no mail). */
export function publicSettings(settings: ServiceSettings, mailFrom: string | null): PublicSettings {
  const accept = acceptHint(settings);
  return {
    maxFileSize: maxFileBytes(settings),
    retentionDays: settings.autoDeleteDays,
    mailFrom,
    allowedFileTypes: settings.allowedFileTypes,
    customFileTypes: settings.customFileTypes,
    ...(accept ? { accept } : {}),
    maintenanceMode: settings.maintenanceMode,
    contactEmail: settings.contactEmail,
    socialLinks: settings.socialLinks,
  };
}
