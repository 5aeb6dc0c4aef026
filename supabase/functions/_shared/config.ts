// Server configuration, read and validated once from the environment (Node host or Deno).
import { APP_VERSION } from './app-version.ts';
import { DAY_MS, GIB, HOUR_MS } from './domain/constants.ts';
import { isValidAnonKey, isValidBucketName, isValidUrl } from './domain/validation.ts';

function isValidSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}
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
  /** The app's version, shown on the admin's System page: package.json's, as the panel's badge. */
  version: string;
  /** Proxies of ours in front of the API (TRUST_PROXY); the caller is the hop before them. */
  trustedProxies: number;
  /** The per-visitor quotas and the clean-up windows (README, "Limits and quotas"). */
  limits: ServerLimits;
  /** ICE servers the direct-transfer page gets from GET /p2p/ice-servers. */
  ice: IceConfig;
}

export interface ServerLimits {
  /** Uploads one visitor may start per window (UPLOAD_CREATES_PER_HOUR). */
  uploadCreatesPerWindow: number;
  uploadCreateWindowMs: number;
  /** Bytes one visitor may have announced in uploads not yet complete (UPLOAD_IN_FLIGHT_GB). */
  uploadInFlightBytes: number;
  /** An upload with no sign of life for this long is aborted (STALE_UPLOAD_HOURS). */
  staleUploadMs: number;
  /** system_logs, download_logs and old rate-limit windows are kept this long (LOG_RETENTION_DAYS). */
  logRetentionMs: number;
  /** Download tickets one visitor may take at once (DOWNLOAD_TICKET_BURST)... */
  downloadTicketBurst: number;
  /** ...and then each minute (DOWNLOAD_TICKETS_PER_MINUTE). */
  downloadTicketsPerMinute: number;
  /** Mail recipients one visitor may address per day, all sends together (MAIL_RECIPIENTS_PER_DAY). */
  mailRecipientsPerDay: number;
  /** Failed admin sign-ins a minute from all addresses together (ADMIN_LOGIN_FAILURES_PER_MINUTE). */
  adminLoginFailuresPerMinute: number;
  /** Wrong passwords one share takes per UNLOCK_SHARE_WINDOW_MS, from everyone (UNLOCK_FAILURES_PER_SHARE). */
  unlockFailuresPerShare: number;
  /** Wrong passwords one visitor may send per UNLOCK_VISITOR_WINDOW_MS, to any share (UNLOCK_FAILURES_PER_VISITOR). */
  unlockFailuresPerVisitor: number;
}

/** The defaults of ServerLimits, named once; README's security section lists them. */
export const DEFAULT_LIMITS = {
  /** A folder of 300 files goes through, with room for a second look; 1,000 an hour do not. */
  UPLOAD_CREATES_PER_HOUR: 500,
  /** Five files of the 2 GB maximum at once; 300 announced 2 GB uploads are refused. */
  UPLOAD_IN_FLIGHT_GB: 10,
  /**
   * Idle time before an unfinished upload is aborted. Every part URL request counts as a sign of
   * life, and part URLs expire after 15 minutes, so an upload that is moving (even at 1 Mbit/s,
   * where one 8 MiB part takes about a minute) is never idle that long; a phone that goes offline
   * or sleeps for a few hours still resumes. Abandoned bytes are gone within the window.
   */
  STALE_UPLOAD_HOURS: 6,
  /** Long enough for the admin analytics of a month, short enough to keep little about anyone. */
  LOG_RETENTION_DAYS: 30,
  /**
   * A recipient fetching a folder of 300 files one by one, twice over, is never slowed; a script
   * asking for tickets in a loop is, after the first 600.
   */
  DOWNLOAD_TICKET_BURST: 600,
  /** After the burst, one ticket a second: a person clicking Download never waits for it. */
  DOWNLOAD_TICKETS_PER_MINUTE: 60,
  /**
   * Three full sends of 10 addresses a day: enough to share with a team, too few for the operator's
   * mail domain to be worth a spammer's while.
   */
  MAIL_RECIPIENTS_PER_DAY: 30,
  /**
   * Each failed sign-in costs a PBKDF2 run (about 70 ms of CPU on a 2-core test machine): 30 a
   * minute keep that near 2 s of CPU a minute however many addresses guess, and leave the admin
   * room for typing mistakes.
   */
  ADMIN_LOGIN_FAILURES_PER_MINUTE: 30,
  /**
   * Wrong passwords a share takes per 10 minutes from all visitors together: a recipient who
   * mistypes a few times is never stopped, and a guesser with the link gets at most 1,440 tries a
   * day (4,320 over the default 3-day retention), too few for any password worth setting. Someone
   * with the link can hold the share locked, but only a password's recipient is kept out, for at
   * most 10 minutes after the guessing stops.
   */
  UNLOCK_FAILURES_PER_SHARE: 10,
  /**
   * Wrong passwords one visitor may send per hour to all shares together: twice what one share
   * takes, so a person with several links is not stopped, while one address cannot spend every
   * share's budget.
   */
  UNLOCK_FAILURES_PER_VISITOR: 20,
} as const;

function positiveNumber(env: Env, name: keyof typeof DEFAULT_LIMITS): number {
  const raw = env[name]?.trim();
  if (!raw) return DEFAULT_LIMITS[name];
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new ConfigError(`${name} must be a positive number (default ${DEFAULT_LIMITS[name]}), not "${raw}".`);
  }
  return value;
}

export function readLimits(env: Env): ServerLimits {
  return {
    uploadCreatesPerWindow: Math.ceil(positiveNumber(env, 'UPLOAD_CREATES_PER_HOUR')),
    uploadCreateWindowMs: HOUR_MS,
    uploadInFlightBytes: Math.floor(positiveNumber(env, 'UPLOAD_IN_FLIGHT_GB') * GIB),
    staleUploadMs: positiveNumber(env, 'STALE_UPLOAD_HOURS') * HOUR_MS,
    logRetentionMs: positiveNumber(env, 'LOG_RETENTION_DAYS') * DAY_MS,
    downloadTicketBurst: Math.ceil(positiveNumber(env, 'DOWNLOAD_TICKET_BURST')),
    downloadTicketsPerMinute: positiveNumber(env, 'DOWNLOAD_TICKETS_PER_MINUTE'),
    mailRecipientsPerDay: Math.ceil(positiveNumber(env, 'MAIL_RECIPIENTS_PER_DAY')),
    adminLoginFailuresPerMinute: Math.ceil(positiveNumber(env, 'ADMIN_LOGIN_FAILURES_PER_MINUTE')),
    unlockFailuresPerShare: Math.ceil(positiveNumber(env, 'UNLOCK_FAILURES_PER_SHARE')),
    unlockFailuresPerVisitor: Math.ceil(positiveNumber(env, 'UNLOCK_FAILURES_PER_VISITOR')),
  };
}

/** TRUST_PROXY: empty or false for none, true for one proxy, or the number of proxies. */
export function readTrustedProxies(env: Env): number {
  const raw = env.TRUST_PROXY?.trim().toLowerCase() ?? '';
  if (raw === '' || raw === 'false' || raw === '0') return 0;
  if (raw === 'true') return 1;
  if (/^[1-9]\d?$/.test(raw)) return Number(raw);
  throw new ConfigError(
    `TRUST_PROXY must be false, true (one proxy) or the number of proxies in front of Ulak, not "${env.TRUST_PROXY}".`,
  );
}

/** The format hashPassword writes (scripts/hash-password.ts): pbkdf2-sha256$<iterations>$<salt>$<hash>. */
const PASSWORD_HASH = /^pbkdf2-sha256\$[1-9]\d{3,7}\$[A-Za-z0-9_-]{16,}\$[A-Za-z0-9_-]{40,}$/;

export interface IceConfig {
  /** STUN servers (stun: or stuns: URLs); the two public ones of docs/product.md unless STUN_URLS is set. */
  stunUrls: string[];
  /** TURN servers (turn: or turns: URLs); empty unless TURN_URLS and TURN_SECRET are both set. */
  turnUrls: string[];
  /** coturn's `static-auth-secret`: time-limited credentials are derived from it, it never leaves the server. */
  turnSecret?: string;
  /** How long handed-out TURN credentials stay valid. */
  turnTtlSeconds: number;
}

/** docs/product.md §7's two public STUN servers (also PeerJS's defaults). */
export const DEFAULT_STUN_URLS = ['stun:stun.l.google.com:19302', 'stun:global.stun.twilio.com:3478'];

/**
 * Validity of TURN credentials: 12 hours. coturn checks the expiry on every allocation refresh, so
 * it must outlast the longest transfer (2 GB at 1 Mbit/s is about 4.5 hours) with room to spare.
 */
export const DEFAULT_TURN_TTL_SECONDS = 12 * 60 * 60;

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

function urlList(env: Env, name: string, schemes: RegExp): string[] {
  const urls = (env[name] ?? '').split(/[\s,]+/).filter((url) => url !== '');
  for (const url of urls) {
    // Printable ASCII only: these go into every browser's RTCPeerConnection configuration.
    if (!schemes.test(url) || !/^[\x21-\x7e]+$/.test(url)) {
      throw new ConfigError(
        `${name} has an invalid entry "${url}": expected ${schemes.source} URLs, separated by commas.`,
      );
    }
  }
  return urls;
}

/** STUN and optional TURN settings; TURN needs both TURN_URLS and TURN_SECRET. */
export function readIceConfig(env: Env): IceConfig {
  const stunUrls = env.STUN_URLS?.trim() ? urlList(env, 'STUN_URLS', /^stuns?:/) : DEFAULT_STUN_URLS;
  const turnUrls = urlList(env, 'TURN_URLS', /^turns?:/);
  const turnSecret = env.TURN_SECRET?.trim() || undefined;
  if (turnUrls.length > 0 !== (turnSecret !== undefined)) {
    throw new ConfigError('TURN_URLS and TURN_SECRET go together: set both for a TURN server, or neither.');
  }
  const ttl = env.TURN_TTL_SECONDS?.trim();
  const turnTtlSeconds = ttl ? Number(ttl) : DEFAULT_TURN_TTL_SECONDS;
  if (!Number.isInteger(turnTtlSeconds) || turnTtlSeconds < 60 || turnTtlSeconds > 7 * 24 * 60 * 60) {
    throw new ConfigError(`TURN_TTL_SECONDS "${ttl}" must be a whole number of seconds from 60 to 604800.`);
  }
  return { stunUrls, turnUrls, turnSecret, turnTtlSeconds };
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
  const passwordHash = required(env, 'ADMIN_PASSWORD_HASH');
  if (!PASSWORD_HASH.test(passwordHash)) {
    throw new ConfigError(
      "Invalid ADMIN_PASSWORD_HASH: expected the output of npx tsx scripts/hash-password.ts 'password' (pbkdf2-sha256$...).",
    );
  }
  const smtpUrl = env.SMTP_URL?.trim();
  if (smtpUrl && !isValidSmtpUrl(smtpUrl)) {
    throw new ConfigError('Invalid SMTP_URL: expected smtp://user:pass@host:587 or smtps://user:pass@host:465.');
  }
  return {
    productName: env.PRODUCT_NAME?.trim() || 'Ulak',
    publicOrigin,
    anonKey,
    sessionSecret: required(env, 'SESSION_SECRET'),
    sweepSecret: required(env, 'SWEEP_SECRET'),
    ipHashSalt: required(env, 'IP_HASH_SALT'),
    admin: { username: required(env, 'ADMIN_USERNAME'), passwordHash },
    storage,
    storageMissing: missing,
    trustedCountryHeader: trustedCountryHeader || undefined,
    version: APP_VERSION,
    trustedProxies: readTrustedProxies(env),
    limits: readLimits(env),
    ice: readIceConfig(env),
  };
}
