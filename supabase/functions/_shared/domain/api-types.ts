// The API's contract: every request and answer shape and every limit a caller must respect,
// shared by the API (which builds the answers, typed with `json<T>()`) and the page and service
// worker (which send the requests and read the answers), so the two sides cannot drift apart.
// Dates are ISO strings. The README's API table describes the same endpoints for people. The
// admin API's shapes are in ./admin-api-types.ts.

/** Which file types the admin lets through: every type, documents, images, or a custom list. */
export const ALLOWED_FILE_TYPES = ['all', 'documents', 'images', 'custom'] as const;
export type AllowedFileTypes = (typeof ALLOWED_FILE_TYPES)[number];

/** Header that carries the owner token on owner-only calls (the anon key keeps Authorization). */
export const OWNER_TOKEN_HEADER = 'x-owner-token';

/** Most part URLs one POST uploads/{fileId}/parts may ask for. */
export const MAX_PARTS_PER_SIGN_REQUEST = 100;

// ---- GET /health

export interface DatabaseHealth {
  ok: boolean;
  status: 'ok' | 'missing_table' | 'error';
  message?: string;
}

export interface StorageHealth {
  ok: boolean;
  status: 'ok' | 'missing_config' | 'error';
  missing?: string[];
  message?: string;
}

/** 200 when both are ok, 503 (same body) when either is not. */
export interface Health {
  ok: boolean;
  database: DatabaseHealth;
  storage: StorageHealth;
}

// ---- GET /settings

/** What the page shows of the server's settings; anyone with the anon key may read them. */
export interface PublicSettings {
  /** Largest accepted file, in bytes (the admin's maxFileSize setting). */
  maxFileSize: number;
  /** New uploads are deleted this many days after upload (the admin's autoDeleteDays). */
  retentionDays: number;
  /** The From of the mails POST /send writes, as the recipients will see it; null: no mail. */
  mailFrom: string | null;
  /** Which types the API accepts at create time; the file picker hints the same. */
  allowedFileTypes: AllowedFileTypes;
  customFileTypes: string[];
  /** The file picker's `accept` hint; absent when every type is allowed. */
  accept?: string;
  /** New uploads are refused (503 maintenance) while on; downloads keep working. */
  maintenanceMode: boolean;
  /** The operator's contact address for the footer and the legal pages; '' shows none. */
  contactEmail: string;
  /** The operator's profile links (http or https) for the footer; empty shows none. */
  socialLinks: string[];
  /**
   * Where POST /send's mails go: 'smtp' (a mail server takes them), 'outbox' (no SMTP_URL: they are
   * only written to the host's DATA_DIR/outbox, nobody receives them), 'none' (no mail at all; POST
   * /send answers 503 mail_unavailable). The API always sets it; optional only for older callers.
   */
  mailDelivery?: MailDelivery;
}

export const MAIL_DELIVERIES = ['smtp', 'outbox', 'none'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

// ---- shares and files

/** A shared file as anyone with the link sees it (GET /shares/{shareId}). */
export interface ShareDto {
  /** 'file' on GET /shares/{shareId} of a file; absent inside a transfer's list. */
  kind?: 'file';
  shareId: string;
  name: string;
  /** Bytes people get: for an end-to-end encrypted file, its size before encryption. */
  size: number;
  /** Bytes the bucket holds: `size` plus 16 per record for an encrypted file, else `size`. */
  storedSize: number;
  type: string;
  createdAt: string;
  /** Null while uploading; set to 3 days after upload when the upload completes. */
  expiresAt: string | null;
  downloadCount: number;
  viewCount: number;
}

/**
 * A file's folder inside its transfer: relative, '/'-separated, without the file name; '' is the
 * top level ('photos/2026' for a picked 'photos/2026/a.png'). Rules: domain/transfer-path.ts.
 */
export type FilePath = string;

export type {
  CreatedTransfer,
  CreateTransferRequest,
  DirectDownload,
  FileShareDto,
  OwnedTransferDto,
  ShareLookup,
  TransferDownload,
  TransferDownloadTicket,
  TransferDto,
  TransferFileDto,
  TransferSummaryDto,
} from './transfer-api-types.ts';
import type { OwnedTransferDto } from './transfer-api-types.ts';
export type {
  MaxDownloads,
  ShareAccessDto,
  ShareEncryptionDto,
  TransferEncryptionRequest,
  Unlocked,
  UnlockRequest,
} from './share-access-types.ts';

/** A file as its owner sees it (the device that uploaded it holds its owner token). */
export interface FileDto extends ShareDto {
  fileId: string;
  shareUrl: string;
  state: 'uploading' | 'complete';
  // The three below are set on every answer of the API; optional only so the page's older
  // literals still type-check.
  path?: FilePath;
  transferShareId?: string | null;
  /** An admin took the file down: it cannot be downloaded; kept listed until it would have expired. */
  takenDown?: boolean;
}

/** POST /shares/{shareId}/download. */
export interface DownloadRequest {
  /** The download page's document.referrer; none is logged as 'direct'. */
  referrer?: string;
}

/** A short-lived presigned GET; the object carries Content-Disposition attachment with its name. */
export interface DownloadTicket {
  url: string;
  fileName: string;
  expiresInSeconds: number;
  /** Of a limited transfer's download: the downloads still allowed after this one. */
  downloadsLeft?: number;
}

/** A file (or a transfer) this device uploaded, and the proof of it. */
export interface OwnedItem {
  shareId: string;
  ownerToken: string;
}

/** POST /files/lookup: at most LOOKUP_MAX_ITEMS items (400 too_many_files), share ids of files or of transfers. */
export interface LookupRequest {
  items: OwnedItem[];
}

/**
 * The answer of POST /files/lookup, newest first. A file of a transfer whose token was given is
 * listed only under that transfer (even when its own token was not given); `files` holds the rest.
 * Taken-down files stay, flagged, until they would have expired.
 */
export interface OwnedFiles {
  files: FileDto[];
  transfers: OwnedTransferDto[];
}

// ---- uploads

/** POST /uploads. */
export interface CreateUploadRequest {
  name: string;
  size: number;
  type: string;
  /**
   * The transfer the file joins (its share id and owner token): 404 transfer_not_found, 403
   * not_owner, 409 transfer_full past MAX_TRANSFER_FILES.
   */
  transfer?: OwnedItem;
  /** The file's folder (FilePath); '' or absent is the top level. 400 invalid_path if unsafe. */
  path?: FilePath;
  /**
   * The sender's name for the file within its transfer (a UUID; only with `transfer`). A create
   * repeated with it, its first answer lost, is answered 200 with the same upload and a new owner
   * token; 409 upload_key_used when the key names another file of the transfer or a finished one.
   */
  uploadKey?: string;
}

/** The server's plan for one upload (201 of POST /uploads). */
export interface CreatedUpload {
  fileId: string;
  shareId: string;
  shareUrl: string;
  /** Proves ownership from now on (header OWNER_TOKEN_HEADER); the server keeps only its hash. */
  ownerToken: string;
  /** Every part but the last has exactly this many bytes. */
  partSize: number;
  partCount: number;
}

/** POST /uploads/{fileId}/parts: at most MAX_PARTS_PER_SIGN_REQUEST part numbers. */
export interface SignPartsRequest {
  partNumbers: number[];
}

export interface PartUrl {
  partNumber: number;
  /** A presigned PUT; the bucket answers with the part's ETag. */
  url: string;
}

export interface SignedParts {
  urls: PartUrl[];
  expiresInSeconds: number;
}

/** A part the bucket acknowledged. */
export interface FinishedPart {
  partNumber: number;
  etag: string;
}

/** A part the bucket holds, with its size (GET /uploads/{fileId}/parts). */
export interface StoredPart extends FinishedPart {
  size: number;
}

export interface StoredParts {
  parts: StoredPart[];
}

/** POST /uploads/{fileId}/complete; the answer is the FileDto. */
export interface CompleteUploadRequest {
  parts: FinishedPart[];
}

// ---- POST /sweep (its own bearer secret; pg_cron calls it)

/** What one sweep removed. */
export interface SweepResult {
  deletedFiles: number;
  abortedUploads: number;
  /** True when another run was going on (another host's, or pg_cron's): it does this one's work. */
  skipped?: true;
}

// ---- the send card

/** A file or transfer of POST /send, with its owner token. */
export interface MailItem extends OwnedItem {
  /**
   * The link key of an end-to-end encrypted transfer (its link's fragment: 43 base64url
   * characters): the mail's link then carries it, so the mail opens the files. The only request
   * that gives the server a link key, and only when the sender asks it to mail the link.
   */
  linkKey?: string;
}

/** POST /send. */
export interface SendRequest {
  recipients: string[];
  title?: string;
  message?: string;
  /** Shown in the mail, quoted as the sender's; at most SENDER_NAME_MAX_LENGTH characters. */
  senderName?: string;
  /** Files or transfers; a transfer is mailed as its one link with its file count and size. */
  items: MailItem[];
  /** The mail's language ('en' | 'tr'; anything else is English). */
  language?: string;
  /** IANA time zone for the expiry date in the mail; UTC when missing or unknown. */
  timeZone?: string;
}

export interface SendResult {
  /** The addresses the mail server accepted (or the outbox took). */
  accepted: string[];
  /** 'outbox': no mail server is configured; the mail was only written to the host's outbox. */
  delivery: 'sent' | 'outbox';
}

// ---- direct transfer

/** One entry of RTCConfiguration.iceServers, as the browser takes it. */
export interface IceServerDto {
  urls: string[];
  username?: string;
  credential?: string;
}

/** GET /p2p/ice-servers: what the direct-transfer page hands to WebRTC. */
export interface IceServersDto {
  iceServers: IceServerDto[];
  /** Seconds the TURN credentials stay valid; absent when there is no TURN server. */
  ttlSeconds?: number;
}

export type { ApiErrorBody, ApiErrorCode, ApiErrorParams } from './api-errors.ts';

/** GET /pages/:slug?lang=: the published Markdown of a public page, or null for its built-in text. */
export interface PublicPageDto {
  slug: PageSlug;
  language: PageLanguage;
  content: string | null;
  updatedAt: string | null;
}

export const PAGE_SLUGS = ['home', 'about', 'how-it-works', 'terms', 'privacy', 'cookies'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];
export const PAGE_LANGUAGES = ['en', 'tr'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/** Why a visitor reports a file; the admin sees it with the optional text. */
export const REPORT_REASONS = ['illegal', 'copyright', 'malware', 'abuse', 'personal_data', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** POST /shares/:shareId/report: `text` is optional, at most REPORT_DETAILS_MAX_LENGTH characters. */
export interface ReportRequest {
  reason: ReportReason;
  text?: string;
}

/** The 201 of POST /shares/:shareId/report. */
export interface ReportCreated {
  id: string;
}
