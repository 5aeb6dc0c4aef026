import { ThemeIcon } from '@mantine/core';
import { IconFile, IconFileText, IconFileZip, IconMusic, IconPhoto, IconVideo } from '@tabler/icons-react';
import { fileKind } from '@domain/file-kind';
import type { FileKind } from '@domain/file-kind';

const ICONS: Record<FileKind, { icon: typeof IconFile; color: string }> = {
  image: { icon: IconPhoto, color: 'grape' },
  video: { icon: IconVideo, color: 'red' },
  audio: { icon: IconMusic, color: 'orange' },
  document: { icon: IconFileText, color: 'blue' },
  archive: { icon: IconFileZip, color: 'yellow' },
  file: { icon: IconFile, color: 'gray' },
};

/** The file's type at a glance (docs/product.md §9: icon by MIME type); decorative, the name says the rest. */
export function FileTypeIcon({ type, size = 40 }: { type: string; size?: number }) {
  const kind = fileKind(type);
  const { icon: Icon, color } = ICONS[kind];
  return (
    <ThemeIcon size={size} radius="md" variant="light" color={color} aria-hidden data-kind={kind}>
      <Icon size={Math.round(size * 0.55)} stroke={1.6} />
    </ThemeIcon>
  );
}
