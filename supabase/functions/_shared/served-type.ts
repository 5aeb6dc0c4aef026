// The Content-Type a stored file is served with. Files come from anyone, and the bucket may share
// the app's origin (the one-machine host serves it under /storage): a type a browser would run
// (`<script src>` takes text/jscript, text/livescript and a dozen more) or render as a page (HTML,
// SVG, XML) must never reach it. A deny-list misses the next such type, so only types known to be
// inert are served as they are, and everything else as plain bytes.

/** Served as plain bytes: the browser neither runs, renders nor sniffs them (with nosniff). */
export const OPAQUE_TYPE = 'application/octet-stream';

/**
 * Types no browser runs or renders as a document: raster images (not SVG, which runs scripts),
 * plain text and CSV, PDF, audio, video, archives and office documents.
 */
const INERT_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/tiff',
  'image/heic',
  'image/heif',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'text/plain',
  'text/csv',
  'application/pdf',
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/ogg',
  'audio/opus',
  'audio/wav',
  'audio/x-wav',
  'audio/webm',
  'audio/flac',
  'video/mp4',
  'video/mpeg',
  'video/ogg',
  'video/webm',
  'video/quicktime',
  'video/x-msvideo',
  'video/x-matroska',
  'application/zip',
  'application/x-zip-compressed',
  'application/gzip',
  'application/x-7z-compressed',
  'application/x-rar-compressed',
  'application/vnd.rar',
  'application/x-tar',
  'application/octet-stream',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/rtf',
]);

/**
 * The uploader's type when it is inert, lower-cased and without parameters (nothing of theirs
 * reaches the header but a known value); anything else, unknown or malformed, as plain bytes.
 */
export function downloadContentType(type: string): string {
  const essence = type.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return INERT_TYPES.has(essence) ? essence : OPAQUE_TYPE;
}
