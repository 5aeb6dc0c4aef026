// The admin API's contract: every /admin/* request, query and answer, shared by the API (which
// answers with `json<T>()` and whitelists its sort columns from the unions below) and the admin
// screens (which import these as types), so the two sides cannot drift apart. Dates are ISO
// strings. Every /admin/* path but the sign-in needs the signed session.
import type { PageLanguage, PageSlug, ReportReason } from './api-types.ts';
import type { ServiceSettings } from './service-settings.ts';

/** The header that carries the admin session token (the anon key keeps Authorization). */
export const ADMIN_TOKEN_HEADER = 'x-admin-token';

// ---- sign-in

/** POST /admin/login. */
export interface AdminLoginRequest {
  username: string;
  password: string;
}

export interface AdminSession {
  token: string;
  /** ISO timestamp after which the API refuses the token. */
  expiresAt: string;
}

/** POST /admin/logout: the session is ended on the server; its token is refused from now on. */
export interface AdminLogout {
  loggedOut: true;
}

// ---- the tables' queries

/** One page of a server-paginated table. */
export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type SortDirection = 'asc' | 'desc';

/** `page` counts from 1; `pageSize` is at most ADMIN_MAX_PAGE_SIZE. */
export interface PageQuery {
  page?: number;
  pageSize?: number;
}

/** The uploads table's type filter; the API turns each into its own condition. */
export const FILE_TYPE_FILTERS = ['all', 'images', 'documents', 'videos'] as const;
export type FileTypeFilter = (typeof FILE_TYPE_FILTERS)[number];

/** The columns the uploads table sorts by: the API's whitelist maps each to its SQL column. */
export type UploadsSortKey = 'createdAt' | 'name' | 'type' | 'size' | 'expiresAt' | 'downloads' | 'views';

/** GET /admin/uploads?q=&type=&sort=&dir=&page=&pageSize=: `q` is part of a name or a share id. */
export interface UploadsQuery extends PageQuery {
  q?: string;
  type?: FileTypeFilter;
  sort?: UploadsSortKey;
  dir?: SortDirection;
}

export type DownloadsSortKey = 'downloadedAt' | 'fileName' | 'country' | 'size';

/** GET /admin/downloads?q=&country=&sort=&dir=&page=&pageSize=. */
export interface DownloadsQuery extends PageQuery {
  q?: string;
  country?: string;
  sort?: DownloadsSortKey;
  dir?: SortDirection;
}

export type VisitorsSortKey = 'lastSeen' | 'uploads' | 'downloads';

/** GET /admin/visitors?sort=&dir=&page=&pageSize=. */
export interface VisitorsQuery extends PageQuery {
  sort?: VisitorsSortKey;
  dir?: SortDirection;
}

export type ReportStatus = 'open' | 'dismissed' | 'removed';
export const REPORT_STATUS_FILTERS = ['open', 'dismissed', 'removed', 'all'] as const;
export type ReportStatusFilter = (typeof REPORT_STATUS_FILTERS)[number];

/** GET /admin/reports?status=&page=&pageSize=; the status is 'open' when absent. */
export interface ReportsQuery extends PageQuery {
  status: ReportStatusFilter;
}

/** GET /admin/system/logs?type=&page=&pageSize=: `type` is one event type, '' for all. */
export interface SystemLogsQuery extends PageQuery {
  type?: string;
}

/** The periods GET /admin/analytics?days= offers, in days; 30 when absent. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 30;

// ---- files

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

/** GET /admin/shares/:shareId of a file: the file in any state, its latest downloads and its reports. */
export interface AdminFileDetailsDto extends AdminFileDto {
  kind: 'file';
  storagePath: string;
  completedAt: string | null;
  recentDownloads: DownloadLogDto[];
  reports: ReportDto[];
}

/** A stored file of a transfer, with its folder inside it ('' at the top). */
export interface AdminTransferFileDto extends AdminFileDto {
  path: string;
}

/** GET /admin/shares/:shareId of a transfer: its one link, its stored files and its reports. */
export interface AdminTransferDetailsDto {
  kind: 'transfer';
  shareId: string;
  shareUrl: string;
  senderName: string | null;
  message: string | null;
  createdAt: string;
  downloadCount: number;
  viewCount: number;
  /** The sum of its stored files' sizes. */
  size: number;
  files: AdminTransferFileDto[];
  reports: ReportDto[];
}

export type AdminShareDetailsDto = AdminFileDetailsDto | AdminTransferDetailsDto;

/** GET /admin/uploads/summary: over every stored file, whatever the table's search and filter. */
export interface UploadsSummaryDto {
  totalFiles: number;
  /** Files with a day or less left. */
  expiringSoon: number;
  totalSize: number;
  totalDownloads: number;
}

/** POST /admin/shares/:shareId/takedown: the reason is kept in the log and the tombstone. */
export interface TakedownRequest {
  reason?: string;
}

export interface TakedownResult {
  shareId: string;
  removed: true;
}

// ---- downloads and figures

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

/** GET /admin/downloads: a page of the log, and every country it holds for the filter. */
export interface DownloadsPage extends PageOf<DownloadLogDto> {
  countries: string[];
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

/** GET /admin/dashboard. */
export interface DashboardDto {
  /** The six cards. */
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

/** GET /admin/analytics: the period's days, oldest first, every day present. */
export interface AnalyticsDto {
  days: DailyFiguresDto[];
  updatedAt: string;
}

/** GET /admin/visitors: there are no accounts, only salted hashes of addresses. */
export interface VisitorDto {
  visitor: string;
  uploads: number;
  downloads: number;
  lastSeen: string;
}

// ---- storage and system

/** GET /admin/storage. */
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
  /** Not OK, but nothing is down: a warning to act on (mail that only lands in the outbox). */
  warning?: boolean;
  /** 'ok', 'error', 'missing_config', 'outbox' (mail written to files), 'external', ... */
  status: string;
  detail?: string;
}

/** GET /admin/system. */
export interface SystemDto {
  version: string;
  database: ServiceCheckDto;
  storage: ServiceCheckDto;
  mail: ServiceCheckDto;
  peer: ServiceCheckDto;
  lastSweep: { at: string; deletedFiles: number; abortedUploads: number } | null;
}

export interface SystemLogDto {
  id: string;
  eventType: string;
  eventData: Record<string, unknown>;
  visitor: string | null;
  createdAt: string;
}

/** GET /admin/system/logs: a page of the log, and every event type it holds for the filter. */
export interface SystemLogsPage extends PageOf<SystemLogDto> {
  eventTypes: string[];
}

// ---- reports and notifications

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

/** POST /admin/reports/:reportId/dismiss: the file stays; the report is closed. */
export interface ReportDismissed {
  id: string;
  status: 'dismissed';
}

export interface NotificationDto {
  id: string;
  kind: 'report' | 'takedown';
  shareId: string;
  fileName: string | null;
  at: string;
}

/** GET /admin/notifications: empty and `enabled: false` while enableNotifications is off. */
export interface NotificationsDto {
  enabled: boolean;
  items: NotificationDto[];
}

// ---- settings and pages

/** GET and POST /admin/settings; the POST's body is the ServiceSettings. */
export interface AdminSettingsDto extends ServiceSettings {
  updatedAt: string;
  /** The admin who saved them last; null for the defaults. */
  updatedBy: string | null;
}

export type PageStatus = 'published' | 'draft';

export interface AdminPageDto {
  slug: PageSlug;
  language: PageLanguage;
  content: string;
  status: PageStatus;
  /** Null while the page has never been saved (its built-in text shows). */
  updatedAt: string | null;
  updatedBy: string | null;
}

/** GET /admin/pages: every slug in every language, drafts included. */
export interface AdminPagesDto {
  pages: AdminPageDto[];
}

/** POST /admin/pages/:slug/:lang; the answer is the saved AdminPageDto. */
export interface AdminPageSaveRequest {
  content: string;
  status: PageStatus;
}
