// Which icon a file gets, from its MIME type (docs/product.md §9).
export type FileKind = 'image' | 'video' | 'audio' | 'document' | 'archive' | 'file';

export function fileKind(mime: string | null | undefined): FileKind {
  const type = (mime ?? '').toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type.includes('pdf') || type.includes('text') || type.includes('document')) return 'document';
  if (type.includes('zip') || type.includes('archive') || type.includes('compressed')) return 'archive';
  return 'file';
}
