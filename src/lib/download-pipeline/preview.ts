// What a shared file can be previewed as, and the limits of a preview. A preview never runs the
// file: images go into an <img> (an SVG there runs no script), media into the browser's players,
// a PDF onto a canvas (pdf.js draws its pages as pixels), text into a <pre> as text. Each reads its bytes through the download pipeline (pipeline.ts), so
// a decryption stage applies to previews as it does to downloads.
import { openFile, type PipelineFile, type PipelineOptions } from './pipeline';

export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'text';

/**
 * The first bytes of a text file shown (default 256 KiB: pages of text, read in well under a
 * second on a phone's link); the rest is for the download.
 */
export const TEXT_PREVIEW_MAX_BYTES = 256 * 1024;
/**
 * The largest image previewed (default 25 MiB: a phone camera's photo is 2-12 MiB). An image is
 * decoded whole by the browser anyway; past this it is only downloaded.
 */
export const IMAGE_PREVIEW_MAX_BYTES = 25 * 1024 * 1024;
/**
 * The largest PDF previewed (default 32 MiB: reports and slide decks are a few MiB). pdf.js parses
 * the whole file, which is read into the page first; past this it is only downloaded.
 */
export const PDF_PREVIEW_MAX_BYTES = 32 * 1024 * 1024;
const PDF_TYPE = 'application/pdf';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/svg+xml']);
const TEXT_TYPES = new Set(['application/json', 'application/xml', 'application/x-yaml', 'application/javascript']);
const TEXT_EXTENSIONS =
  /\.(txt|md|csv|tsv|log|json|xml|ya?ml|ini|toml|conf|srt|vtt|[ch]|cpp|py|rs|go|java|[jt]sx?|css|html?|sh)$/i;
const IMAGE_EXTENSIONS: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

/** The image type a file is shown as: its declared one, or its extension's. */
function imageType(type: string, name: string): string | null {
  if (IMAGE_TYPES.has(type)) return type;
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return IMAGE_EXTENSIONS[extension] ?? null;
}

/** A declared type without its parameters, lower-cased ('' when none was declared). */
function essenceOf(type: string): string {
  return type.split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

/** How `file` previews, or null: nothing the page can show safely. */
export function previewKind(file: { type: string; name: string; size: number }): PreviewKind | null {
  const type = essenceOf(file.type);
  if (imageType(type, file.name)) return file.size <= IMAGE_PREVIEW_MAX_BYTES ? 'image' : null;
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type === PDF_TYPE || /\.pdf$/i.test(file.name)) return file.size <= PDF_PREVIEW_MAX_BYTES ? 'pdf' : null;
  if (type.startsWith('text/') || TEXT_TYPES.has(type) || TEXT_EXTENSIONS.test(file.name)) return 'text';
  return null;
}

/**
 * The type a previewed image's or PDF's Blob gets: an image's declared one, or its extension's when
 * the declared one says nothing (an SVG shows in an <img> only when typed as one, and many systems
 * send it as '' or application/octet-stream; an encrypted file's bytes cannot be sniffed by the
 * server, so its name is all there is to go by).
 */
export function previewType(file: { type: string; name: string }, kind: 'image' | 'pdf'): string {
  if (kind === 'pdf') return PDF_TYPE;
  return imageType(essenceOf(file.type), file.name) ?? 'application/octet-stream';
}

/** A previewed file's bytes as a Blob of the type it is shown as (previewType): the bucket serves them as plain bytes. */
export async function previewBlob(
  file: PipelineFile & { type: string },
  kind: 'image' | 'pdf',
  options: PipelineOptions = {},
): Promise<Blob> {
  const bytes = await openFile(file, options);
  const blob = await new Response(bytes).blob();
  return new Blob([blob], { type: previewType(file, kind) });
}
