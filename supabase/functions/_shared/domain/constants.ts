// Every business rule of the product, named once. The page, the service worker and the API import
// these; nothing else spells the numbers out.

// The units the rules are counted in, each defined only here. Sizes count in base 1024 (a GB on
// screen is a GiB).
export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const KIB = 1024;
export const MIB = 1024 * KIB;
export const GIB = 1024 * MIB;

/**
 * Files are deleted this many days after upload, never extended (docs/product.md §1). The default of the
 * admin's autoDeleteDays setting, which decides it for new uploads.
 */
export const RETENTION_DAYS = 3;
export const RETENTION_MS = RETENTION_DAYS * DAY_MS;

/**
 * Largest accepted file by default: 2 GiB (docs/product.md §1), the default of the admin's maxFileSize
 * setting. The API enforces the current setting at create time and again by HeadObject.
 */
export const MAX_FILE_SIZE = 2 * GIB;

/** Bounds of the admin settings (docs/product.md §5); the settings table checks the same numbers. */
export const SETTINGS_BOUNDS = {
  /** Max file size in whole GB. 10 GB is what the files table and the part plan are made for. */
  maxFileSizeGb: { min: 1, max: 10 },
  autoDeleteDays: { min: 1, max: 30 },
  /** Entries of a custom allowed-types list (MIME types or extensions). */
  customFileTypes: { max: 50 },
} as const;

/**
 * How long the API keeps the settings it read before reading them again. Every upload create
 * needs them, and a folder of hundreds of files creates hundreds of uploads in a burst; a save is
 * seen at once by the instance that made it and within this time by any other Edge instance.
 */
export const SETTINGS_CACHE_MS = 5_000;

/** Recipients one upload-and-send may address. */
export const MAX_RECIPIENTS = 10;

/** Share ids are this many letters and digits, from a cryptographic random source. */
export const SHARE_ID_LENGTH = 8;
export const SHARE_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** How often the host deletes expired files and stale multipart uploads. */
export const SWEEP_INTERVAL_MS = MINUTE_MS;

/** How often the admin dashboard refreshes analytics. */
export const DASHBOARD_REFRESH_MS = 30_000;

/** Transfers lists at most this many files, newest first. */
export const FILE_LIST_LIMIT = 50;

/**
 * Owner tokens (files or transfers) one POST /files/lookup may name: 50, what Transfers lists;
 * more is a 400. With LOOKUP_FILES_PER_TRANSFER it bounds one answer to 5,000 files.
 */
export const LOOKUP_MAX_ITEMS = FILE_LIST_LIMIT;

/**
 * Files a lookup lists of each transfer (by path then name): 100, a screenful of a folder. The
 * transfer's count and size still cover them all, and its own page lists every one; without
 * this, 50 transfers of 1,000 files made one answer of about 25 MB.
 */
export const LOOKUP_FILES_PER_TRANSFER = 100;

/** A file with this much time left or less is urgent (red styling and a warning). */
export const URGENT_THRESHOLD_DAYS = 1;

/** How long "Copied!" stays on a copy button. */
export const COPIED_FEEDBACK_MS = 2_000;

/** How long success and info messages stay visible. */
export const MESSAGE_DURATION_MS = 3_000;

/** The header turns white and blurred after this much scrolling. */
export const HEADER_BLUR_SCROLL_PX = 20;

/** Files received peer to peer are kept in memory this long; also the peer message's expiresAt. */
export const PEER_FILE_TTL_MS = 7 * DAY_MS;

/** Validity of a presigned download URL (docs/product.md §9 default). */
export const DOWNLOAD_URL_TTL_SECONDS = 3_600;

/**
 * Validity of a presigned part URL. Short, because a leaked URL lets anyone write that part;
 * the upload engine asks for a new one when it has expired.
 */
export const PART_URL_TTL_SECONDS = 15 * 60;

/** S3 rules for multipart uploads: every part but the last at least 5 MiB, at most 10,000 parts. */
export const MIN_PART_SIZE = 5 * MIB;
export const MAX_PARTS = 10_000;

/**
 * Our part size: 8 MiB. Small enough that progress moves in steps of well under a second on a
 * typical uplink and that a resume after a crash loses at most 8 MiB of work; large enough that a
 * 2 GiB file needs only 256 part requests. Raised only when a file would need more than MAX_PARTS.
 */
export const DEFAULT_PART_SIZE = 8 * MIB;

/** Parts in flight at once: enough to fill a link with per-request latency, few enough for phones. */
export const PARTS_IN_FLIGHT = 4;

/** Waits before each retry of a failed request (the first retry is immediate). */
export const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000] as const;

/** Admin sessions last this long. */
export const ADMIN_SESSION_TTL_SECONDS = 8 * 60 * 60;

/** Pages of the admin's tables: rows per page by default and at most. */
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_MAX_PAGE_SIZE = 100;

/** A file with this little time left counts as "expiring soon" in the admin's uploads summary. */
export const EXPIRING_SOON_MS = URGENT_THRESHOLD_DAYS * DAY_MS;

/** Reports one visitor may send per window ("Report this file"). */
export const REPORT_MAX_PER_WINDOW = 5;
export const REPORT_WINDOW_MS = HOUR_MS;

/**
 * TURN credentials one visitor may get per window from GET /p2p/ice-servers. A page asks once per
 * transfer (and caches the answer for 10 minutes), so a person sending to many people stays far
 * below this; someone harvesting credentials for a relay of their own does not.
 */
export const ICE_SERVERS_MAX_PER_WINDOW = 30;
export const ICE_SERVERS_WINDOW_MS = HOUR_MS;

/** Longest free text of a report, and of a takedown reason. */
export const REPORT_DETAILS_MAX_LENGTH = 1_000;
export const TAKEDOWN_REASON_MAX_LENGTH = 500;

/** Longest Markdown of an admin-edited page. */
export const PAGE_CONTENT_MAX_LENGTH = 20_000;

/** The bell lists admin notifications (new reports, takedowns) from this far back. */
export const NOTIFICATION_WINDOW_MS = 7 * DAY_MS;
export const NOTIFICATION_LIMIT = 20;

/** Failed admin sign-ins allowed per client address in one window before it is refused. */
export const ADMIN_LOGIN_MAX_ATTEMPTS = 5;
export const ADMIN_LOGIN_WINDOW_MS = 15 * MINUTE_MS;

/**
 * Files one transfer may hold: 1000. Enough for a picked folder of photos; a bound on what one
 * link lists, one transfer download signs and one lookup returns.
 */
export const MAX_TRANSFER_FILES = 1_000;

/** Longest sender's name on a transfer or a mail (one line), and longest transfer message. */
export const SENDER_NAME_MAX_LENGTH = 80;
export const TRANSFER_MESSAGE_MAX_LENGTH = 1_000;

/**
 * A file's folder path inside a transfer: at most 512 characters and 32 folders deep, each folder
 * name 1-255 characters (what common file systems allow for one name). Deeper or longer trees
 * are not what people pick; the bounds keep a listing and a zip's entry names small.
 */
export const PATH_MAX_LENGTH = 512;
export const PATH_MAX_SEGMENTS = 32;
export const PATH_SEGMENT_MAX_LENGTH = 255;

/** The windows of the wrong-password limits (their sizes: UNLOCK_FAILURES_PER_SHARE and _PER_VISITOR). */
export const UNLOCK_SHARE_WINDOW_MS = 10 * MINUTE_MS;
export const UNLOCK_VISITOR_WINDOW_MS = HOUR_MS;
