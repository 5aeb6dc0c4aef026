import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';
import { FileRow } from '@/components/file-row';
import type { OfferedFile } from '../protocol/messages';

/** The files of an offer (or of a send), one row each: name, size, and what the caller adds. */
export function OfferedFiles({
  files,
  label,
  action,
}: {
  files: readonly OfferedFile[];
  label: string;
  /** Per file: a Save button, a state, a remove button. */
  action?: (index: number, file: OfferedFile) => ReactNode;
}) {
  const { i18n } = useTranslation();
  return (
    <Stack
      component="ul"
      gap={6}
      p={0}
      m={0}
      mah={320}
      aria-label={label}
      style={{ listStyle: 'none', overflowY: 'auto' }}
    >
      {files.map((file, index) => (
        <li key={`${index}:${file.path}`}>
          <FileRow name={file.path} detail={formatBytes(file.size, i18n.language)} action={action?.(index, file)} />
        </li>
      ))}
    </Stack>
  );
}
