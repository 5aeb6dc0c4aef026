// Every admin endpoint. The router (../../api.ts) verifies the signed session before any of them
// runs and answers 401 without it; each handler gets the admin's name for the audit log.
import type { Route } from '../../api.ts';
import { listAdminPages, saveAdminPage } from '../pages.ts';
import { analytics, dashboard } from './analytics.ts';
import { listDownloads } from './downloads.ts';
import { fileDetails, listUploads, takeDownShare, uploadsSummary } from './files.ts';
import { notifications } from './notifications.ts';
import { dismissReport, listReportsHandler } from './reports.ts';
import { getSettings, updateSettings } from './settings.ts';
import { storageOverview } from './storage.ts';
import { systemLogs, systemStatus } from './system.ts';
import { listVisitors } from './visitors.ts';

export const adminRoutes: Route[] = [
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
