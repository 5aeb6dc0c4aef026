// Format rules for configuration values, checked where they are read: the page (src/config/env.ts)
// and the API (config.ts). docs/product.md §5 start-up rules.

/** Legacy Supabase anon key: a JWT ("eyJ" prefix) of at least 100 characters. */
const LEGACY_ANON_KEY = /^eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Newer Supabase publishable key. */
const PUBLISHABLE_KEY = /^sb_publishable_[A-Za-z0-9_-]{20,}$/;

export function isValidAnonKey(key: string): boolean {
  return (key.length >= 100 && LEGACY_ANON_KEY.test(key)) || PUBLISHABLE_KEY.test(key);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID as Postgres and crypto.randomUUID write it, in either case: the ids the API hands out and takes back. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export function isValidUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** S3 bucket names: 3-63 characters, lowercase letters, digits and hyphens, alphanumeric at both ends. */
export function isValidBucketName(name: string): boolean {
  return /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(name);
}

/**
 * A strict email check, for addresses that end up in a mail's To header: a dot-atom local part of
 * letters, digits and . _ % + - ' (no quotes, angle brackets, commas, spaces or other characters a
 * header parser could read as a second address or a display name), at most 64 characters; a domain
 * of letter-digit-hyphen labels with a top-level domain of letters (or punycode); 254 characters
 * in all (RFC 5321).
 */
const EMAIL_LOCAL = /^[A-Za-z0-9_%+'-]+(?:\.[A-Za-z0-9_%+'-]+)*$/;
const EMAIL_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const EMAIL_TLD = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export function isValidEmail(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || value.indexOf('@') !== at) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  return (
    local.length <= 64 &&
    EMAIL_LOCAL.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => EMAIL_LABEL.test(label)) &&
    EMAIL_TLD.test(labels.at(-1) ?? '')
  );
}
