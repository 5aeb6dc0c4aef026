// Every business rule of the product, named once. The page, the service worker and the API import
// these; nothing else spells the numbers out.

/** Files are deleted this many days after upload; fixed, never extended (SPEC §1). */
export const RETENTION_DAYS = 3;
export const RETENTION_MS = RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** Largest accepted file: 2 GiB, enforced by the API at create time and again by HeadObject. */
export const MAX_FILE_SIZE = 2 * 1024 ** 3;

/** Recipients one upload-and-send may address. */
export const MAX_RECIPIENTS = 10;

/** Share ids are this many letters and digits, from a cryptographic random source. */
export const SHARE_ID_LENGTH = 8;
export const SHARE_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** How often the host deletes expired files and stale multipart uploads. */
export const SWEEP_INTERVAL_MS = 60_000;

/** How often the admin dashboard refreshes analytics. */
export const DASHBOARD_REFRESH_MS = 30_000;

/** Transfers lists at most this many files, newest first. */
export const FILE_LIST_LIMIT = 50;

/** A file with this much time left or less is urgent (red styling and a warning). */
export const URGENT_THRESHOLD_DAYS = 1;

/** How long "Copied!" stays on a copy button. */
export const COPIED_FEEDBACK_MS = 2_000;

/** How long success and info messages stay visible. */
export const MESSAGE_DURATION_MS = 3_000;

/** The header turns white and blurred after this much scrolling. */
export const HEADER_BLUR_SCROLL_PX = 20;

/** Files received peer to peer are kept in memory this long; also the peer message's expiresAt. */
export const PEER_FILE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Validity of a presigned download URL (SPEC §9 default). */
export const DOWNLOAD_URL_TTL_SECONDS = 3_600;

/**
 * Validity of a presigned part URL. Short, because a leaked URL lets anyone write that part;
 * the upload engine asks for a new one when it has expired.
 */
export const PART_URL_TTL_SECONDS = 15 * 60;

/** S3 rules for multipart uploads: every part but the last at least 5 MiB, at most 10,000 parts. */
export const MIN_PART_SIZE = 5 * 1024 ** 2;
export const MAX_PARTS = 10_000;

/**
 * Our part size: 8 MiB. Small enough that progress moves in steps of well under a second on a
 * typical uplink and that a resume after a crash loses at most 8 MiB of work; large enough that a
 * 2 GiB file needs only 256 part requests. Raised only when a file would need more than MAX_PARTS.
 */
export const DEFAULT_PART_SIZE = 8 * 1024 ** 2;

/** Parts in flight at once: enough to fill a link with per-request latency, few enough for phones. */
export const PARTS_IN_FLIGHT = 4;

/** Waits before each retry of a failed request (the first retry is immediate). */
export const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000] as const;

/** Admin sessions last this long. */
export const ADMIN_SESSION_TTL_SECONDS = 8 * 60 * 60;

/** Failed admin sign-ins allowed per client address in one window before it is refused. */
export const ADMIN_LOGIN_MAX_ATTEMPTS = 5;
export const ADMIN_LOGIN_WINDOW_MS = 15 * 60 * 1000;
