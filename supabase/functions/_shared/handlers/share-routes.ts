// The share flow's routes (documented in the README's API table; their shapes are in
// domain/api-types.ts). The router in ../api.ts checks the anon key.
import type { Route } from '../api.ts';
import { deleteShare, lookupFiles } from './owner-files.ts';
import { downloadShare, getShare } from './shares.ts';
import { sweepHandler } from './sweep.ts';
import { abortUpload, completeUpload } from './upload-complete.ts';
import { createUpload, listUploadedParts, presignParts } from './uploads.ts';

export const shareRoutes: Route[] = [
  { method: 'POST', path: '/uploads', handler: createUpload, auth: 'anon' },
  { method: 'POST', path: '/uploads/:fileId/parts', handler: presignParts, auth: 'anon' },
  { method: 'GET', path: '/uploads/:fileId/parts', handler: listUploadedParts, auth: 'anon' },
  { method: 'POST', path: '/uploads/:fileId/complete', handler: completeUpload, auth: 'anon' },
  { method: 'POST', path: '/uploads/:fileId/abort', handler: abortUpload, auth: 'anon' },
  { method: 'GET', path: '/shares/:shareId', handler: getShare, auth: 'anon' },
  { method: 'POST', path: '/shares/:shareId/download', handler: downloadShare, auth: 'anon' },
  { method: 'DELETE', path: '/shares/:shareId', handler: deleteShare, auth: 'anon' },
  { method: 'POST', path: '/files/lookup', handler: lookupFiles, auth: 'anon' },
  // Its own secret (pg_cron has no anon key to send).
  { method: 'POST', path: '/sweep', handler: sweepHandler, auth: 'none' },
];
