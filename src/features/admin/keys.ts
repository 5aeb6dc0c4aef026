import type { AnalyticsPeriod, DownloadsQuery, ReportsQuery, UploadsQuery } from '@domain/admin-api-types';

/** Query keys of the admin feature: one root, so signing out can drop every admin answer at once. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  analytics: (days: AnalyticsPeriod) => [...adminKeys.all, 'analytics', days] as const,
  uploads: () => [...adminKeys.all, 'uploads'] as const,
  uploadsList: (query: UploadsQuery) => [...adminKeys.uploads(), 'list', query] as const,
  uploadsSummary: () => [...adminKeys.uploads(), 'summary'] as const,
  file: (shareId: string) => [...adminKeys.uploads(), 'file', shareId] as const,
  downloads: (query: DownloadsQuery) => [...adminKeys.all, 'downloads', query] as const,
  storage: () => [...adminKeys.all, 'storage'] as const,
  system: () => [...adminKeys.all, 'system'] as const,
  systemLogs: (type: string, page: number) => [...adminKeys.all, 'system', 'logs', type, page] as const,
  visitors: (page: number) => [...adminKeys.all, 'visitors', page] as const,
  reports: () => [...adminKeys.all, 'reports'] as const,
  reportsList: (query: ReportsQuery) => [...adminKeys.reports(), query] as const,
  notifications: () => [...adminKeys.all, 'notifications'] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  pages: () => [...adminKeys.all, 'pages'] as const,
};
