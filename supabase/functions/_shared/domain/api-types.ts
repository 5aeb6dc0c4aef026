// The shapes the API answers with, shared by the API (which builds them) and the page and service
// worker (which read them), so the two sides cannot drift apart. Dates are ISO strings.
import type { AllowedFileTypes, ServiceSettings } from './service-settings.ts';

/** A shared file as anyone with the link sees it. */
export interface ShareDto {
  shareId: string;
  name: string;
  size: number;
  type: string;
  createdAt: string;
  /** Null while uploading; set to 3 days after upload when the upload completes. */
  expiresAt: string | null;
  downloadCount: number;
  viewCount: number;
}

/** A file as its owner sees it (the device that uploaded it holds its owner token). */
export interface FileDto extends ShareDto {
  fileId: string;
  shareUrl: string;
  state: 'uploading' | 'complete';
}

/**
 * Why the API refused a request. Stable and machine-readable: the page shows the sentence of its
 * own language for the code (src/locales, `errors.api.<code>`), never the server's English. A new
 * refusal gets a new code here, and a translation in both languages.
 */
export type ApiErrorCode =
  // any endpoint
  | 'bad_request'
  | 'body_too_large'
  | 'no_such_endpoint'
  | 'method_not_allowed'
  | 'invalid_api_key'
  | 'unauthorized'
  | 'rate_limited'
  | 'internal'
  | 'storage_unavailable'
  | 'storage_full'
  | 'database_unavailable'
  // uploads
  | 'name_required'
  | 'name_too_long'
  | 'name_invalid'
  | 'upload_rate_limited'
  | 'upload_quota'
  | 'invalid_size'
  | 'file_too_large'
  | 'invalid_type'
  | 'upload_not_found'
  | 'upload_complete'
  | 'upload_gone'
  | 'type_not_allowed'
  | 'maintenance'
  | 'too_many_parts'
  | 'invalid_parts'
  | 'parts_rejected'
  | 'size_mismatch'
  // shares and owner operations
  | 'invalid_share_link'
  | 'file_not_found'
  | 'file_removed'
  | 'not_owner'
  | 'too_many_files'
  // the send card
  | 'no_files_selected'
  | 'recipients_none'
  | 'recipients_too_many'
  | 'recipient_invalid'
  | 'recipient_duplicate'
  | 'text_too_long'
  | 'mail_unavailable'
  | 'mail_failed'
  // reports
  | 'report_reason_invalid'
  // admin
  | 'credentials_required'
  | 'invalid_credentials'
  | 'invalid_setting'
  | 'invalid_query'
  | 'page_not_found'
  | 'report_not_found';

/** Values a translated sentence may need (a limit, a size, a part number). */
export type ApiErrorParams = Record<string, string | number>;

/** Every non-2xx answer of the API. `error` is English, for logs, scripts and curl users. */
export interface ApiErrorBody {
  error: string;
  code: ApiErrorCode;
  params?: ApiErrorParams;
}

/** GET /settings: what the screens show of the admin's settings (limits, types, maintenance). */
export interface PublicSettings {
  /** Largest file accepted, in bytes. */
  maxFileSize: number;
  /** New uploads are deleted this many days after upload. */
  retentionDays: number;
  allowedFileTypes: AllowedFileTypes;
  customFileTypes: string[];
  /** The file picker's `accept` hint; absent when every type is allowed. */
  accept?: string;
  /** New uploads are refused while on. */
  maintenanceMode: boolean;
}

/** GET /pages/:slug?lang=: the published Markdown of a public page, or null for its built-in text. */
export interface PublicPageDto {
  slug: PageSlug;
  language: PageLanguage;
  content: string | null;
  updatedAt: string | null;
}

export const PAGE_SLUGS = ['home', 'about', 'how-it-works'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];
export const PAGE_LANGUAGES = ['en', 'tr'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];
export type PageStatus = 'published' | 'draft';

/** Why a visitor reports a file; the admin sees it with the optional text. */
export const REPORT_REASONS = ['illegal', 'copyright', 'malware', 'abuse', 'personal_data', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

// ---- Admin API (every /admin/* path but the sign-in needs the signed session) ----

/** The header that carries the admin session token (the anon key keeps Authorization). */
export const ADMIN_TOKEN_HEADER = 'x-admin-token';

/** One page of a server-paginated table. */
export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminSettingsDto extends ServiceSettings {
  updatedAt: string;
  /** The admin who saved them last; null for the defaults. */
  updatedBy: string | null;
}

export interface AdminFileDto {
  fileId: string;
  shareId: string;
  shareUrl: string;
  name: string;
  type: string;
  size: number;
  createdAt: string;
  expiresAt: string | null;
  downloadCount: number;
  viewCount: number;
}

export interface AdminFileDetailsDto extends AdminFileDto {
  storagePath: string;
  completedAt: string | null;
  recentDownloads: DownloadLogDto[];
  reports: ReportDto[];
}

/** The uploads summary: over every stored file, whatever the table's search and filter. */
export interface UploadsSummaryDto {
  totalFiles: number;
  /** Files with a day or less left. */
  expiringSoon: number;
  totalSize: number;
  totalDownloads: number;
}

export interface DownloadLogDto {
  id: string;
  shareId: string;
  fileName: string | null;
  /** The first characters of the salted visitor hash: tells visitors apart, identifies no one. */
  visitor: string | null;
  country: string;
  city: string;
  referrer: string;
  userAgent: string | null;
  fileSize: number | null;
  downloadedAt: string;
}

export interface DailyFiguresDto {
  /** UTC day, YYYY-MM-DD. */
  date: string;
  uploads: number;
  downloads: number;
  bytesUploaded: number;
  bytesDownloaded: number;
  uniqueVisitors: number;
  /** Storage used as last recorded that day; null when nobody recorded it. */
  storageBytes: number | null;
}

export interface DashboardDto {
  /** SPEC §2/§9: the six cards. */
  totalUploads: number;
  activeUploads: number;
  totalDownloads: number;
  uploadsDestroyed: number;
  storageUsed: number;
  uniqueVisitors: number;
  totalUploaded: number;
  totalDownloaded: number;
  topCountries: { country: string; downloadCount: number }[];
  recentDownloads: DownloadLogDto[];
  /** The last 30 UTC days, oldest first, every day present. */
  daily: DailyFiguresDto[];
  /** When these figures were computed. */
  updatedAt: string;
}

export interface StorageDto {
  /** Complete files stored, and their bytes. */
  objects: number;
  bytes: number;
  /** Uploads started and not finished: how many, and the bytes they announced. */
  unfinishedUploads: number;
  unfinishedBytes: number;
  /** Multipart uploads the bucket itself reports open; null when it could not be asked. */
  bucketMultipartUploads: number | null;
  /** The largest stored files, largest first. */
  largestFiles: AdminFileDto[];
}

export interface ServiceCheckDto {
  ok: boolean;
  /** 'ok', 'error', 'missing_config', 'outbox' (mail written to files), 'external', ... */
  status: string;
  detail?: string;
}

export interface SystemLogDto {
  id: string;
  eventType: string;
  eventData: Record<string, unknown>;
  visitor: string | null;
  createdAt: string;
}

export interface SystemDto {
  version: string;
  database: ServiceCheckDto;
  storage: ServiceCheckDto;
  mail: ServiceCheckDto;
  peer: ServiceCheckDto;
  lastSweep: { at: string; deletedFiles: number; abortedUploads: number } | null;
}

export interface VisitorDto {
  visitor: string;
  uploads: number;
  downloads: number;
  lastSeen: string;
}

export type ReportStatus = 'open' | 'dismissed' | 'removed';

export interface ReportDto {
  id: string;
  shareId: string;
  fileName: string | null;
  reason: ReportReason;
  details: string | null;
  status: ReportStatus;
  createdAt: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
  /** Whether the file can still be taken down. */
  fileAvailable: boolean;
}

export interface AdminPageDto {
  slug: PageSlug;
  language: PageLanguage;
  content: string;
  status: PageStatus;
  /** Null while the page has never been saved (its built-in text shows). */
  updatedAt: string | null;
  updatedBy: string | null;
}

export interface NotificationDto {
  id: string;
  kind: 'report' | 'takedown';
  shareId: string;
  fileName: string | null;
  at: string;
}

export interface NotificationsDto {
  enabled: boolean;
  items: NotificationDto[];
}
