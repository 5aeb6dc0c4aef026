// Server configuration, read and validated once from the environment (Node host or Deno).
import { isValidAnonKey, isValidBucketName, isValidUrl } from './domain/validation.ts';
import type { StorageConfig } from './storage.ts';

export interface ServerConfig {
  productName: string;
  /** Origin of the web app; share links are {publicOrigin}/s/{shareId}. */
  publicOrigin: string;
  /** The public anon key every API call must carry. */
  anonKey: string;
  /** Signs admin session tokens. */
  sessionSecret: string;
  /** Bearer secret of POST /sweep (called by pg_cron at scale). */
  sweepSecret: string;
  /** Salt of the visitor hash kept instead of an IP address. */
  ipHashSalt: string;
  admin: { username: string; passwordHash: string };
  /** null when storage settings are missing; storageMissing lists them. */
  storage: StorageConfig | null;
  storageMissing: string[];
  /**
   * TRUSTED_COUNTRY_HEADER, lower case: a header with the visitor's country code set by a CDN in
   * front of the API (Cloudflare: cf-ipcountry). Unset, no header is believed: anyone can send one.
   */
  trustedCountryHeader?: string;
  /** The app's version, shown on the admin's System page (APP_VERSION; the host sets it). */
  version: string;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function required(env: Env, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new ConfigError(`${name} is not set. Please check your .env file.`);
  return value;
}

/** Storage settings from env; R2_ACCOUNT_ID stands in for S3_ENDPOINT. */
export function readStorageConfig(env: Env): { storage: StorageConfig | null; missing: string[] } {
  const r2 = env.R2_ACCOUNT_ID?.trim();
  const endpoint = env.S3_ENDPOINT?.trim() || (r2 ? `https://${r2}.r2.cloudflarestorage.com` : '');
  const values = {
    'S3_ENDPOINT (or R2_ACCOUNT_ID)': endpoint,
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID?.trim() ?? '',
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY?.trim() ?? '',
    S3_BUCKET: env.S3_BUCKET?.trim() ?? '',
  };
  const missing = Object.entries(values)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length > 0) return { storage: null, missing };
  if (!isValidUrl(endpoint)) throw new ConfigError('Invalid S3_ENDPOINT URL format. Please check your .env file.');
  if (!isValidBucketName(values.S3_BUCKET)) {
    throw new ConfigError(
      `Invalid S3_BUCKET "${values.S3_BUCKET}": use 3-63 characters, lowercase letters, digits and hyphens, starting and ending with a letter or digit.`,
    );
  }
  const publicEndpoint = env.S3_PUBLIC_ENDPOINT?.trim();
  if (publicEndpoint && !isValidUrl(publicEndpoint)) {
    throw new ConfigError('Invalid S3_PUBLIC_ENDPOINT URL format. Please check your .env file.');
  }
  return {
    storage: {
      endpoint,
      publicEndpoint: publicEndpoint || undefined,
      region: env.S3_REGION?.trim() || 'auto',
      bucket: values.S3_BUCKET,
      accessKeyId: values.S3_ACCESS_KEY_ID,
      secretAccessKey: values.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
    },
    missing: [],
  };
}

export function loadServerConfig(env: Env): ServerConfig {
  const publicOrigin = required(env, 'PUBLIC_ORIGIN').replace(/\/+$/, '');
  if (!isValidUrl(publicOrigin)) {
    throw new ConfigError('Invalid PUBLIC_ORIGIN URL format. Please check your .env file.');
  }
  const anonKey = env.ANON_KEY?.trim() || env.SUPABASE_ANON_KEY?.trim() || '';
  if (!isValidAnonKey(anonKey)) {
    throw new ConfigError(
      'Invalid anon key format: expected the legacy JWT anon key (starting with "eyJ", at least 100 characters) or a publishable key (sb_publishable_...). Please check your .env file.',
    );
  }
  const { storage, missing } = readStorageConfig(env);
  const trustedCountryHeader = env.TRUSTED_COUNTRY_HEADER?.trim().toLowerCase();
  if (trustedCountryHeader && !/^[a-z0-9][a-z0-9-]{0,63}$/.test(trustedCountryHeader)) {
    throw new ConfigError(
      `Invalid TRUSTED_COUNTRY_HEADER "${env.TRUSTED_COUNTRY_HEADER}": expected a header name such as cf-ipcountry.`,
    );
  }
  return {
    productName: env.PRODUCT_NAME?.trim() || 'Ulak',
    publicOrigin,
    anonKey,
    sessionSecret: required(env, 'SESSION_SECRET'),
    sweepSecret: required(env, 'SWEEP_SECRET'),
    ipHashSalt: required(env, 'IP_HASH_SALT'),
    admin: { username: required(env, 'ADMIN_USERNAME'), passwordHash: required(env, 'ADMIN_PASSWORD_HASH') },
    storage,
    storageMissing: missing,
    trustedCountryHeader: trustedCountryHeader || undefined,
    version: env.APP_VERSION?.trim() || 'unknown',
  };
}
