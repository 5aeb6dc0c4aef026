// Public routes beside the share flow: the settings the screens show, published page content,
// and "Report this file". The router in ../api.ts checks the anon key.
import type { Route } from '../api.ts';
import { getPublicPage } from './pages.ts';
import { getPublicSettings } from './public-settings.ts';
import { reportShare } from './reports.ts';

export const publicRoutes: Route[] = [
  { method: 'GET', path: '/settings', handler: getPublicSettings, auth: 'anon' },
  { method: 'GET', path: '/pages/:slug', handler: getPublicPage, auth: 'anon' },
  { method: 'POST', path: '/shares/:shareId/report', handler: reportShare, auth: 'anon' },
];
