import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@domain/format-bytes';
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
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" truncate="end" title={file.path}>
                {file.path}
              </Text>
              <Text size="xs" c="dimmed">
                {formatBytes(file.size, i18n.language)}
              </Text>
            </Stack>
            {action?.(index, file)}
          </Group>
        </li>
      ))}
    </Stack>
  );
}
