// Public routes beside the share flow: published page content and "Report this file". The router
// in ../api.ts checks the anon key.
import type { Route } from '../api.ts';
import { getPublicPage } from './pages.ts';
import { reportShare } from './reports.ts';

export const publicRoutes: Route[] = [
  { method: 'GET', path: '/pages/:slug', handler: getPublicPage, auth: 'anon' },
  { method: 'POST', path: '/shares/:shareId/report', handler: reportShare, auth: 'anon' },
];
