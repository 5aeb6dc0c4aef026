// Every endpoint of the API, in one table: method, path below /functions/v1/api (:name segments
// are parameters), who may call it, and its handler. The router (api.ts) matches a request to a
// row and checks the row's `auth` before the handler runs. The request and answer shapes are in
// domain/api-types.ts and domain/admin-api-types.ts; the README's API table lists the same rows.
import type { Route } from './handler-types.ts';
import { adminLoginHandler } from './handlers/admin-login.ts';
import { adminLogoutHandler } from './handlers/admin-logout.ts';
import { analytics, dashboard } from './handlers/admin/analytics.ts';
import { listDownloads } from './handlers/admin/downloads.ts';
import { fileDetails, listUploads, takeDownShare, uploadsSummary } from './handlers/admin/files.ts';
import { notifications } from './handlers/admin/notifications.ts';
import { dismissReport, listReportsHandler } from './handlers/admin/reports.ts';
import { getSettings, updateSettings } from './handlers/admin/settings.ts';
import { storageOverview } from './handlers/admin/storage.ts';
import { systemLogs, systemStatus } from './handlers/admin/system.ts';
import { listVisitors } from './handlers/admin/visitors.ts';
import { healthHandler } from './handlers/health.ts';
import { iceServersHandler } from './handlers/ice-servers.ts';
import { deleteShare, lookupFiles } from './handlers/owner-files.ts';
import { getPublicPage, listAdminPages, saveAdminPage } from './handlers/pages.ts';
import { reportShare } from './handlers/reports.ts';
import { sendMail } from './handlers/send-mail.ts';
import { settingsHandler } from './handlers/settings.ts';
import { previewShare } from './handlers/share-preview.ts';
import { unlockShare } from './handlers/share-unlock.ts';
import { downloadShare, getShare } from './handlers/shares.ts';
import { sweepHandler } from './handlers/sweep.ts';
import { createTransfer } from './handlers/transfers.ts';
import { abortUpload } from './handlers/uploads/abort.ts';
import { completeUpload } from './handlers/uploads/complete.ts';
import { createUpload } from './handlers/uploads/create.ts';
import { listUploadedParts } from './handlers/uploads/list-parts.ts';
import { presignParts } from './handlers/uploads/sign-parts.ts';

export const ROUTES: readonly Route[] = [
  // The service itself.
  { method: 'GET', path: '/health', handler: healthHandler, auth: 'none' },
  { method: 'GET', path: '/settings', handler: settingsHandler, auth: 'anon' },
  // Its own secret (pg_cron has no anon key to send).
  { method: 'POST', path: '/sweep', handler: sweepHandler, auth: 'none' },

  // Uploading: create, sign parts, list the parts the bucket holds, complete or cancel.
  { method: 'POST', path: '/uploads', handler: createUpload, auth: 'anon' },
  { method: 'POST', path: '/uploads/:fileId/parts', handler: presignParts, auth: 'anon' },
  { method: 'GET', path: '/uploads/:fileId/parts', handler: listUploadedParts, auth: 'anon' },
  { method: 'POST', path: '/uploads/:fileId/complete', handler: completeUpload, auth: 'anon' },
  { method: 'POST', path: '/uploads/:fileId/abort', handler: abortUpload, auth: 'anon' },

  // A transfer: one link for what one visitor sends in one go; files join it at POST /uploads.
  { method: 'POST', path: '/transfers', handler: createTransfer, auth: 'anon' },

  // A share (a file's or a transfer's id): its page, its download, a file's preview, the owner's
  // delete and list, a visitor's report, the mail.
  { method: 'GET', path: '/shares/:shareId', handler: getShare, auth: 'anon' },
  { method: 'POST', path: '/shares/:shareId/download', handler: downloadShare, auth: 'anon' },
  // A file's bytes for the recipient page's preview: not a download (not counted, not logged).
  { method: 'POST', path: '/shares/:shareId/preview', handler: previewShare, auth: 'anon' },
  // A password's proof for an encrypted transfer (or one of its files): gives the key check.
  { method: 'POST', path: '/shares/:shareId/unlock', handler: unlockShare, auth: 'anon' },
  { method: 'DELETE', path: '/shares/:shareId', handler: deleteShare, auth: 'anon' },
  { method: 'POST', path: '/shares/:shareId/report', handler: reportShare, auth: 'anon' },
  { method: 'POST', path: '/files/lookup', handler: lookupFiles, auth: 'anon' },
  { method: 'POST', path: '/send', handler: sendMail, auth: 'anon' },

  // Published page content and the direct transfer's ICE servers.
  { method: 'GET', path: '/pages/:slug', handler: getPublicPage, auth: 'anon' },
  { method: 'GET', path: '/p2p/ice-servers', handler: iceServersHandler, auth: 'anon' },

  // The admin panel. Sign-in is open; every other /admin/ path needs a session (api.ts checks it
  // before matching, so a caller without one learns nothing about which admin paths exist).
  { method: 'POST', path: '/admin/login', handler: adminLoginHandler, auth: 'anon' },
  { method: 'POST', path: '/admin/logout', handler: adminLogoutHandler, auth: 'admin' },
  { method: 'GET', path: '/admin/dashboard', handler: dashboard, auth: 'admin' },
  { method: 'GET', path: '/admin/analytics', handler: analytics, auth: 'admin' },
  { method: 'GET', path: '/admin/uploads', handler: listUploads, auth: 'admin' },
  { method: 'GET', path: '/admin/uploads/summary', handler: uploadsSummary, auth: 'admin' },
  { method: 'GET', path: '/admin/shares/:shareId', handler: fileDetails, auth: 'admin' },
  { method: 'POST', path: '/admin/shares/:shareId/takedown', handler: takeDownShare, auth: 'admin' },
  { method: 'GET', path: '/admin/downloads', handler: listDownloads, auth: 'admin' },
  { method: 'GET', path: '/admin/storage', handler: storageOverview, auth: 'admin' },
  { method: 'GET', path: '/admin/system', handler: systemStatus, auth: 'admin' },
  { method: 'GET', path: '/admin/system/logs', handler: systemLogs, auth: 'admin' },
  { method: 'GET', path: '/admin/visitors', handler: listVisitors, auth: 'admin' },
  { method: 'GET', path: '/admin/reports', handler: listReportsHandler, auth: 'admin' },
  { method: 'POST', path: '/admin/reports/:reportId/dismiss', handler: dismissReport, auth: 'admin' },
  { method: 'GET', path: '/admin/notifications', handler: notifications, auth: 'admin' },
  { method: 'GET', path: '/admin/settings', handler: getSettings, auth: 'admin' },
  { method: 'POST', path: '/admin/settings', handler: updateSettings, auth: 'admin' },
  { method: 'GET', path: '/admin/pages', handler: listAdminPages, auth: 'admin' },
  { method: 'POST', path: '/admin/pages/:slug/:lang', handler: saveAdminPage, auth: 'admin' },
];
