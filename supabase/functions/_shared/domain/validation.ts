// Format rules for configuration values, checked where they are read: the page (src/config/env.ts)
// and the API (config.ts). SPEC §5 start-up rules.

/** Legacy Supabase anon key: a JWT ("eyJ" prefix) of at least 100 characters. */
const LEGACY_ANON_KEY = /^eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Newer Supabase publishable key. */
const PUBLISHABLE_KEY = /^sb_publishable_[A-Za-z0-9_-]{20,}$/;

export function isValidAnonKey(key: string): boolean {
  return (key.length >= 100 && LEGACY_ANON_KEY.test(key)) || PUBLISHABLE_KEY.test(key);
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

/** A pragmatic email check: one @, a dotted domain, no spaces. */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254;
}
